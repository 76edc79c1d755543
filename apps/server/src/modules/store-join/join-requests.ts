import { ERROR_CODES, type TStoreJoinDecisionBody, type TStoreJoinRequestItem, type TStoreJoinRequestList, type TStoreJoinSettings } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { recordActivity, userActor } from '../activity/index.js';
import {
  addActiveUsers,
  decidePending,
  findJoinRequest,
  listJoinRequests as listRows,
  markDecided,
  readAutoApprove,
  staffStatusOf,
  writeAutoApprove,
  type JoinRequestRow,
} from './store-join.repository.js';

const epoch = (d: string | Date) => Math.floor(new Date(d).getTime() / 1000);

const toItem = (r: JoinRequestRow): TStoreJoinRequestItem => ({
  storeUserId: r.store_user_id,
  name: r.name,
  email: r.email ?? '',
  storeId: r.store_id,
  storeName: r.store_name,
  status: r.status,
  requestedAt: epoch(r.requested_at),
  decidedAt: r.decided_at === null ? null : epoch(r.decided_at),
  autoApproved: r.auto_approved,
});

/** The brand's people who joined with a store's code: those waiting (oldest first), or those decided. */
export async function listJoinRequests(db: Db, brandId: string, which: 'pending' | 'decided'): Promise<TStoreJoinRequestList> {
  return { items: (await listRows(db, brandId, which)).map(toItem) };
}

/**
 * Approves (active: signs in to /play, counts in the store's head count, reached by its campaigns) or refuses a
 * person waiting to join one of the brand's stores. Once: a second decision is a 409.
 */
export async function decideJoinRequest(db: Db, actor: RequestActor, storeUserId: number, body: TStoreJoinDecisionBody): Promise<TStoreJoinRequestItem> {
  return db.transaction(async (tx) => {
    const status = body.decision === 'approve' ? ('active' as const) : ('rejected' as const);
    const decided = await decidePending(tx, actor.brandId, storeUserId, status);
    if (!decided) {
      const now = await staffStatusOf(tx, actor.brandId, storeUserId);
      if (now === undefined) throw notFound('Join request');
      throw conflict('This person is not waiting for a decision', ERROR_CODES.conflict, [{ path: 'storeUserId', message: `already ${now}` }]);
    }
    if (status === 'active') await addActiveUsers(tx, decided.store_id, 1);
    await markDecided(tx, storeUserId, actor.userId);
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: status === 'active' ? 'staff.join_approved' : 'staff.join_refused',
      subject: { type: 'store_user', id: storeUserId, label: decided.name },
    });
    return toItem((await findJoinRequest(tx, actor.brandId, storeUserId))!);
  });
}

export async function getJoinSettings(db: Db, brandId: string): Promise<TStoreJoinSettings> {
  return { autoApprove: await readAutoApprove(db, brandId) };
}

/** Turns auto-approve on or off for the brand's stores: people who join later are in at once (or wait). */
export async function setJoinSettings(db: Db, actor: RequestActor, body: TStoreJoinSettings): Promise<TStoreJoinSettings> {
  return db.transaction(async (tx) => {
    const old = await writeAutoApprove(tx, actor.brandId, body.autoApprove);
    if (old !== body.autoApprove)
      await recordActivity(tx, {
        brandId: actor.brandId,
        actor: userActor(actor),
        action: 'brand.join_auto_approve_changed',
        changes: [{ field: 'autoApprove', old, new: body.autoApprove }],
      });
    return { autoApprove: body.autoApprove };
  });
}
