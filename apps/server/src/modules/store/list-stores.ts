import type { TManagedStoreList, ZStoreListBody } from '@rally/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { invalid } from '../../lib/app-error.js';
import { listPage } from './list-page.js';
import type { StoreCaches } from './store-caches.js';
import { toManagedStore } from './store.mapper.js';
import {
  orderedStoreIds,
  storesByIds,
  unknownGroupIds,
  type StoreListSpec,
  type StoreSortField,
} from './store.repository.js';

export interface ListStoresOptions {
  db: DbOrTx;
  caches: StoreCaches;
  brandId: string;
  body: z.output<typeof ZStoreListBody>;
}

/** The store management list: every status or one, search, country and group filters, any sort. */
export async function listStores({ db, caches, brandId, body }: ListStoresOptions): Promise<TManagedStoreList> {
  const { countryCode, groupId } = body.filters;
  if (groupId !== undefined && (await unknownGroupIds(db, brandId, [groupId])).length > 0) {
    throw invalid([{ path: 'filters.groupId', message: 'not a group of this brand' }]);
  }
  const descending = body.sort.startsWith('-');
  const spec: StoreListSpec = {
    brandId,
    status: body.status,
    filter: body.filter || undefined,
    countryCode,
    groupId,
    sort: (descending ? body.sort.slice(1) : body.sort) as StoreSortField,
    descending,
  };
  const { items, _meta } = await listPage({
    db,
    caches,
    brandId,
    key: ['stores', spec.status, spec.filter, countryCode, groupId, spec.sort, descending],
    orderedIds: () => orderedStoreIds(db, spec),
    rowsByIds: (ids) => storesByIds(db, brandId, ids),
    currentPage: body.currentPage,
    perPage: body.perPage,
  });
  return { items: items.map(toManagedStore), _meta };
}
