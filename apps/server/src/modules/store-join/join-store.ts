import { createHash, randomBytes } from 'node:crypto';
import { ERROR_CODES, type TStoreJoinRequestCodeBody, type TStoreJoinState, type TStoreJoinVerifyBody } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { BackgroundJobs } from '../../lib/background-jobs.js';
import { takeSignInAttempt, takeThrottledAttempt, throttleKey, type ThrottlePolicy } from '../auth/index.js';
import { checkSignInCode, createPlaySession, issueSignInCode, loadParticipant, useSignInCode, type PlayActor, type PlayMailer } from '../play/index.js';
import {
  addActiveUsers,
  findJoinableStore,
  findOrInsertStaff,
  readAutoApprove,
  requeueStaff,
  storeAndBrandNames,
  upsertJoinRequest,
} from './store-join.repository.js';

/**
 * The join door's own counts (decision 0025), in the sign-in throttle's table with its one atomic statement per
 * attempt: per address (IP) and per store code, counted for codes that name no store just as for real ones, so a
 * 429 says nothing about which codes exist. The email's own count is the play sign-in code's (3 mails in a row).
 */
export const JOIN_PER_IP: ThrottlePolicy = { free: 20, baseSeconds: 60, capSeconds: 3_600, forgetAfterSeconds: 86_400 };
export const JOIN_PER_CODE: ThrottlePolicy = { free: 30, baseSeconds: 60, capSeconds: 3_600, forgetAfterSeconds: 86_400 };

async function countJoinAttempt(db: Db, storeCode: string, ip: string): Promise<void> {
  await takeThrottledAttempt(db, throttleKey('store-join:ip', ip), JOIN_PER_IP, { what: 'this address (IP)' });
  await takeThrottledAttempt(db, throttleKey('store-join:code', storeCode), JOIN_PER_CODE, { path: 'storeCode', what: 'this join link' });
}

export const STORE_JOIN_CODE_JOB = 'store-join-code';
type JoinCodeJob = { email: string; storeCode: string };

/**
 * Mails a one-time code to sign up with a store's join code: the same answer, from the same work, whether the code
 * names a store or not (the job decides whether to mail, after the answer).
 */
export async function requestJoinCode(db: Db, jobs: BackgroundJobs, body: TStoreJoinRequestCodeBody, ip: string): Promise<void> {
  await countJoinAttempt(db, body.storeCode, ip);
  await takeSignInAttempt(db, 'play-code', body.email);
  await jobs.send<JoinCodeJob>(STORE_JOIN_CODE_JOB, { email: body.email, storeCode: body.storeCode });
}

export function registerJoinJobs(jobs: BackgroundJobs, db: Db, mailer: PlayMailer): void {
  jobs.register<JoinCodeJob>(STORE_JOIN_CODE_JOB, async (data) => {
    if (await findJoinableStore(db, data.storeCode)) await issueSignInCode(db, mailer, data.email);
  });
}

const wrongCode = () => {
  const message = 'this code is wrong or expired; ask for a new one';
  return new AppError(401, ERROR_CODES.unauthenticated, message, [{ path: 'code', message }]);
};

export const hashJoinToken = (token: string) => createHash('sha256').update(`store-join:${token}`).digest('base64url');

export type JoinOutcome =
  | { kind: 'session'; token: string; actor: PlayActor; state: TStoreJoinState }
  | { kind: 'waiting'; joinToken: string; state: TStoreJoinState };

/**
 * Signs a newcomer up with a store's join code, the mailed code proving the email: a new person of the store's brand
 * waits as pending (or is in at once when the brand approves automatically); a pending or refused one asks again,
 * at this store; an active one just signs in, where they are; a deactivated one stays so. A code that names no
 * store answers like a wrong mailed code, and the mailed code is spent either way, so each guess at a store code
 * costs a new mail.
 */
export async function verifyJoin(db: Db, body: TStoreJoinVerifyBody, ip: string): Promise<JoinOutcome> {
  await countJoinAttempt(db, body.storeCode, ip);
  const codeRow = await checkSignInCode(db, body.email, body.code);
  if (!(await useSignInCode(db, codeRow.id))) throw wrongCode();
  const store = await findJoinableStore(db, body.storeCode);
  if (!store) throw wrongCode();
  const joinToken = randomBytes(32).toString('base64url');
  const joined = await db.transaction(async (tx) => {
    const auto = await readAutoApprove(tx, store.brand_id);
    const wanted = auto ? ('active' as const) : ('pending' as const);
    const { row, inserted } = await findOrInsertStaff(tx, { brandId: store.brand_id, storeId: store.store_id, email: body.email, name: body.name, status: wanted });
    let status = row.status;
    if (inserted || status === 'pending' || status === 'rejected') {
      if (!inserted) await requeueStaff(tx, row.id, store.store_id, body.name, wanted);
      if (wanted === 'active') await addActiveUsers(tx, store.store_id, 1);
      status = wanted;
      await upsertJoinRequest(tx, { storeUserId: row.id, brandId: store.brand_id, storeId: store.store_id, tokenHash: hashJoinToken(joinToken), autoApproved: auto });
    } else if (status === 'inactive') {
      // Deactivated by the brand: the waiting page tells them so; only the brand reactivates.
      await upsertJoinRequest(tx, { storeUserId: row.id, brandId: store.brand_id, storeId: row.store_id, tokenHash: hashJoinToken(joinToken), autoApproved: false });
    }
    return { id: row.id, status };
  });
  const names = (await storeAndBrandNames(db, joined.id))!;
  const state: TStoreJoinState = { status: joined.status, name: names.name, storeName: names.store_name, brandName: names.brand_name };
  if (joined.status === 'active') {
    const actor = (await loadParticipant(db, 'store_user', joined.id))!;
    return { kind: 'session', token: await createPlaySession(db, actor), actor, state };
  }
  return { kind: 'waiting', joinToken, state };
}
