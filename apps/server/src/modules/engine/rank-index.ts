import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { createCache, type Cache } from '../../lib/cache.js';

/**
 * A user contest's standings held in memory per app (decision 0008 §8, kept in `app.caches.engine`, decision 0015):
 * every participant's score in leaderboard order, read from the contest_scores index in one pass, so "my rank" is a
 * binary search and "how many are ranked" a length instead of counting up to millions of index entries per request.
 * A snapshot stays fresh for a time that grows with the cost of reading it, so that rebuilding takes at most ~5 % of
 * the time (1–15 s); past that it is served while one rebuild reads the next, and never past 60 s. Entries recorded by
 * this process move the snapshot at once; entries recorded by another process show within its fresh time — also a
 * participant's own when their submit and their rank request reach different processes.
 */
interface Standing {
  submissions: number;
  sales: number;
  storeId: number;
}
interface Snapshot {
  /** How long after its read started this snapshot is answered without a rebuild. */
  ttlMs: number;
  column: Column;
  /** Leaderboard order: metric descending, then store user id ascending. */
  metric: Float64Array;
  ids: Int32Array;
  byId: Map<number, Standing>;
  /** When this process last moved an entry in it (applyContestEntry). */
  movedAt: number;
}
export type Column = 'submissions' | 'sales_amount_cents';
const metricOf = (st: Standing, column: Column) => (column === 'submissions' ? st.submissions : st.sales);

const MIN_TTL_MS = 1_000;
const MAX_TTL_MS = 15_000;
/** Never answered older than this, even while a rebuild runs (a rebuild of millions of entries takes about a second). */
const MAX_AGE_MS = 60_000;

/**
 * The contests' caches of one app (part of `app.caches.engine`): the standings above, and each contest's unfiltered
 * first leaderboard page — the same for every participant who asks — kept for up to a second (0008 §10): under load
 * one read serves every request of that second instead of one each. This process's own accepted entries drop a
 * contest's pages at once (applyContestEntry); other processes' show within that second.
 */
export interface ContestCaches {
  /** Standings, keyed `${campaignMissionId}:${column}`. */
  standings: Cache<string, Snapshot>;
  /** First pages per contest mission, then per `${column}:${limit}:${withTotal}`. */
  topPages: Cache<number, Cache<string, unknown>>;
}

export function createContestCaches(): ContestCaches {
  return {
    standings: createCache<string, Snapshot>({ maxEntries: 1_000, ttlMs: MAX_AGE_MS, freshMs: (s) => s.ttlMs }),
    topPages: createCache<number, Cache<string, unknown>>({ maxEntries: 1_000 }),
  };
}

// One contest's first pages: a handful of sizes (the play route's `top`, the public page, the dashboard's first page).
const TOP_PAGE = { maxEntries: 64, freshMs: 700, ttlMs: 1_000 };

async function build(caches: ContestCaches, db: DbOrTx, campaignMissionId: number, column: Column): Promise<Snapshot> {
  const started = Date.now();
  // One value, 24 bytes per participant (id int4, submissions and sales float8, store int4, big-endian): decoding
  // 100,000 rows as objects held the event loop for ~100 ms; a DataView over one buffer takes a few.
  const res = (await db.execute(
    sql`select count(*)::int as n, coalesce(string_agg(int4send(store_user_id) || float8send(submissions::float8)
          || float8send(sales_amount_cents::float8) || int4send(store_id), ''::bytea
          order by ${sql.raw(column)} desc nulls last, store_user_id asc), ''::bytea) as packed
        from contest_scores where campaign_mission_id = ${campaignMissionId}`,
  )) as unknown as { rows: { n: number; packed: Uint8Array }[] };
  const { n, packed } = res.rows[0]!;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const metric = new Float64Array(n);
  const ids = new Int32Array(n);
  const byId = new Map<number, Standing>();
  for (let i = 0, at = 0; i < n; i++, at += 24) {
    const standing = { submissions: view.getFloat64(at + 4, false), sales: view.getFloat64(at + 12, false), storeId: view.getInt32(at + 20, false) };
    ids[i] = view.getInt32(at, false);
    metric[i] = metricOf(standing, column);
    byId.set(ids[i]!, standing);
  }
  // An entry this process applied to the snapshot being replaced while this one was read may be missing from it:
  // the next, soon rebuild shows it (my own place is always fresh: it is moved in the snapshot served meanwhile).
  const moved = (caches.standings.peek(`${campaignMissionId}:${column}`)?.movedAt ?? -Infinity) >= started;
  const ttlMs = moved ? MIN_TTL_MS : Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, (Date.now() - started) * 20));
  return { ttlMs, column, metric, ids, byId, movedAt: -Infinity };
}

function snapshotOf(caches: ContestCaches, db: DbOrTx, campaignMissionId: number, column: Column): Promise<Snapshot> {
  // The first read of a contest is shared by its callers; past its fresh time a snapshot is served while one rebuild runs.
  return caches.standings.load(`${campaignMissionId}:${column}`, () => build(caches, db, campaignMissionId, column));
}

/** How many are ranked in a user contest (as of the snapshot). */
export async function rankedCount(caches: ContestCaches, db: DbOrTx, campaignMissionId: number, column: Column): Promise<number> {
  return (await snapshotOf(caches, db, campaignMissionId, column)).ids.length;
}

/** A store user's place and totals in a user contest, from the standings; null before their first accepted entry. */
export async function standingOf(
  caches: ContestCaches,
  db: DbOrTx,
  campaignMissionId: number,
  column: Column,
  storeUserId: number,
): Promise<(Standing & { place: number }) | null> {
  const s = await snapshotOf(caches, db, campaignMissionId, column);
  const standing = s.byId.get(storeUserId);
  if (!standing) return null;
  // Object.assign, not `{ ...standing, place }`: a spread followed by properties takes a slow path in Node 20's V8 (write-completion.ts).
  return Object.assign({}, standing, { place: positionOf(s, metricOf(standing, column), storeUserId, s.ids.length) + 1 });
}

/**
 * Moves a store user's entry in this app's standings (`caches`: app.caches.engine) after the engine added an accepted
 * contest entry here, and drops the contest's first pages, so this process's own writes show at once (other
 * processes' within a fresh time).
 */
export function applyContestEntry(caches: ContestCaches, campaignMissionId: number, storeUserId: number, storeId: number, salesAmountCents: number): void {
  caches.topPages.delete(campaignMissionId);
  for (const column of ['submissions', 'sales_amount_cents'] as const) {
    const key = `${campaignMissionId}:${column}`;
    const s = caches.standings.peek(key);
    // A first read still in flight may or may not include this entry: it is dropped, the next request reads a new one.
    if (!s) {
      caches.standings.delete(key);
      continue;
    }
    const was = s.byId.get(storeUserId);
    move(s, storeUserId, { submissions: (was?.submissions ?? 0) + 1, sales: (was?.sales ?? 0) + salesAmountCents, storeId });
    s.movedAt = Date.now();
  }
}

/** Position of (metric, id) in leaderboard order. */
function positionOf(s: Snapshot, metric: number, id: number, length: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (s.metric[mid]! > metric || (s.metric[mid] === metric && s.ids[mid]! < id)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function move(s: Snapshot, id: number, standing: Standing): void {
  const was = s.byId.get(id);
  const old = was === undefined ? undefined : metricOf(was, s.column);
  const metric = metricOf(standing, s.column);
  let length = s.ids.length;
  if (old !== undefined) {
    // Take the old entry out (shift the tail left by one).
    const at = positionOf(s, old, id, length);
    s.metric.copyWithin(at, at + 1, length);
    s.ids.copyWithin(at, at + 1, length);
    length -= 1;
  } else {
    // A newcomer: one more slot.
    const metricGrown = new Float64Array(length + 1);
    metricGrown.set(s.metric);
    const idsGrown = new Int32Array(length + 1);
    idsGrown.set(s.ids);
    s.metric = metricGrown;
    s.ids = idsGrown;
  }
  const at = positionOf(s, metric, id, length);
  s.metric.copyWithin(at + 1, at, length);
  s.ids.copyWithin(at + 1, at, length);
  s.metric[at] = metric;
  s.ids[at] = id;
  s.byId.set(id, standing);
}

/**
 * The unfiltered first page of a contest's leaderboard (see ContestCaches): fresh for 0.7 s, refreshed in the
 * background (0008 §14), never served older than 1 s.
 */
export function cachedTopPage<T>(caches: ContestCaches, campaignMissionId: number, key: string, read: () => Promise<T>): Promise<T> {
  let pages = caches.topPages.get(campaignMissionId);
  if (!pages) caches.topPages.set(campaignMissionId, (pages = createCache<string, unknown>(TOP_PAGE)));
  return pages.load(key, read) as Promise<T>;
}
