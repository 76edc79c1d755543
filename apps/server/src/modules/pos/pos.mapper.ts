import { formatStoreAddress, type TImportedStore } from '@rally/domain';
import type { ImportedRow } from './pos.repository.js';

export function toImportedStore(row: ImportedRow): TImportedStore {
  return {
    id: row.id,
    refId: row.refId,
    storeName: row.name,
    street: row.street,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    countryCode: row.countryCode,
    formattedAddress: formatStoreAddress(row),
    status: row.status,
    storeId: row.storeId,
    importedAt: Math.floor(row.importedAt.getTime() / 1000),
  };
}
