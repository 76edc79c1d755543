import type { TManagedStore, TStoreStatus } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { toManagedStore } from './store.mapper.js';
import { updateStoreStatus } from './store.repository.js';

export interface ChangeStoreStatusOptions {
  db: DbOrTx;
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
  requirePermission(actor, 'store:update');
  const row = await updateStoreStatus(db, actor.brandId, storeBrandId, status);
  if (!row) throw notFound('Store');
  return toManagedStore(row);
}
