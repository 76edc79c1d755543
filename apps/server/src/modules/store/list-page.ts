import { pageMeta, REACH_TABLE_PAGE_SIZE, type TPageMeta } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { invalid } from '../../lib/app-error.js';
import { inIdOrder, pageOfIds } from './id-pages.js';
import type { StoreCaches } from './store-caches.js';
import type { RowsAtRev } from './store.repository.js';

export interface ListPageOptions<R extends { id: number }> {
  db: DbOrTx;
  caches: StoreCaches;
  brandId: string;
  /** Names the list (kind, status, search, sort) within the brand; the revision is added here. */
  key: unknown;
  /** Every id of the list in display order, read from the database on a cache miss. */
  orderedIds(): Promise<Int32Array>;
  /** The rows of some ids, with the store revision read in the same statement. */
  rowsByIds(ids: number[]): Promise<RowsAtRev<R>>;
  currentPage: number;
  perPage: number;
  /** Ids listed first (product rule R47, "selected row first"), when the list holds them. */
  selected?: readonly number[] | undefined;
  /** Of some selected ids the list does not hold, those that are not the brand's (refused, naming `selected`). */
  unknownIds?(ids: number[]): Promise<number[]>;
}

/**
 * A page of a store or group list. The list's ids in order are read once per store revision
 * (one index-backed statement) and kept; every page after that, the last included, is a slice
 * of them plus one primary-key lookup of its rows, and the total is the list's length. A write
 * to the brand's stores, groups or memberships moves the revision (database triggers), so the
 * next call reads afresh. The page's rows are read with the current revision: when it is the one
 * the cached ids belong to, that single statement is the whole call.
 */
export async function listPage<R extends { id: number }>(
  options: ListPageOptions<R>,
): Promise<{ items: R[]; _meta: TPageMeta }> {
  const { db, brandId, currentPage, perPage } = options;
  const caches = options.caches.on(db);
  const cache = caches.listIds;
  const key = JSON.stringify(options.key);
  const selected = options.selected && options.selected.length > 0 ? new Set(options.selected) : undefined;
  const offset = (currentPage - 1) * perPage;

  const guess = cache.peekLatest(brandId, key);
  if (guess) {
    await refuseForeignSelected(options, guess.value, selected);
    const pageIds = pageOfIds(guess.value, offset, perPage, selected);
    const read = await options.rowsByIds(pageIds);
    if (read.rev === guess.rev) return page(guess.value, pageIds, read.rows, currentPage, perPage);
  }
  const rev = await caches.readRev(brandId);
  const ids = await cache.get(brandId, rev, key, options.orderedIds);
  await refuseForeignSelected(options, ids, selected);
  const pageIds = pageOfIds(ids, offset, perPage, selected);
  const read = await options.rowsByIds(pageIds);
  return page(ids, pageIds, read.rows, currentPage, perPage);
}

function page<R extends { id: number }>(
  ids: Int32Array,
  pageIds: number[],
  rows: R[],
  currentPage: number,
  perPage: number,
) {
  return { items: inIdOrder(pageIds, rows), _meta: pageMeta(ids.length, currentPage, perPage) };
}

/** Selected ids in the list are the brand's; only the others need asking the database about. */
async function refuseForeignSelected<R extends { id: number }>(
  options: ListPageOptions<R>,
  ids: Int32Array,
  selected: ReadonlySet<number> | undefined,
) {
  if (!selected || !options.unknownIds) return;
  const missing = new Set(selected);
  for (const id of ids) if (missing.delete(id) && missing.size === 0) return;
  const unknown = await options.unknownIds([...missing]);
  if (unknown.length > 0) {
    throw invalid([{ path: 'selected', message: `not of this brand: ${unknown.slice(0, 10).join(', ')}` }]);
  }
}

export interface ApprovedListPageOptions<S extends string, R extends { id: number }> {
  db: DbOrTx;
  caches: StoreCaches;
  brandId: string;
  query: {
    filter?: string | undefined;
    sort: S;
    order: 'asc' | 'desc';
    currentPage: number;
    perPage?: number | undefined;
    selected?: readonly number[] | undefined;
  };
  /** Names the list in the cache key ("approved-stores"). */
  kind: string;
  orderedIds(db: DbOrTx, spec: ApprovedListSpec<S>): Promise<Int32Array>;
  rowsByIds(db: DbOrTx, brandId: string, ids: number[]): Promise<RowsAtRev<R>>;
  unknownIds(db: DbOrTx, brandId: string, ids: number[]): Promise<number[]>;
}

interface ApprovedListSpec<S extends string> {
  brandId: string;
  status: 'approved';
  filter: string | undefined;
  sort: S;
  descending: boolean;
}

/** A page of a reach-step table (stores or groups): approved rows only, selected ones first. */
export function listApprovedPage<S extends string, R extends { id: number }>({
  db,
  caches,
  brandId,
  query,
  kind,
  orderedIds,
  rowsByIds,
  unknownIds,
}: ApprovedListPageOptions<S, R>): Promise<{ items: R[]; _meta: TPageMeta }> {
  const spec: ApprovedListSpec<S> = {
    brandId,
    status: 'approved',
    filter: query.filter || undefined,
    sort: query.sort,
    descending: query.order === 'desc',
  };
  return listPage({
    db,
    caches,
    brandId,
    key: [kind, spec.filter, spec.sort, spec.descending],
    orderedIds: () => orderedIds(db, spec),
    rowsByIds: (ids) => rowsByIds(db, brandId, ids),
    currentPage: query.currentPage,
    perPage: query.perPage ?? REACH_TABLE_PAGE_SIZE,
    selected: query.selected,
    unknownIds: (ids) => unknownIds(db, brandId, ids),
  });
}
