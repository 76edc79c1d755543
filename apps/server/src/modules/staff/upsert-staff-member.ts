import { storedStaffRole, type TStaffInviteBody, type TStaffMember } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { recordActivity, userActor } from '../activity/index.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { toStaffMember } from './staff.mapper.js';
import { findStaffByEmail, findStoreOfBrand, insertStaffMember, recountStoreUsers, updateStaffMember } from './staff.repository.js';

export interface UpsertStaffMemberOptions {
  db: Db;
  actor: RequestActor;
  person: { storeId: number; email: string; name: string; role: 'staff' | 'manager'; locale?: TStaffInviteBody['locale'] };
}

/**
 * A brand's system (the public API, issue 31) says who works where: the person with this address (any case) is
 * created active at the store, or updated — name, store, role, language — and made active again if they were
 * deactivated. No invitation mail: the brand's own systems tell their staff. A pending or refused join request is
 * the dashboard's to decide (409).
 */
export async function upsertStaffMember({ db, actor, person }: UpsertStaffMemberOptions): Promise<{ member: TStaffMember; created: boolean }> {
  requirePermission(actor, 'staff:manage');
  return db.transaction(async (tx) => {
    const store = await findStoreOfBrand(tx, actor.brandId, person.storeId);
    if (!store) throw notFound('Store');
    const role = storedStaffRole(person.role);
    const found = await findStaffByEmail(tx, actor.brandId, person.email);
    if (!found) {
      const row = await insertStaffMember(tx, { brandId: actor.brandId, storeId: store.id, name: person.name, email: person.email, role, locale: person.locale ?? null });
      if (!row) throw conflict('This address was just added by another request; send it again', undefined, [{ path: 'email', message: 'added meanwhile' }]);
      await recountStoreUsers(tx, [store.id]);
      await recordActivity(tx, { brandId: actor.brandId, actor: userActor(actor), action: 'staff.created', subject: { type: 'store_user', id: row.id, label: person.email } });
      return { member: toStaffMember(row), created: true };
    }
    if (found.status === 'pending' || found.status === 'rejected') {
      throw conflict('This person asked to join and waits for the brand’s decision in the dashboard', undefined, [{ path: 'email', message: `the person is ${found.status}` }]);
    }
    const next = { name: person.name, storeId: store.id, role, locale: person.locale ?? found.locale, status: 'active' as const };
    const changes = (['name', 'storeId', 'role', 'locale', 'status'] as const)
      .filter((field) => found[field] !== next[field])
      .map((field) => ({ field, old: found[field], new: next[field] }));
    if (changes.length === 0) return { member: toStaffMember(found), created: false };
    const row = await updateStaffMember(tx, actor.brandId, found.id, next);
    await recountStoreUsers(tx, [...new Set([found.storeId, store.id])]);
    await recordActivity(tx, { brandId: actor.brandId, actor: userActor(actor), action: 'staff.updated', subject: { type: 'store_user', id: found.id, label: person.email }, changes });
    return { member: toStaffMember(row), created: false };
  });
}
