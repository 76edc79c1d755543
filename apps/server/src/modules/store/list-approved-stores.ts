import type { TApprovedStoreList, ZApprovedStoreListQuery } from '@rally/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { listApprovedPage } from './list-page.js';
import type { StoreCaches } from './store-caches.js';
import { toStoreRow } from './store.mapper.js';
import { orderedStoreIds, storesByIds, unknownStoreIds } from './store.repository.js';

export interface ListApprovedStoresOptions {
  db: DbOrTx;
  caches: StoreCaches;
  brandId: string;
  query: z.output<typeof ZApprovedStoreListQuery>;
}

/** The reach step's store table: approved stores only (product rule R47), selected ones first. */
export async function listApprovedStores({
  db,
  caches,
  brandId,
  query,
}: ListApprovedStoresOptions): Promise<TApprovedStoreList> {
  const { items, _meta } = await listApprovedPage({
    db,
    caches,
    brandId,
    query,
    kind: 'approved-stores',
    orderedIds: orderedStoreIds,
    rowsByIds: storesByIds,
    unknownIds: unknownStoreIds,
  });
  return { items: items.map(toStoreRow), _meta };
}
