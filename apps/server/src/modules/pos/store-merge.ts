import { formatStoreAddress, MERGE_FIELDS, type TCompareResult, type TMergeField, type TMergeResult } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { findStore, insertStoreActivity, toStoreDetailStore, updateStoreFields, type StoreActivityChange } from '../store/index.js';
import { toImportedStore } from './pos.mapper.js';
import { findImported, insertStore, markImported, mergeCandidates } from './pos.repository.js';

const IMPORTED_VALUE: Record<TMergeField, 'name' | 'street' | 'city' | 'region' | 'postalCode' | 'countryCode'> = {
  storeName: 'name',
  street: 'street',
  city: 'city',
  region: 'region',
  postalCode: 'postalCode',
  countryCode: 'countryCode',
};

/** A POS row next to the brand's stores it most likely is, best first (product rule R93). */
export async function compareImportedStore({ db, actor, refId }: { db: Db; actor: RequestActor; refId: string }): Promise<TCompareResult> {
  requirePermission(actor, 'store:read');
  const row = await findImported(db, actor.brandId, refId);
  if (!row) throw notFound('Imported store');
  const candidates = await mergeCandidates(db, actor.brandId, {
    name: row.name,
    address: formatStoreAddress(row),
    countryCode: row.countryCode,
    postalCode: row.postalCode,
  });
  return {
    imported: toImportedStore(row),
    candidates: candidates.map((c) => ({
      store: toStoreDetailStore(c),
      score: Math.round(c.score * 1000) / 1000,
      nameSimilarity: Math.round(c.nameSimilarity * 1000) / 1000,
      addressSimilarity: Math.round(c.addressSimilarity * 1000) / 1000,
      sameCountry: c.sameCountry,
      samePostalCode: c.samePostalCode,
    })),
  };
}

/**
 * Merges a POS row into one of the brand's stores: per field, the side named in acceptFrom wins (the existing
 * store's by default); the store keeps the POS id. Idempotent: confirming the same merge again changes nothing,
 * and of two concurrent confirms of one row (the row is locked) only the first merges.
 */
export async function confirmStoreMerge({
  db,
  actor,
  refId,
  storeId,
  acceptFrom,
}: {
  db: Db;
  actor: RequestActor;
  refId: string;
  storeId: number;
  acceptFrom: Partial<Record<TMergeField, 'imported' | 'existing'>>;
}): Promise<TMergeResult> {
  requirePermission(actor, 'store:update');
  return db.transaction(async (tx) => {
    const row = await findImported(tx, actor.brandId, refId, true);
    if (!row) throw notFound('Imported store');
    if (row.status === 'merged') {
      if (row.storeId === storeId) return { imported: toImportedStore(row), storeId, alreadyDone: true };
      throw conflict('This POS store was merged into another store already', undefined, [{ path: 'refId', message: 'merged into another store' }]);
    }
    if (row.status === 'ignored') throw conflict('This POS store was kept apart already', undefined, [{ path: 'refId', message: 'kept apart' }]);
    const store = await findStore(tx, actor.brandId, storeId, true);
    if (!store) throw notFound('Store');
    const values: Record<string, unknown> = {};
    const changes: StoreActivityChange[] = [];
    for (const field of MERGE_FIELDS) {
      if (acceptFrom[field] !== 'imported') continue;
      const column = IMPORTED_VALUE[field];
      const next = row[column];
      if (store[column] !== next) {
        values[column] = next;
        changes.push({ field, old: store[column], new: next });
      }
    }
    if (store.externalStoreId !== row.refId) {
      values.externalStoreId = row.refId;
      changes.push({ field: 'externalStoreId', old: store.externalStoreId, new: row.refId });
    }
    if (changes.some((c) => c.field !== 'storeName' && c.field !== 'externalStoreId')) {
      values.formattedAddress = formatStoreAddress({ ...store, ...(values as Partial<typeof store>) });
    }
    if (Object.keys(values).length > 0) await updateStoreFields(tx, actor.brandId, storeId, values);
    await insertStoreActivity(tx, {
      brandId: actor.brandId,
      storeId,
      userId: actor.userId,
      actorName: actor.userName,
      action: 'pos-merged',
      changes: [{ field: 'posRefId', old: null, new: row.refId }, ...changes],
    });
    const merged = await markImported(tx, row.id, { status: 'merged', storeId, decidedBy: actor.userId, decidedAt: new Date() });
    return { imported: toImportedStore(merged), storeId, alreadyDone: false };
  });
}

/**
 * Keeps a POS row apart from every existing store: it becomes a store of its own (pending, to be approved),
 * carrying the POS id. Idempotent: ignoring it again changes nothing.
 */
export async function ignoreStoreMerge({ db, actor, refId }: { db: Db; actor: RequestActor; refId: string }): Promise<TMergeResult> {
  requirePermission(actor, 'store:update');
  return db.transaction(async (tx) => {
    const row = await findImported(tx, actor.brandId, refId, true);
    if (!row) throw notFound('Imported store');
    if (row.status === 'ignored') return { imported: toImportedStore(row), storeId: row.storeId ?? 0, alreadyDone: true };
    if (row.status === 'merged') throw conflict('This POS store was merged already', undefined, [{ path: 'refId', message: 'merged' }]);
    const store = await insertStore(tx, {
      brandId: actor.brandId,
      name: row.name,
      street: row.street,
      city: row.city,
      region: row.region,
      postalCode: row.postalCode,
      countryCode: row.countryCode,
      formattedAddress: formatStoreAddress(row),
      status: 'pending',
      externalStoreId: row.refId,
    });
    await insertStoreActivity(tx, {
      brandId: actor.brandId,
      storeId: store.id,
      userId: actor.userId,
      actorName: actor.userName,
      action: 'pos-created',
      changes: [{ field: 'posRefId', old: null, new: row.refId }],
    });
    const ignored = await markImported(tx, row.id, { status: 'ignored', storeId: store.id, decidedBy: actor.userId, decidedAt: new Date() });
    return { imported: toImportedStore(ignored), storeId: store.id, alreadyDone: false };
  });
}
