import { REACH_TABLE_PAGE_SIZE, type TApprovedGroupList, type ZApprovedGroupListQuery } from '@rally/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { listPage } from './list-page.js';
import { toGroupRow } from './store.mapper.js';
import { groupsByIds, orderedGroupIds, unknownGroupIds, type GroupListSpec } from './store.repository.js';

export interface ListApprovedGroupsOptions {
  db: DbOrTx;
  brandId: string;
  query: z.output<typeof ZApprovedGroupListQuery>;
}

/** The reach step's group table: approved groups only, with their approved stores and users; selected ones first. */
export async function listApprovedGroups({
  db,
  brandId,
  query,
}: ListApprovedGroupsOptions): Promise<TApprovedGroupList> {
  const spec: GroupListSpec = {
    brandId,
    status: 'approved',
    filter: query.filter || undefined,
    sort: query.sort,
    descending: query.order === 'desc',
  };
  const { items, _meta } = await listPage({
    db,
    brandId,
    key: ['approved-groups', spec.filter, spec.sort, spec.descending],
    orderedIds: () => orderedGroupIds(db, spec),
    rowsByIds: (ids) => groupsByIds(db, brandId, ids),
    currentPage: query.currentPage,
    perPage: query.perPage ?? REACH_TABLE_PAGE_SIZE,
    selected: query.selected,
    unknownIds: (ids) => unknownGroupIds(db, brandId, ids),
  });
  return { items: items.map(toGroupRow), _meta };
}
