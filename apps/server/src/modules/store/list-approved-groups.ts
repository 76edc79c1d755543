import type { TApprovedGroupList, ZApprovedGroupListQuery } from '@rally/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { listApprovedPage } from './list-page.js';
import type { StoreCaches } from './store-caches.js';
import { toGroupRow } from './store.mapper.js';
import { groupsByIds, orderedGroupIds, unknownGroupIds } from './store.repository.js';

export interface ListApprovedGroupsOptions {
  db: DbOrTx;
  caches: StoreCaches;
  brandId: string;
  query: z.output<typeof ZApprovedGroupListQuery>;
}

/** The reach step's group table: approved groups only, with their approved stores and users; selected ones first. */
export async function listApprovedGroups({
  db,
  caches,
  brandId,
  query,
}: ListApprovedGroupsOptions): Promise<TApprovedGroupList> {
  const { items, _meta } = await listApprovedPage({
    db,
    caches,
    brandId,
    query,
    kind: 'approved-groups',
    orderedIds: orderedGroupIds,
    rowsByIds: groupsByIds,
    unknownIds: unknownGroupIds,
  });
  return { items: items.map(toGroupRow), _meta };
}
