import { ERROR_CODES, type TStoreJoinState } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { createPlaySession, loadParticipant, type PlayActor } from '../play/index.js';
import { hashJoinToken } from './join-store.js';
import { findJoinStateByToken, spendJoinToken } from './store-join.repository.js';

const noRequest = () => notFound('Join request');

/** Where the newcomer of this browser (its join cookie) stands: pending, in, refused or deactivated. */
export async function getJoinState(db: Db, joinToken: string | undefined): Promise<TStoreJoinState> {
  if (!joinToken || joinToken.length > 100) throw noRequest();
  const row = await findJoinStateByToken(db, hashJoinToken(joinToken));
  if (!row) throw noRequest();
  return { status: row.status, name: row.name, storeName: row.store_name, brandName: row.brand_name };
}

/**
 * An approved newcomer enters /play from the waiting page: the join cookie opens one /play session (it proved the
 * email when the request was made) and is spent.
 */
export async function enterAfterApproval(db: Db, joinToken: string | undefined): Promise<{ token: string; actor: PlayActor }> {
  if (!joinToken || joinToken.length > 100) throw noRequest();
  const hash = hashJoinToken(joinToken);
  const row = await findJoinStateByToken(db, hash);
  if (!row) throw noRequest();
  if (row.status !== 'active') throw conflict('This request is not approved', ERROR_CODES.conflict, [{ path: 'status', message: `the request is ${row.status}` }]);
  if (!(await spendJoinToken(db, hash, row.store_user_id))) throw noRequest();
  const actor = (await loadParticipant(db, 'store_user', row.store_user_id))!;
  return { token: await createPlaySession(db, actor), actor };
}
