import type { TManagedStore, TStoreStatus } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { toManagedStore } from './store.mapper.js';
import { findStore, insertStoreActivity, updateStoreStatus } from './store.repository.js';

export interface ChangeStoreStatusOptions {
  db: Db;
  actor: RequestActor;
  storeBrandId: number;
  status: TStoreStatus;
}

/**
 * Approves, rejects, deactivates or reopens one of the brand's stores. The store revision moves
 * with the update (database trigger), so approved lists, group totals and reach figures show
 * the change on the next call.
 */
export async function changeStoreStatus({
  db,
  actor,
  storeBrandId,
  status,
}: ChangeStoreStatusOptions): Promise<TManagedStore> {
  return db.transaction(async (tx) => {
    const before = await findStore(tx, actor.brandId, storeBrandId, true);
    if (!before) throw notFound('Store');
    const row = await updateStoreStatus(tx, actor.brandId, storeBrandId, status);
    if (!row) throw notFound('Store');
    // Every change is in the store's activity log (product rule R92); setting the same status again is not a change.
    if (before.status !== status) {
      await insertStoreActivity(tx, {
        brandId: actor.brandId,
        storeId: row.id,
        userId: actor.userId,
        actorName: actor.userName,
        action: 'status-changed',
        changes: [{ field: 'status', old: before.status, new: status }],
      });
    }
    return toManagedStore(row);
  });
}
