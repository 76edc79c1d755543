import { sql, type SQL } from 'drizzle-orm';
import type { TContestSettings, TRankRow } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { cachedTopPage, rankedCount, standingOf, type ContestCaches } from './rank-index.js';

/**
 * Contest ranks. Without a date range they are read from contest_scores (accepted entries summed per
 * store user by the engine; docs/decisions/0008): a page is an index range; in a user contest my rank and
 * the number ranked come from the standings held in memory (rank-index.ts), elsewhere from counts. A date range aggregates the accepted completions of that range instead.
 * Ties go to the lower id, so every row has one place.
 */
export interface RankFilters {
  storeIds?: number[] | undefined;
  groupIds?: number[] | undefined;
  countryCodes?: string[] | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** A leaderboard row as read: my row, or one of a page. */
interface ContestRankRow {
  entity_id: number;
  user_id: number | null;
  store_id: number | null;
  user_name: string | null;
  store_name: string | null;
  submissions: number | string;
  sales: number | string;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

const intArray = (ids: number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

function storeFilter(f: RankFilters, storeCol: SQL): SQL {
  const parts: SQL[] = [];
  if (f.storeIds?.length) parts.push(sql`${storeCol} = any(${intArray(f.storeIds)}::int[])`);
  if (f.groupIds?.length)
    parts.push(sql`${storeCol} in (select store_id from store_group_members where group_id = any(${intArray(f.groupIds)}::int[]))`);
  if (f.countryCodes?.length)
    parts.push(sql`${storeCol} in (select id from stores where country_code = any(${`{${f.countryCodes.join(',')}}`}::text[]))`);
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

/** The scores to rank: one row per store user (user contests) or per store (store contests). */
function scoresSource(campaignMissionId: number, contest: TContestSettings, f: RankFilters): SQL {
  const dated = f.from !== undefined || f.to !== undefined;
  const base = dated
    ? sql`(select store_user_id, store_id, count(*)::int as submissions, sum(sales_amount_cents)::bigint as sales_amount_cents
           from completions where campaign_mission_id = ${campaignMissionId} and status = 'accepted' and store_user_id is not null
           ${f.from !== undefined ? sql`and created_at >= to_timestamp(${f.from})` : sql``}
           ${f.to !== undefined ? sql`and created_at <= to_timestamp(${f.to})` : sql``}
           ${storeFilter(f, sql`store_id`)}
           group by store_user_id, store_id)`
    : sql`(select store_user_id, store_id, submissions, sales_amount_cents from contest_scores
           where campaign_mission_id = ${campaignMissionId} ${storeFilter(f, sql`store_id`)})`;
  if (contest.type === 'store')
    return sql`(select store_id as entity_id, null::int as store_user_id, store_id, sum(submissions)::bigint as submissions,
                 sum(sales_amount_cents)::bigint as sales_amount_cents from ${base} b group by store_id)`;
  return sql`(select store_user_id as entity_id, store_user_id, store_id, submissions, sales_amount_cents from ${base} b)`;
}

const columnOf = (contest: TContestSettings) => (contest.rankLeadersBasedOn === 'sales_amount' ? 'sales_amount_cents' : 'submissions');
const metricOf = (contest: TContestSettings) => (contest.rankLeadersBasedOn === 'sales_amount' ? sql.raw('sales_amount_cents') : sql.raw('submissions'));

/** Hides what the contest's display flags do not allow. */
function shape(r: ContestRankRow, rank: number, contest: TContestSettings, showAll: boolean): TRankRow {
  return {
    rank,
    userId: contest.type === 'user' ? r.user_id : null,
    userName: showAll || contest.displayLeadersByUserInfo ? r.user_name : null,
    storeId: contest.type === 'store' || showAll || contest.displayLeadersByStoreInfo ? r.store_id : null,
    storeName: contest.type === 'store' || showAll || contest.displayLeadersByStoreInfo ? r.store_name : null,
    submissions: showAll || contest.displayLeadersByNumberSubmissions ? Number(r.submissions) : null,
    salesAmountCents: showAll || contest.displayLeadersByTotalSalesAmount ? Number(r.sales) : null,
  };
}

/** What a page is read with: `caches` are the app's (`app.caches.engine`), for the first page and the count of a user contest. */
interface PageQuery {
  caches: ContestCaches;
  campaignMissionId: number;
  contest: TContestSettings;
  filters: RankFilters;
  offset: number;
  limit: number;
  withTotal: boolean;
}

export async function leaderboardPage(db: DbOrTx, o: PageQuery): Promise<{ rows: TRankRow[]; total: number }> {
  const unfiltered = o.contest.type === 'user' && Object.values(o.filters).every((v) => v === undefined || (Array.isArray(v) && v.length === 0));
  if (unfiltered && o.offset === 0) {
    // The first page nobody filtered is everyone's: one read per app and second (rank-index.ts).
    const key = `${columnOf(o.contest)}:${o.limit}:${o.withTotal}`;
    const { raw, total } = await cachedTopPage(o.caches, o.campaignMissionId, key, () => readPage(db, o, unfiltered));
    return { rows: raw.map((r, i) => shape(r, i + 1, o.contest, false)), total };
  }
  const { raw, total } = await readPage(db, o, unfiltered);
  return { rows: raw.map((r, i) => shape(r, o.offset + i + 1, o.contest, false)), total };
}

async function readPage(db: DbOrTx, o: PageQuery, unfiltered: boolean): Promise<{ raw: ContestRankRow[]; total: number }> {
  const metric = metricOf(o.contest);
  const src = scoresSource(o.campaignMissionId, o.contest, o.filters);
  const page = rowsOf<ContestRankRow>(
    await db.execute(sql`
      select s.entity_id, s.store_user_id as user_id, s.store_id, u.name as user_name, st.name as store_name,
             s.submissions, s.sales_amount_cents as sales
      -- nulls last as the contest_scores indexes are built (the scores are never null), so a page is an index range.
      from (select * from ${src} src order by ${metric} desc nulls last, entity_id asc limit ${o.limit} offset ${o.offset}) s
      left join store_users u on u.id = s.store_user_id
      left join stores st on st.id = s.store_id
      order by s.${metric} desc, s.entity_id asc`),
  );
  const total = !o.withTotal
    ? 0
    : unfiltered
      ? await rankedCount(o.caches, db, o.campaignMissionId, columnOf(o.contest))
      : Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${src} src`))[0]?.n ?? 0);
  return { raw: page, total };
}

/**
 * My row (store contests: my store's) with its place, or null before my first accepted entry. In a user contest
 * from the standings in memory (rank-index.ts): my place and totals as of this process's snapshot, with the names
 * the session holds; otherwise counted in the database.
 */
export async function rankOf(
  db: DbOrTx,
  o: {
    /** The app's caches (`app.caches.engine`): a user contest's standings. */
    caches: ContestCaches;
    campaignMissionId: number;
    contest: TContestSettings;
    storeUserId: number;
    storeId: number | null;
    name: string;
    storeName: string | null;
  },
): Promise<TRankRow | null> {
  if (o.contest.type === 'user') {
    const standing = await standingOf(o.caches, db, o.campaignMissionId, columnOf(o.contest), o.storeUserId);
    if (!standing) return null;
    const row: ContestRankRow = {
      entity_id: o.storeUserId,
      user_id: o.storeUserId,
      store_id: standing.storeId,
      user_name: o.name,
      // The store of my entries, named when it is still mine.
      store_name: standing.storeId === o.storeId ? o.storeName : null,
      submissions: standing.submissions,
      sales: standing.sales,
    };
    return shape(row, standing.place, o.contest, true);
  }
  const metric = metricOf(o.contest);
  const src = scoresSource(o.campaignMissionId, o.contest, {});
  const entity = o.contest.type === 'store' ? o.storeId : o.storeUserId;
  if (entity === null) return null;
  const [me] = rowsOf<ContestRankRow & { ahead: number }>(
    await db.execute(sql`
      with src as (select * from ${src} s), me as (select * from src where entity_id = ${entity})
      select me.entity_id, me.store_user_id as user_id, me.store_id, u.name as user_name, st.name as store_name,
             me.submissions, me.sales_amount_cents as sales,
             (select count(*)::int from src where src.${metric} > me.${metric} or (src.${metric} = me.${metric} and src.entity_id < me.entity_id)) as ahead
      from me left join store_users u on u.id = me.store_user_id left join stores st on st.id = me.store_id`),
  );
  return me ? shape(me, Number(me.ahead) + 1, o.contest, true) : null;
}
