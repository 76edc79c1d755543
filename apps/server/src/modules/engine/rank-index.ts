import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * A user contest's standings held in memory per process (decision 0008 §8): every participant's score in
 * leaderboard order, read from the contest_scores index in one pass, so "my rank" is a binary search and
 * "how many are ranked" a length instead of counting up to millions of index entries per request. A
 * snapshot is rebuilt when older than its time to live, which grows with the cost of a rebuild so that
 * rebuilding takes at most ~5 % of the time; meanwhile other participants' scores may be that much behind,
 * never mine (the caller passes my score read fresh).
 */
interface Snapshot {
  at: number;
  ttlMs: number;
  /** Leaderboard order: metric descending, then store user id ascending. */
  metric: Float64Array;
  ids: Int32Array;
  byId: Map<number, number>;
}

const MIN_TTL_MS = 1_000;
const MAX_TTL_MS = 15_000;
const snapshots = new WeakMap<object, Map<string, { value: Promise<Snapshot>; at: number; ttlMs: number; built?: Snapshot }>>();

async function build(db: DbOrTx, campaignMissionId: number, column: 'submissions' | 'sales_amount_cents'): Promise<Snapshot> {
  const started = Date.now();
  const res = (await db.execute(
    sql`select store_user_id as id, ${sql.raw(column)}::float8 as m from contest_scores
        where campaign_mission_id = ${campaignMissionId} order by ${sql.raw(column)} desc nulls last, store_user_id asc`,
  )) as unknown as { rows: { id: number; m: number }[] };
  const n = res.rows.length;
  const metric = new Float64Array(n);
  const ids = new Int32Array(n);
  const byId = new Map<number, number>();
  res.rows.forEach((r, i) => {
    metric[i] = Number(r.m);
    ids[i] = Number(r.id);
    byId.set(Number(r.id), Number(r.m));
  });
  const ttlMs = Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, (Date.now() - started) * 20));
  return { at: Date.now(), ttlMs, metric, ids, byId };
}

async function snapshotOf(db: DbOrTx, campaignMissionId: number, column: 'submissions' | 'sales_amount_cents'): Promise<Snapshot> {
  let perDb = snapshots.get(db);
  if (!perDb) snapshots.set(db, (perDb = new Map()));
  const key = `${campaignMissionId}:${column}`;
  const hit = perDb.get(key);
  if (hit && Date.now() - hit.at < hit.ttlMs) return hit.value;
  // One rebuild at a time per contest; callers meanwhile share it.
  const value = build(db, campaignMissionId, column);
  const entry: { value: Promise<Snapshot>; at: number; ttlMs: number; built?: Snapshot } = { value, at: Date.now(), ttlMs: MAX_TTL_MS };
  perDb.set(key, entry);
  if (perDb.size > 1_000) perDb.clear();
  value.then(
    (s) => Object.assign(entry, { at: s.at, ttlMs: s.ttlMs, built: s }),
    () => perDb.delete(key),
  );
  return value;
}

/** How many are ranked in a user contest (as of the snapshot). */
export async function rankedCount(db: DbOrTx, campaignMissionId: number, column: 'submissions' | 'sales_amount_cents'): Promise<number> {
  return (await snapshotOf(db, campaignMissionId, column)).ids.length;
}

/**
 * How many participants are ahead of a store user whose score is `metric` (ties go to the lower id): a
 * binary search over the snapshot, not counting that user's own (possibly older) entry.
 */
export async function entriesAhead(
  db: DbOrTx,
  campaignMissionId: number,
  column: 'submissions' | 'sales_amount_cents',
  storeUserId: number,
  metric: number,
): Promise<number> {
  const s = await snapshotOf(db, campaignMissionId, column);
  const before = (i: number) => s.metric[i]! > metric || (s.metric[i] === metric && s.ids[i]! < storeUserId);
  let lo = 0;
  let hi = s.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  const mine = s.byId.get(storeUserId);
  // My own older entry sorts before my current score only when it was higher (same id: no tie-break).
  return mine !== undefined && mine > metric ? lo - 1 : lo;
}

/**
 * Moves a store user's entry in this process's snapshots after the engine added an accepted contest
 * entry here, so this process's own writes show at once (other processes' within a time to live).
 */
export function applyContestEntry(db: DbOrTx, campaignMissionId: number, storeUserId: number, salesAmountCents: number): void {
  topPages.get(db)?.delete(campaignMissionId);
  const perDb = snapshots.get(db);
  if (!perDb) return;
  for (const [column, delta] of [['submissions', 1], ['sales_amount_cents', salesAmountCents]] as const) {
    const key = `${campaignMissionId}:${column}`;
    const entry = perDb.get(key);
    if (!entry) continue;
    // A snapshot still being read may or may not include this entry: the next request reads a new one.
    if (!entry.built) perDb.delete(key);
    else move(entry.built, storeUserId, (entry.built.byId.get(storeUserId) ?? 0) + delta);
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

function move(s: Snapshot, id: number, metric: number): void {
  const old = s.byId.get(id);
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
  s.byId.set(id, metric);
}

/**
 * The unfiltered first page of a contest's leaderboard (the same for every participant who asks), kept per
 * process for TOP_PAGE_TTL_MS (decision 0008 §10): under load one read serves every request of that second
 * instead of one each. This process's own accepted entries drop it at once (applyContestEntry); other
 * processes' show within the time to live, as in the standings above.
 */
const TOP_PAGE_TTL_MS = 1_000;
const topPages = new WeakMap<object, Map<number, Map<string, { at: number; value: Promise<unknown> }>>>();

export function cachedTopPage<T>(db: DbOrTx, campaignMissionId: number, key: string, read: () => Promise<T>): Promise<T> {
  let perDb = topPages.get(db);
  if (!perDb) topPages.set(db, (perDb = new Map()));
  let perContest = perDb.get(campaignMissionId);
  if (!perContest) {
    if (perDb.size > 1_000) perDb.clear();
    perDb.set(campaignMissionId, (perContest = new Map()));
  }
  const hit = perContest.get(key);
  if (hit && Date.now() - hit.at < TOP_PAGE_TTL_MS) return hit.value as Promise<T>;
  const value = read();
  const entry = { at: Date.now(), value: value as Promise<unknown> };
  perContest.set(key, entry);
  value.catch(() => perContest.get(key) === entry && perContest.delete(key));
  return value;
}
