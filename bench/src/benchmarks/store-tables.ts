import type { Benchmark, BenchContext } from './benchmark.js';

const TABLE_P95_TARGET_MS = 60;

interface Page {
  items?: { id: number }[];
  _meta?: { totalCount: number; pageCount: number };
}

async function getPage(url: string, cookie: string): Promise<Page> {
  const res = await fetch(url, { headers: { cookie } });
  const body = (await res.json()) as Page;
  if (res.status !== 200 || !body.items || body.items.length === 0) {
    throw new Error(`${url} answered ${res.status} with ${body.items?.length ?? 0} items`);
  }
  return body;
}

/** Loads the last page of a list (found from page 1) under load, after checking it has rows. */
async function lastPage(ctx: BenchContext, path: string, query: string) {
  const first = await getPage(`${ctx.appUrl}${path}?${query}`, ctx.cookie);
  const url = `${ctx.appUrl}${path}?${query}&currentPage=${first._meta!.pageCount}`;
  await getPage(url, ctx.cookie);
  return ctx.measure(url, { ...ctx.load, headers: { cookie: ctx.cookie } });
}

/**
 * The reach step's store table while someone searches: a city in name or address (5k of 85k
 * approved stores), sorted by name descending, page 100, with three stores already selected.
 */
async function storeSearch(ctx: BenchContext) {
  const path = '/api/store/read/store/approved-list';
  const first = await getPage(`${ctx.appUrl}${path}?filter=lyon&sort=storeName&order=desc`, ctx.cookie);
  const selected = first.items!.slice(0, 3).map((s) => s.id);
  const url = `${ctx.appUrl}${path}?filter=lyon&sort=storeName&order=desc&currentPage=100&selected=${selected.join(',')}`;
  await getPage(url, ctx.cookie);
  return ctx.measure(url, { ...ctx.load, headers: { cookie: ctx.cookie } });
}

export const storeTableSearch: Benchmark = {
  name: 'store-table-search',
  description:
    'GET /api/store/read/store/approved-list?filter=lyon&sort=storeName&order=desc&currentPage=100&selected=3 ids',
  p95TargetMs: TABLE_P95_TARGET_MS,
  run: storeSearch,
};

/** The last of ~8,500 pages of approved stores in the default order (weight ascending). */
export const storeTableLastPage: Benchmark = {
  name: 'store-table-last-page',
  description: 'GET /api/store/read/store/approved-list?sort=weight&order=asc&currentPage=<last> (85k approved stores)',
  p95TargetMs: TABLE_P95_TARGET_MS,
  run: (ctx) => lastPage(ctx, '/api/store/read/store/approved-list', 'sort=weight&order=asc'),
};

/** Approved groups searched and sorted by a computed total, last page. */
export const groupTableSorted: Benchmark = {
  name: 'group-table-sorted',
  description: 'GET /api/store/read/group/approved-list?filter=group 01&sort=totalUsers&order=desc&currentPage=<last>',
  p95TargetMs: TABLE_P95_TARGET_MS,
  run: (ctx) => lastPage(ctx, '/api/store/read/group/approved-list', 'filter=group%2001&sort=totalUsers&order=desc'),
};
