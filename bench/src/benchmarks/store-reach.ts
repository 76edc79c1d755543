import { and, asc, eq } from 'drizzle-orm';
import { dbSchema, type Database } from '@rally/server';
import { BENCH_BRAND } from '../lib/bench-config.js';
import { measureFreshScopes } from '../lib/measure-fresh-scopes.js';
import type { Benchmark, BenchContext } from './benchmark.js';

const { brands, storeGroups, stores } = dbSchema;
const STORE_SCOPE = 500;
const GROUP_SCOPE = 50;

/** Ids of the bench brand's approved stores or groups, in id order. */
async function approvedIds(database: Database, kind: 'store' | 'group'): Promise<number[]> {
  const db = database.db;
  const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, BENCH_BRAND.slug));
  if (!brand) throw new Error('run npm run bench:seed first');
  const table = kind === 'store' ? stores : storeGroups;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.brandId, brand.id), eq(table.status, 'approved')))
    .orderBy(asc(table.id));
  return rows.map((r) => r.id);
}

const writeHeaders = (ctx: BenchContext) => ({
  cookie: ctx.cookie,
  'content-type': 'application/json',
  origin: ctx.appUrl,
});

/** Every 7th approved id from the start: a fixed scope spread over the table. */
const fixedScope = (ids: number[], size: number) => ids.filter((_, i) => i % 7 === 0).slice(0, size);

async function repeated(ctx: BenchContext, kind: 'store' | 'group', size: number) {
  const url = `${ctx.appUrl}/api/store/service/reach`;
  const body = JSON.stringify({ scope: kind, pks: fixedScope(await approvedIds(ctx.database, kind), size) });
  // A wrong answer measured fast is worse than no figure: check one response first.
  const probe = await fetch(url, { method: 'POST', headers: writeHeaders(ctx), body });
  const reach = (await probe.json()) as { stores?: number; groups?: number };
  const reached = kind === 'store' ? reach.stores : reach.groups;
  if (probe.status !== 200 || reached !== size)
    throw new Error(`${url} answered ${probe.status}: ${JSON.stringify(reach)}`);
  return ctx.measure(url, { ...ctx.load, method: 'POST', headers: writeHeaders(ctx), body });
}

async function cold(ctx: BenchContext, kind: 'store' | 'group', size: number) {
  return measureFreshScopes({
    url: `${ctx.appUrl}/api/store/service/reach`,
    headers: writeHeaders(ctx),
    scope: kind,
    pool: await approvedIds(ctx.database, kind),
    size,
    ...ctx.load,
  });
}

/** Reach of a 500-store scope asked again and again: the figures come from the per-revision cache. */
export const reachStores500: Benchmark = {
  name: 'reach-stores-500',
  description: 'POST /api/store/service/reach {scope: store, 500 pks}, the same scope every request',
  p95TargetMs: 20,
  run: (ctx) => repeated(ctx, 'store', STORE_SCOPE),
};

/** Reach of 500-store scopes no request asked for before: counted in the database every time. */
export const reachStores500Cold: Benchmark = {
  name: 'reach-stores-500-cold',
  description: 'POST /api/store/service/reach {scope: store, 500 random pks}, a new scope every request',
  p95TargetMs: 250,
  run: (ctx) => cold(ctx, 'store', STORE_SCOPE),
};

export const reachGroups50: Benchmark = {
  name: 'reach-groups-50',
  description: 'POST /api/store/service/reach {scope: group, 50 pks}, the same scope every request',
  p95TargetMs: 20,
  run: (ctx) => repeated(ctx, 'group', GROUP_SCOPE),
};

export const reachGroups50Cold: Benchmark = {
  name: 'reach-groups-50-cold',
  description: 'POST /api/store/service/reach {scope: group, 50 random pks}, a new scope every request',
  p95TargetMs: 250,
  run: (ctx) => cold(ctx, 'group', GROUP_SCOPE),
};
