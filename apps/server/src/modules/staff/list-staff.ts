import type { TStaffList } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { toStaffMember } from './staff.mapper.js';
import { findStoreOfBrand, listStaffOfStore } from './staff.repository.js';

/** A store's list is at most this long; a bigger staff is exported, not scrolled. */
export const STAFF_LIST_LIMIT = 2000;

/** A store's staff, active first, then by name. */
export async function listStaff({ db, actor, storeId }: { db: Db; actor: RequestActor; storeId: number }): Promise<TStaffList> {
  requirePermission(actor, 'store:read');
  const store = await findStoreOfBrand(db, actor.brandId, storeId);
  if (!store) throw notFound('Store');
  const rows = await listStaffOfStore(db, actor.brandId, storeId, STAFF_LIST_LIMIT);
  return { store, staff: rows.map(toStaffMember) };
}
