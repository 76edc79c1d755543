import type { TGroupRow, TManagedStore, TStoreRow } from '@rally/domain';
import type { GroupRow, StoreRow } from './store.repository.js';

/** A store of the reach table; storeId is the brand's own code for the store when it has one. */
export function toStoreRow(row: StoreRow): TStoreRow {
  return {
    id: row.id,
    storeId: row.refId ?? String(row.id),
    storeName: row.name,
    logoUrl: row.logoUrl,
    address: { formattedAddress: row.formattedAddress },
    totalUsers: row.totalUsers,
    weight: row.weight,
  };
}

/** A store of the management screen; a store row belongs to one brand, so it is its own store-brand link. */
export function toManagedStore(row: StoreRow): TManagedStore {
  return {
    id: row.id,
    storeBrandId: row.id,
    storeName: row.name,
    logoUrl: row.logoUrl,
    address: { formattedAddress: row.formattedAddress },
    countryCode: row.countryCode,
    status: row.status,
    refId: row.refId,
    externalStoreId: row.externalStoreId,
    totalUsers: row.totalUsers,
    weight: row.weight,
  };
}

export function toGroupRow(row: GroupRow): TGroupRow {
  return { id: row.id, name: row.name, totalStores: row.totalStores, totalUsers: row.totalUsers, weight: row.weight };
}

export function toManagedGroup(row: GroupRow): TGroupRow & { status: GroupRow['status'] } {
  return { ...toGroupRow(row), status: row.status };
}
