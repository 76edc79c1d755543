import { formatStoreAddress, type TRetailerFields, type TStoreActivity, type TStoreDetail, type TStoreUser } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { toManagedStore } from './store.mapper.js';
import {
  activityOfStore,
  deleteStoreUser,
  findStore,
  insertStoreActivity,
  updateStoreFields,
  usersOfStore,
  type StoreActivityChange,
  type StoreRow,
} from './store.repository.js';

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

export function toStoreDetailStore(row: StoreRow): TStoreDetail['store'] {
  return { ...toManagedStore(row), street: row.street, city: row.city, region: row.region, postalCode: row.postalCode };
}

/** The store page: the store with its address parts, its users and its activity, newest first. */
export async function getStoreDetail({ db, actor, storeId }: { db: Db; actor: RequestActor; storeId: number }): Promise<TStoreDetail> {
  const store = await findStore(db, actor.brandId, storeId);
  if (!store) throw notFound('Store');
  const [users, activity] = await Promise.all([usersOfStore(db, actor.brandId, storeId), activityOfStore(db, actor.brandId, storeId)]);
  return {
    store: toStoreDetailStore(store),
    users: users.map((u): TStoreUser => ({ id: u.id, name: u.name, email: u.email, role: u.role, createdAt: epoch(u.createdAt) })),
    activity: activity.map(
      (a): TStoreActivity => ({ id: a.id, action: a.action, actorName: a.actorName, changes: a.changes, createdAt: epoch(a.createdAt) }),
    ),
  };
}

/** Removes a user from one of the brand's stores (the user's completions stay, without the user). Logged. */
export async function removeStoreUser({ db, actor, storeId, userId }: { db: Db; actor: RequestActor; storeId: number; userId: number }) {
  return db.transaction(async (tx) => {
    const store = await findStore(tx, actor.brandId, storeId, true);
    if (!store) throw notFound('Store');
    const removed = await deleteStoreUser(tx, actor.brandId, storeId, userId);
    if (!removed) throw notFound('Store user');
    await insertStoreActivity(tx, {
      brandId: actor.brandId,
      storeId,
      userId: actor.userId,
      actorName: actor.userName,
      action: 'user-removed',
      changes: [{ field: 'user', old: `${removed.name}${removed.email ? ` <${removed.email}>` : ''}`, new: null }],
    });
    return { ok: true as const };
  });
}

const COLUMN: Record<keyof TRetailerFields, keyof StoreRow> = {
  storeName: 'name',
  street: 'street',
  city: 'city',
  region: 'region',
  postalCode: 'postalCode',
  countryCode: 'countryCode',
  refId: 'refId',
  externalStoreId: 'externalStoreId',
};

/**
 * Applies retailer-side fields to a store (product rule R92): only the fields given change, the formatted
 * address is rebuilt from its parts, and each changed field is logged old → new. Nothing changed, nothing logged.
 */
export async function updateRetailerFields({
  db,
  actor,
  storeId,
  fields,
  action = 'retailer-updated',
}: {
  db: Db;
  actor: RequestActor;
  storeId: number;
  fields: TRetailerFields;
  action?: string;
}) {
  return db.transaction(async (tx) => {
    const store = await findStore(tx, actor.brandId, storeId, true);
    if (!store) throw notFound('Store');
    const values: Record<string, unknown> = {};
    const changes: StoreActivityChange[] = [];
    for (const [field, value] of Object.entries(fields) as [keyof TRetailerFields, string | null | undefined][]) {
      if (value === undefined) continue;
      const column = COLUMN[field];
      const next = typeof value === 'string' ? value.trim() : value;
      if (field === 'storeName' && next === '') throw invalid([{ path: 'fields.storeName', message: 'required' }]);
      if (store[column] !== next) {
        values[column] = next;
        changes.push({ field, old: store[column], new: next });
      }
    }
    if (changes.length === 0) return toStoreDetailStore(store);
    const merged = { ...store, ...values } as StoreRow;
    if (changes.some((c) => ['street', 'city', 'region', 'postalCode', 'countryCode'].includes(c.field))) {
      values.formattedAddress = formatStoreAddress(merged);
    }
    const row = await updateStoreFields(tx, actor.brandId, storeId, values);
    await insertStoreActivity(tx, { brandId: actor.brandId, storeId, userId: actor.userId, actorName: actor.userName, action, changes });
    return toStoreDetailStore(row!);
  });
}
