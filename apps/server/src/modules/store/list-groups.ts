import type { TManagedGroupList, ZGroupListBody } from '@rally/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { listPage } from './list-page.js';
import type { StoreCaches } from './store-caches.js';
import { toManagedGroup } from './store.mapper.js';
import { groupsByIds, orderedGroupIds, type GroupListSpec, type GroupSortField } from './store.repository.js';

export interface ListGroupsOptions {
  db: DbOrTx;
  caches: StoreCaches;
  brandId: string;
  body: z.output<typeof ZGroupListBody>;
}

/** The groups screen: every status or one, search by name, any sort. */
export async function listGroups({ db, caches, brandId, body }: ListGroupsOptions): Promise<TManagedGroupList> {
  const descending = body.sort.startsWith('-');
  const spec: GroupListSpec = {
    brandId,
    status: body.status,
    filter: body.filter || undefined,
    sort: (descending ? body.sort.slice(1) : body.sort) as GroupSortField,
    descending,
  };
  const { items, _meta } = await listPage({
    db,
    caches,
    brandId,
    key: ['groups', spec.status, spec.filter, spec.sort, descending],
    orderedIds: () => orderedGroupIds(db, spec),
    rowsByIds: (ids) => groupsByIds(db, brandId, ids),
    currentPage: body.currentPage,
    perPage: body.perPage,
  });
  return { items: items.map(toManagedGroup), _meta };
}
