import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { createRefreshingMemo, refreshingMemoPerDatabase, type RefreshingMemo } from '../../lib/refreshing-memo.js';

/**
 * A user contest's standings held in memory per process (decision 0008 §8): every participant's score in
 * leaderboard order, read from the contest_scores index in one pass, so "my rank" is a binary search and
 * "how many are ranked" a length instead of counting up to millions of index entries per request. A
 * snapshot is rebuilt when older than its time to live, which grows with the cost of a rebuild so that
 * rebuilding takes at most ~5 % of the time, and served stale while the next one is read. Entries recorded by
 * this process move the snapshot at once; entries recorded by another process show within its time to live
 * (1–15 s) — also a participant's own when their submit and their rank request reach different processes.
 */
interface Standing {
  submissions: number;
  sales: number;
  storeId: number;
}
interface Snapshot {
  at: number;
  ttlMs: number;
  column: Column;
  /** Leaderboard order: metric descending, then store user id ascending. */
  metric: Float64Array;
  ids: Int32Array;
  byId: Map<number, Standing>;
}
type Column = 'submissions' | 'sales_amount_cents';
const metricOf = (st: Standing, column: Column) => (column === 'submissions' ? st.submissions : st.sales);

const MIN_TTL_MS = 1_000;
const MAX_TTL_MS = 15_000;
const snapshots = new WeakMap<object, Map<string, Entry>>();

async function build(db: DbOrTx, campaignMissionId: number, column: Column): Promise<Snapshot> {
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
  const ttlMs = Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, (Date.now() - started) * 20));
  return { at: Date.now(), ttlMs, column, metric, ids, byId };
}

type Entry = { value: Promise<Snapshot>; at: number; ttlMs: number; built?: Snapshot; rebuilding?: boolean; moved?: boolean };

async function snapshotOf(db: DbOrTx, campaignMissionId: number, column: Column): Promise<Snapshot> {
  let perDb = snapshots.get(db);
  if (!perDb) snapshots.set(db, (perDb = new Map()));
  const key = `${campaignMissionId}:${column}`;
  const hit = perDb.get(key);
  if (hit && Date.now() - hit.at < hit.ttlMs) return hit.value;
  if (hit?.built) {
    // Stale while revalidating: requests keep the old standings (at most one time to live behind, as documented)
    // while one rebuild runs, instead of all waiting for it.
    if (!hit.rebuilding) {
      hit.rebuilding = true;
      hit.moved = false;
      build(db, campaignMissionId, column).then(
        // Entries applied here during the read show after the next, soon rebuild (my own place is always fresh).
        (s) => Object.assign(hit, { value: Promise.resolve(s), at: s.at, ttlMs: hit.moved ? MIN_TTL_MS : s.ttlMs, built: s, rebuilding: false }),
        () => Object.assign(hit, { rebuilding: false, at: Date.now(), ttlMs: MIN_TTL_MS }),
      );
    }
    return hit.built;
  }
  // The first read of a contest: one build, which callers meanwhile share.
  const value = build(db, campaignMissionId, column);
  const entry: Entry = { value, at: Date.now(), ttlMs: MAX_TTL_MS };
  perDb.set(key, entry);
  if (perDb.size > 1_000) perDb.clear();
  value.then(
    (s) => Object.assign(entry, { at: s.at, ttlMs: s.ttlMs, built: s }),
    () => perDb.delete(key),
  );
  return value;
}

/** How many are ranked in a user contest (as of the snapshot). */
export async function rankedCount(db: DbOrTx, campaignMissionId: number, column: Column): Promise<number> {
  return (await snapshotOf(db, campaignMissionId, column)).ids.length;
}

/** A store user's place and totals in a user contest, from the standings; null before their first accepted entry. */
export async function standingOf(
  db: DbOrTx,
  campaignMissionId: number,
  column: Column,
  storeUserId: number,
): Promise<(Standing & { place: number }) | null> {
  const s = await snapshotOf(db, campaignMissionId, column);
  const standing = s.byId.get(storeUserId);
  if (!standing) return null;
  return { ...standing, place: positionOf(s, metricOf(standing, column), storeUserId, s.ids.length) + 1 };
}

/**
 * Moves a store user's entry in this process's snapshots after the engine added an accepted contest
 * entry here, so this process's own writes show at once (other processes' within a time to live).
 */
export function applyContestEntry(db: DbOrTx, campaignMissionId: number, storeUserId: number, storeId: number, salesAmountCents: number): void {
  topPages.get(db)?.delete(campaignMissionId);
  const perDb = snapshots.get(db);
  if (!perDb) return;
  for (const column of ['submissions', 'sales_amount_cents'] as const) {
    const key = `${campaignMissionId}:${column}`;
    const entry = perDb.get(key);
    if (!entry) continue;
    // A snapshot still being read may or may not include this entry: the next request reads a new one.
    if (!entry.built) perDb.delete(key);
    else {
      const was = entry.built.byId.get(storeUserId);
      move(entry.built, storeUserId, { submissions: (was?.submissions ?? 0) + 1, sales: (was?.sales ?? 0) + salesAmountCents, storeId });
      if (entry.rebuilding) entry.moved = true;
    }
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
 * The unfiltered first page of a contest's leaderboard (the same for every participant who asks), kept per
 * process for up to a second (decision 0008 §10; refreshed in the background, §14): under load one read serves
 * every request of that second instead of one each. This process's own accepted entries drop it at once (applyContestEntry); other
 * processes' show within the time to live, as in the standings above.
 */
const TOP_PAGE = { freshMs: 700, maxAgeMs: 1_000, maxEntries: Infinity };
const topPages = new WeakMap<object, Map<number, RefreshingMemo<unknown>>>();

export function cachedTopPage<T>(db: DbOrTx, campaignMissionId: number, key: string, read: () => Promise<T>): Promise<T> {
  let perDb = topPages.get(db);
  if (!perDb) topPages.set(db, (perDb = new Map()));
  let perContest = perDb.get(campaignMissionId);
  if (!perContest) {
    if (perDb.size > 1_000) perDb.clear();
    perDb.set(campaignMissionId, (perContest = createRefreshingMemo(TOP_PAGE)));
  }
  return perContest.get(key, read) as Promise<T>;
}

/**
 * Whether a campaign reaches a participant and which is its contest mission, kept per process and participant
 * for up to 10 s (decision 0008 §11; refreshed in the background, §14): a submit checks it, and with my place and
 * totals from the standings and the first page above, a rank request then reads nothing. A campaign that ends or stops reaching me shows
 * within that time (the engine's write still refuses a campaign that is no longer active).
 */
const reaches = refreshingMemoPerDatabase<unknown>({ freshMs: 9_000, maxAgeMs: 10_000, maxEntries: 10_000 });

export function cachedReach<T>(db: DbOrTx, participant: string, campaignId: number, read: () => Promise<T>): Promise<T> {
  return reaches(db).get(`${participant}:${campaignId}`, read) as Promise<T>;
}
