import type { TStaffMember } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { recordActivity, userActor } from '../activity/index.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { toStaffMember } from './staff.mapper.js';
import { deletePlaySessionsOf, findStaffMember, findStoreOfBrand, recountStoreUsers, updateStaffMember } from './staff.repository.js';

interface ChangeOptions {
  db: Db;
  actor: RequestActor;
  id: number;
}

/**
 * Deactivates a person: they no longer sign in to /play (their sessions end now), count in their store's head count
 * or are reached by campaigns. What they completed stays, with the store it was made at.
 */
export async function deactivateStaff({ db, actor, id }: ChangeOptions): Promise<TStaffMember> {
  requirePermission(actor, 'staff:manage');
  return db.transaction(async (tx) => {
    const found = await findStaffMember(tx, actor.brandId, id, true);
    if (!found) throw notFound('Staff member');
    if (found.status === 'inactive') return toStaffMember(found);
    const row = await updateStaffMember(tx, actor.brandId, id, { status: 'inactive' });
    await deletePlaySessionsOf(tx, id);
    await recountStoreUsers(tx, [found.storeId]);
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'staff.deactivated',
      subject: { type: 'store_user', id, label: found.email ?? found.name },
      changes: [{ field: 'status', old: found.status, new: 'inactive' }],
    });
    return toStaffMember(row);
  });
}

/** Makes a deactivated person active again. A pending or refused join request is approved elsewhere (409 here). */
export async function reactivateStaff({ db, actor, id }: ChangeOptions): Promise<TStaffMember> {
  requirePermission(actor, 'staff:manage');
  return db.transaction(async (tx) => {
    const found = await findStaffMember(tx, actor.brandId, id, true);
    if (!found) throw notFound('Staff member');
    if (found.status === 'active') return toStaffMember(found);
    if (found.status !== 'inactive') {
      throw conflict('Only a deactivated person is reactivated; a join request is approved or refused', undefined, [
        { path: 'id', message: `the person is ${found.status}` },
      ]);
    }
    const row = await updateStaffMember(tx, actor.brandId, id, { status: 'active' });
    await recountStoreUsers(tx, [found.storeId]);
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'staff.reactivated',
      subject: { type: 'store_user', id, label: found.email ?? found.name },
      changes: [{ field: 'status', old: 'inactive', new: 'active' }],
    });
    return toStaffMember(row);
  });
}

/**
 * Moves a person to another store of the brand. Their completions keep the store they were made at (each completion
 * carries its own store_id, written by the engine at submission); what they complete from now on is the new store's.
 */
export async function moveStaff({ db, actor, id, storeId }: ChangeOptions & { storeId: number }): Promise<TStaffMember> {
  requirePermission(actor, 'staff:manage');
  return db.transaction(async (tx) => {
    const found = await findStaffMember(tx, actor.brandId, id, true);
    if (!found) throw notFound('Staff member');
    const target = await findStoreOfBrand(tx, actor.brandId, storeId);
    if (!target) throw notFound('Store');
    if (found.storeId === target.id) return toStaffMember(found);
    const from = await findStoreOfBrand(tx, actor.brandId, found.storeId);
    const row = await updateStaffMember(tx, actor.brandId, id, { storeId: target.id });
    await recountStoreUsers(tx, [found.storeId, target.id]);
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'staff.moved',
      subject: { type: 'store_user', id, label: found.email ?? found.name },
      changes: [{ field: 'store', old: from?.name ?? null, new: target.name }],
    });
    return toStaffMember(row);
  });
}
