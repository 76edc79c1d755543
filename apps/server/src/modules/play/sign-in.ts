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
import type { BackgroundJobs } from '../../lib/background-jobs.js';
import { clearSignInAttempts, takeSignInAttempt, verifyNoPassword, verifyPassword } from '../auth/index.js';
import type { PlayMailer } from './play-mailer.js';
import {
  findCampaignBrandByUid,
  insertSignInCode,
  isJoinableConsumerCampaign,
  listAccountsOfEmail,
  listPasswordUsers,
  refundSignInCodeAttempt,
  takeSignInCodeAttempt,
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

/** The background job that makes and mails a one-time code (decision 0013: mail leaves from the job queue). */
export const SIGN_IN_CODE_JOB = 'play-sign-in-code';
type SignInCodeJob = Pick<TPlayRequestCodeBody, 'email' | 'join'>;

/**
 * Queues the code's mail and answers: the same work, the same answer and about the same time whether the email is
 * known or not (no account probing; whether to mail at all is decided in the job). At most a few codes per email in
 * a row (decision 0016), for known and unknown emails alike, so no one can make Rally mail any address at will.
 */
export async function requestSignInCode(db: Db, jobs: BackgroundJobs, body: TPlayRequestCodeBody): Promise<void> {
  await takeSignInAttempt(db, 'play-code', body.email);
  await jobs.send<SignInCodeJob>(SIGN_IN_CODE_JOB, { email: body.email, ...(body.join ? { join: body.join } : {}) });
}

/**
 * The job: mails a code when the email belongs to a participant, or when a consumer joins through an active
 * consumer campaign in their country; nothing otherwise. A retry makes a new code (the latest one counts).
 */
export async function mailSignInCode(db: Db, mailer: PlayMailer, data: SignInCodeJob): Promise<void> {
  const known = await participantByEmail(db, data.email);
  let join: TPlayRequestCodeBody['join'] | null = null;
  if (!known) {
    if (!data.join) return;
    if (!(await isJoinableConsumerCampaign(db, data.join.campaignUid, data.join.countryCode))) return;
    join = data.join;
  }
  await issueSignInCode(db, mailer, data.email, join);
}

/** Makes a new one-time code for the email (the latest one counts) and mails it; also the store join door's. */
export async function issueSignInCode(db: Db, mailer: PlayMailer, email: string, join: TPlayRequestCodeBody['join'] | null = null): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await insertSignInCode(db, { email, codeHash: hashCode(email, code), join: join ?? null, ttlSeconds: PLAY_CODE_TTL_SECONDS });
  await mailer.sendSignInCode(email, code);
}

/** Registers the code-mail job (in the play routes plugin, before the app is ready). */
export function registerSignInJobs(jobs: BackgroundJobs, db: Db, mailer: PlayMailer): void {
  jobs.register<SignInCodeJob>(SIGN_IN_CODE_JOB, (data) => mailSignInCode(db, mailer, data));
}

/**
 * The latest unused code of the email if `code` is it. Each check spends one of its tries first, atomically, so
 * parallel guesses compare at most PLAY_CODE_MAX_ATTEMPTS against a code; none is left: refused like a wrong code.
 */
export async function checkCode(db: Db, email: string, code: string) {
  const row = await takeSignInCodeAttempt(db, email, PLAY_CODE_MAX_ATTEMPTS);
  if (!row) throw wrong('code', 'this code is wrong or expired; ask for a new one');
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(hashCode(email, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw wrong('code', 'this code is wrong or expired; ask for a new one');
  return row;
}

/**
 * Store users of the email whose password this is. Counted per email before any check (decision 0016: 429 with
 * Retry-After once its back-off starts) — or, with `device` (this browser's known-device proof for the email), on
 * that device's own key; an email without a password user still costs one argon2 verification, so known and
 * unknown emails answer alike and in the same time. A right password forgets the failures where it was counted.
 */
async function passwordAccounts(db: Db, email: string, password: string, device: string | null): Promise<TPlayAccount[]> {
  await takeSignInAttempt(db, 'play-password', email, device);
  const candidates = await listPasswordUsers(db, email);
  if (candidates.length === 0) await verifyNoPassword(password);
  const ok = new Set<number>();
  for (const u of candidates) if (await verifyPassword({ hash: u.password_hash, password })) ok.add(Number(u.id));
  if (ok.size > 0) await clearSignInAttempts(db, 'play-password', email, device);
  return (await listAccountsOfEmail(db, email)).filter((a) => a.kind === 'store_user' && ok.has(a.id));
}

/** The accounts a code (left unused) or a password opens, for the participant to choose one (R63); `device` as below. */
export async function listSignInAccounts(db: Db, body: TPlayAccountsBody, device: string | null = null): Promise<TPlayAccount[]> {
  if ((body.code === undefined) === (body.password === undefined))
    throw invalid([{ path: body.code === undefined ? 'code' : 'password', message: 'send the code or the password' }]);
  if (body.password !== undefined) {
    const accounts = await passwordAccounts(db, body.email, body.password, device);
    if (accounts.length === 0) throw wrong('password', 'wrong email or password');
    return orderAccounts(accounts);
  }
  const row = await checkCode(db, body.email, body.code!);
  // The code stays unused for the sign-in that follows: the right guess does not spend one of its tries.
  await refundSignInCodeAttempt(db, row.id);
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
      // A consumer the brand deactivated does not join again by signing in.
      if (id !== null) who = { kind: 'consumer', id, brandName: '', storeName: null };
    }
  }
  if (!who) throw wrong('code', 'this code is wrong or expired; ask for a new one');
  await clearSignInAttempts(db, 'play-code', body.email);
  const actor = (await loadParticipant(db, who.kind, who.id))!;
  return { token: await createPlaySession(db, actor), actor };
}

/**
 * Password sign-in: store users with a password (the demo ones: demo1234), as the chosen account of those it opens.
 * `device`: the request's valid known-device proof for the email (auth's KnownDevices), whose attempts are counted
 * apart from the account's, so others' guesses do not lock this browser out.
 */
export async function passwordSignIn(db: Db, body: TPlayPasswordSignInBody, device: string | null = null): Promise<{ token: string; actor: PlayActor }> {
  const accounts = await passwordAccounts(db, body.email, body.password, device);
  if (accounts.length === 0) throw wrong('password', 'wrong email or password');
  const who = chooseAccount(accounts, body.account);
  if (!who) throw badChoice();
  const actor = (await loadParticipant(db, 'store_user', who.id))!;
  return { token: await createPlaySession(db, actor), actor };
}
