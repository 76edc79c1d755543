import { REACH_TABLE_PAGE_SIZE, type TApprovedStoreList, type ZApprovedStoreListQuery } from '@rally/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { listPage } from './list-page.js';
import { toStoreRow } from './store.mapper.js';
import { orderedStoreIds, storesByIds, unknownStoreIds, type StoreListSpec } from './store.repository.js';

export interface ListApprovedStoresOptions {
  db: DbOrTx;
  brandId: string;
  query: z.output<typeof ZApprovedStoreListQuery>;
}

/** The reach step's store table: approved stores only (spec §9), selected ones first. */
export async function listApprovedStores({
  db,
  brandId,
  query,
}: ListApprovedStoresOptions): Promise<TApprovedStoreList> {
  const spec: StoreListSpec = {
    brandId,
    status: 'approved',
    filter: query.filter || undefined,
    sort: query.sort,
    descending: query.order === 'desc',
  };
  const { items, _meta } = await listPage({
    db,
    brandId,
    key: ['approved-stores', spec.filter, spec.sort, spec.descending],
    orderedIds: () => orderedStoreIds(db, spec),
    rowsByIds: (ids) => storesByIds(db, brandId, ids),
    currentPage: query.currentPage,
    perPage: query.perPage ?? REACH_TABLE_PAGE_SIZE,
    selected: query.selected,
    unknownIds: (ids) => unknownStoreIds(db, brandId, ids),
  });
  return { items: items.map(toStoreRow), _meta };
}
