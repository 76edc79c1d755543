import type { Benchmark, BenchContext } from './benchmark.js';

const LIST_P95_TARGET_MS = 40;

async function listPage(ctx: BenchContext, page: number) {
  const url = `${ctx.appUrl}/api/campaign/bundle?currentPage=${page}`;
  // A wrong answer measured fast is worse than no figure: check one response first.
  const probe = await fetch(url, { headers: { cookie: ctx.cookie } });
  const body = (await probe.json()) as { items?: unknown[]; _meta?: { totalCount: number } };
  if (probe.status !== 200 || !body.items || body.items.length === 0) {
    throw new Error(`${url} answered ${probe.status} with ${body.items?.length ?? 0} items`);
  }
  return ctx.measure(url, { ...ctx.load, headers: { cookie: ctx.cookie } });
}

/** Campaign list, newest first: session lookup, membership, page query and count. */
export const campaignListFirstPage: Benchmark = {
  name: 'campaign-list-page-1',
  description: 'GET /api/campaign/bundle?currentPage=1 (signed in, 100k campaigns)',
  p95TargetMs: LIST_P95_TARGET_MS,
  run: (ctx) => listPage(ctx, 1),
};

/** The same list deep in the pages, where OFFSET has to walk 20k index entries. */
export const campaignListDeepPage: Benchmark = {
  name: 'campaign-list-page-2000',
  description: 'GET /api/campaign/bundle?currentPage=2000 (offset 19 990)',
  p95TargetMs: LIST_P95_TARGET_MS,
  run: (ctx) => listPage(ctx, 2000),
};
