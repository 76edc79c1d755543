import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ERROR_CODES,
  PLAY_CODE_MAX_ATTEMPTS,
  PLAY_CODE_TTL_SECONDS,
  chooseAccount,
  orderAccounts,
  type TPlayAccount,
  type TPlayAccountChoice,
  type TPlayAccountsBody,
  type TPlayPasswordSignInBody,
  type TPlayRequestCodeBody,
  type TPlayVerifyCodeBody,
} from '@rally/domain';
import type { Db } from '../../db/client.js';
import { AppError, invalid } from '../../lib/app-error.js';
import { verifyPassword } from '../auth/index.js';
import type { PlayMailer } from './play-mailer.js';
import {
  countSignInAttempt,
  findCampaignBrandByUid,
  findLatestSignInCode,
  insertSignInCode,
  isJoinableConsumerCampaign,
  listAccountsOfEmail,
  listPasswordUsers,
  upsertConsumer,
  useSignInCode,
} from './play.repository.js';
import { createPlaySession, loadParticipant, type PlayActor } from './play-session.js';

const hashCode = (email: string, code: string) => createHash('sha256').update(`${email}:${code}`).digest('base64url');
const wrong = (path: string, message: string) => new AppError(401, ERROR_CODES.unauthenticated, message, [{ path, message }]);

/** The participant an email signs in as (R63): the chosen account, else the first; null when none or not one of its own. */
async function participantByEmail(db: Db, email: string, choice?: TPlayAccountChoice): Promise<TPlayAccount | null> {
  return chooseAccount(await listAccountsOfEmail(db, email), choice);
}

const badChoice = () => invalid([{ path: 'account', message: 'not an account of this email' }]);

/**
 * Mails a one-time code when the email belongs to a participant, or when a consumer joins through an
 * active consumer campaign in their country. The answer is the same either way (no account probing).
 */
export async function requestSignInCode(db: Db, mailer: PlayMailer, body: TPlayRequestCodeBody): Promise<void> {
  const known = await participantByEmail(db, body.email);
  let join: TPlayRequestCodeBody['join'] | null = null;
  if (!known) {
    if (!body.join) return;
    if (!(await isJoinableConsumerCampaign(db, body.join.campaignUid, body.join.countryCode))) return;
    join = body.join;
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await insertSignInCode(db, { email: body.email, codeHash: hashCode(body.email, code), join, ttlSeconds: PLAY_CODE_TTL_SECONDS });
  await mailer.sendSignInCode(body.email, code);
}

/** The latest unused code of the email if `code` is it; a wrong code uses one of its tries. */
async function checkCode(db: Db, email: string, code: string) {
  const row = await findLatestSignInCode(db, email);
  if (!row || row.attempts >= PLAY_CODE_MAX_ATTEMPTS) throw wrong('code', 'this code is wrong or expired; ask for a new one');
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(hashCode(email, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await countSignInAttempt(db, row.id);
    throw wrong('code', 'this code is wrong or expired; ask for a new one');
  }
  return row;
}

/** Store users of the email whose password this is. */
async function passwordAccounts(db: Db, email: string, password: string): Promise<TPlayAccount[]> {
  const candidates = await listPasswordUsers(db, email);
  const ok = new Set<number>();
  for (const u of candidates) if (await verifyPassword({ hash: u.password_hash, password })) ok.add(Number(u.id));
  return (await listAccountsOfEmail(db, email)).filter((a) => a.kind === 'store_user' && ok.has(a.id));
}

/** The accounts a code (left unused) or a password opens, for the participant to choose one (R63). */
export async function listSignInAccounts(db: Db, body: TPlayAccountsBody): Promise<TPlayAccount[]> {
  if ((body.code === undefined) === (body.password === undefined))
    throw invalid([{ path: body.code === undefined ? 'code' : 'password', message: 'send the code or the password' }]);
  if (body.password !== undefined) {
    const accounts = await passwordAccounts(db, body.email, body.password);
    if (accounts.length === 0) throw wrong('password', 'wrong email or password');
    return orderAccounts(accounts);
  }
  await checkCode(db, body.email, body.code!);
  return orderAccounts(await listAccountsOfEmail(db, body.email));
}

/** Checks the latest unused code of the email (limited tries) and opens a session as the chosen account. */
export async function verifySignInCode(db: Db, body: TPlayVerifyCodeBody): Promise<{ token: string; actor: PlayActor }> {
  const row = await checkCode(db, body.email, body.code);
  let who = await participantByEmail(db, body.email, body.account);
  if (!who && body.account) throw badChoice();
  // Used once: a conditional update, so two verifications of one code open one session.
  if (!(await useSignInCode(db, row.id))) throw wrong('code', 'this code is wrong or expired; ask for a new one');
  if (!who && row.join) {
    const j = typeof row.join === 'string' ? (JSON.parse(row.join) as typeof row.join) : row.join;
    const brandId = await findCampaignBrandByUid(db, j!.campaignUid);
    if (brandId) {
      const id = await upsertConsumer(db, { brandId, email: body.email, name: j!.name, countryCode: j!.countryCode });
      who = { kind: 'consumer', id, brandName: '', storeName: null };
    }
  }
  if (!who) throw wrong('code', 'this code is wrong or expired; ask for a new one');
  const actor = (await loadParticipant(db, who.kind, who.id))!;
  return { token: await createPlaySession(db, actor), actor };
}

/** Password sign-in: store users with a password (the demo ones: demo1234), as the chosen account of those it opens. */
export async function passwordSignIn(db: Db, body: TPlayPasswordSignInBody): Promise<{ token: string; actor: PlayActor }> {
  const accounts = await passwordAccounts(db, body.email, body.password);
  if (accounts.length === 0) throw wrong('password', 'wrong email or password');
  const who = chooseAccount(accounts, body.account);
  if (!who) throw badChoice();
  const actor = (await loadParticipant(db, 'store_user', who.id))!;
  return { token: await createPlaySession(db, actor), actor };
}
