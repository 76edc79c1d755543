import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TReach, TStoreStatus } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { perDatabase } from '../../lib/per-database.js';
import { storeActivity, storeGroupMembers, storeGroups, storeUsers, stores } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql-helpers.js';

export type StoreRow = typeof stores.$inferSelect;
export type GroupRow = typeof storeGroups.$inferSelect;

export const STORE_SORT_COLUMNS = {
  weight: stores.weight,
  storeName: stores.name,
  totalUsers: stores.totalUsers,
  status: stores.status,
  createdAt: stores.createdAt,
  refId: stores.refId,
} as const;
export type StoreSortField = keyof typeof STORE_SORT_COLUMNS;

export const GROUP_SORT_COLUMNS = {
  weight: storeGroups.weight,
  name: storeGroups.name,
  totalStores: storeGroups.totalStores,
  totalUsers: storeGroups.totalUsers,
} as const;
export type GroupSortField = keyof typeof GROUP_SORT_COLUMNS;

export interface StoreListSpec {
  brandId: string;
  status?: TStoreStatus | undefined;
  /** Case-insensitive substring of the name or the address. */
  filter?: string | undefined;
  countryCode?: string | undefined;
  groupId?: number | undefined;
  sort: StoreSortField;
  descending: boolean;
}

export interface GroupListSpec {
  brandId: string;
  status?: TStoreStatus | undefined;
  /** Case-insensitive substring of the name. */
  filter?: string | undefined;
  sort: GroupSortField;
  descending: boolean;
}

const likeText = (filter: string) => `%${escapeLike(filter)}%`;

async function idArray(db: DbOrTx, query: SQL): Promise<Int32Array> {
  const res = (await db.execute(sql`select array(${query}) as ids`)) as unknown as { rows: { ids: number[] }[] };
  return Int32Array.from(res.rows[0]?.ids ?? []);
}

/**
 * Every id of the brand's rows of `table` (of one status, if given) matching `filters`, ordered
 * by `sortColumn` then id, as one array from one statement.
 */
function orderedIds(
  db: DbOrTx,
  table: typeof stores | typeof storeGroups,
  spec: { brandId: string; status?: TStoreStatus | undefined; descending: boolean },
  sortColumn: AnyPgColumn,
  filters: (SQL | undefined)[],
): Promise<Int32Array> {
  const dir = spec.descending ? desc : asc;
  const query = db
    .select({ id: table.id })
    .from(table as typeof stores)
    .where(and(eq(table.brandId, spec.brandId), spec.status ? eq(table.status, spec.status) : undefined, ...filters))
    .orderBy(dir(sortColumn), dir(table.id));
  return idArray(db, query.getSQL());
}

/**
 * Every id of a store list in display order (sort key, then id), in one statement: the order
 * comes from a (brand, status, key, id) index, a search from the trigram indexes on name and
 * address. Callers keep the result per store revision and page through it.
 */
export function orderedStoreIds(db: DbOrTx, spec: StoreListSpec): Promise<Int32Array> {
  return orderedIds(db, stores, spec, STORE_SORT_COLUMNS[spec.sort], [
    spec.filter
      ? or(ilike(stores.name, likeText(spec.filter)), ilike(stores.formattedAddress, likeText(spec.filter)))
      : undefined,
    spec.countryCode ? eq(stores.countryCode, spec.countryCode) : undefined,
    spec.groupId !== undefined
      ? inArray(
          stores.id,
          db
            .select({ id: storeGroupMembers.storeId })
            .from(storeGroupMembers)
            .where(and(eq(storeGroupMembers.groupId, spec.groupId), eq(storeGroupMembers.brandId, spec.brandId))),
        )
      : undefined,
  ]);
}

/** Every id of a group list in display order; totals are columns kept by triggers, so they sort from an index too. */
export function orderedGroupIds(db: DbOrTx, spec: GroupListSpec): Promise<Int32Array> {
  return orderedIds(db, storeGroups, spec, GROUP_SORT_COLUMNS[spec.sort], [
    spec.filter ? ilike(storeGroups.name, likeText(spec.filter)) : undefined,
  ]);
}

// The rows of one page with the brand's store revision read in the same statement (so the
// revision the page's ids were listed at is confirmed without a second round trip); prepared
// once per connection, as this is the hot path of every list call.
function prepareRowQueries(db: DbOrTx) {
  const brandId = sql.placeholder('brandId');
  const ids = sql`${sql.placeholder('ids')}::int[]`;
  const rev = sql`(select coalesce((select rev from store_cache_revs where brand_id = ${brandId}), 0) as rev) r`;
  return {
    stores: db
      .select({ rev: sql<string>`r.rev`, row: stores })
      .from(rev)
      .leftJoin(stores, and(eq(stores.brandId, brandId), sql`${stores.id} = any(${ids})`))
      .prepare('store_rows_by_id'),
    groups: db
      .select({ rev: sql<string>`r.rev`, row: storeGroups })
      .from(rev)
      .leftJoin(storeGroups, and(eq(storeGroups.brandId, brandId), sql`${storeGroups.id} = any(${ids})`))
      .prepare('store_group_rows_by_id'),
  };
}

const rowQueries = perDatabase(prepareRowQueries);

export interface RowsAtRev<R> {
  /** The brand's store revision when the rows were read. */
  rev: number;
  rows: R[];
}

function atRev<R>(result: { rev: string | number; row: R | null }[]): RowsAtRev<R> {
  return { rev: Number(result[0]?.rev ?? 0), rows: result.flatMap((r) => (r.row ? [r.row] : [])) };
}

export async function storesByIds(db: DbOrTx, brandId: string, ids: readonly number[]): Promise<RowsAtRev<StoreRow>> {
  return atRev(await rowQueries(db).stores.execute({ brandId, ids }));
}

export async function groupsByIds(db: DbOrTx, brandId: string, ids: readonly number[]): Promise<RowsAtRev<GroupRow>> {
  return atRev(await rowQueries(db).groups.execute({ brandId, ids }));
}

/** The ids among `ids` that are not rows of the brand in the table (another brand's, or none at all). */
async function unknownIds(
  db: DbOrTx,
  table: typeof stores | typeof storeGroups,
  brandId: string,
  ids: readonly number[],
) {
  if (ids.length === 0) return [];
  const found: { id: number }[] = await db
    .select({ id: table.id })
    .from(table as typeof stores)
    .where(and(eq(table.brandId, brandId), sql`${table.id} = any(${sql.param(ids)}::int[])`));
  const known = new Set(found.map((r) => r.id));
  return [...new Set(ids)].filter((id) => !known.has(id));
}

export const unknownStoreIds = (db: DbOrTx, brandId: string, ids: readonly number[]) =>
  unknownIds(db, stores, brandId, ids);
export const unknownGroupIds = (db: DbOrTx, brandId: string, ids: readonly number[]) =>
  unknownIds(db, storeGroups, brandId, ids);

export async function countStoresByStatus(db: DbOrTx, brandId: string): Promise<Map<TStoreStatus, number>> {
  const rows = await db
    .select({ status: stores.status, n: count() })
    .from(stores)
    .where(eq(stores.brandId, brandId))
    .groupBy(stores.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

export async function updateStoreStatus(
  db: DbOrTx,
  brandId: string,
  id: number,
  status: TStoreStatus,
): Promise<StoreRow | undefined> {
  const [row] = await db
    .update(stores)
    .set({ status })
    .where(and(eq(stores.brandId, brandId), eq(stores.id, id)))
    .returning();
  return row;
}

export interface ReachCounts extends TReach {
  /** How many of the given ids are the brand's (stores or groups, by scope). */
  found: number;
}

const textArray = (codes: readonly string[]) => sql`${sql.param(codes)}::text[]`;
const intArray = (ids: readonly number[]) => sql`${sql.param(ids)}::int[]`;

async function reachRow(db: DbOrTx, query: SQL): Promise<ReachCounts> {
  const res = (await db.execute(query)) as unknown as {
    rows: { found: number | string; groups: number | string; stores: number | string; users: number | string }[];
  };
  const row = res.rows[0];
  return {
    found: Number(row?.found ?? 0),
    groups: Number(row?.groups ?? 0),
    stores: Number(row?.stores ?? 0),
    users: Number(row?.users ?? 0),
  };
}

/**
 * Groups that hold at least one of the reached stores (`reached` is a CTE of store ids): an
 * index lookup per store in store_group_members, then the group's status by primary key.
 */
const groupsHolding = sql`(select count(distinct m.group_id) from store_group_members m
  join store_groups g on g.id = m.group_id and g.status = 'approved'
  where m.store_id in (select id from reached))`;

/**
 * Scope all: every approved store of the brand, or of some countries (then the groups are those
 * holding a reached store; without countries, every approved group of the brand).
 */
export function reachOfAll(db: DbOrTx, brandId: string, countryCodes: readonly string[]): Promise<ReachCounts> {
  if (countryCodes.length === 0) {
    return reachRow(
      db,
      sql`select 0 as found,
        (select count(*) from store_groups where brand_id = ${brandId} and status = 'approved') as groups,
        count(*) as stores, coalesce(sum(total_users), 0) as users
      from stores where brand_id = ${brandId} and status = 'approved'`,
    );
  }
  return reachRow(
    db,
    sql`with reached as materialized (
        select id, total_users from stores
        where brand_id = ${brandId} and status = 'approved' and country_code = any(${textArray(countryCodes)}))
      select 0 as found, ${groupsHolding} as groups,
        (select count(*) from reached) as stores, (select coalesce(sum(total_users), 0) from reached) as users`,
  );
}

// Reach of a store or group scope: prepared once per connection, so PostgreSQL plans it once
// (planning a statement with a 500-id array costs more than running it).
function prepareReachQueries(db: DbOrTx) {
  const brandId = sql.placeholder('brandId');
  const ids = sql`${sql.placeholder('ids')}::int[]`;
  const countries = sql`${sql.placeholder('countries')}::text[]`;
  return {
    // A reached store is approved and, when countries are given, in one of them; the groups are
    // the approved ones holding a reached store (array_agg there is the outer query's aggregate).
    stores: db
      .select({
        found: sql<number>`count(*)::int`,
        stores: sql<number>`count(*) filter (where p.reached)::int`,
        users: sql<string>`coalesce(sum(p.total_users) filter (where p.reached), 0)::bigint`,
        groups: sql<number>`(select count(*)::int from store_groups g where g.status = 'approved' and g.id in (
          select m.group_id from store_group_members m where m.store_id = any(array_agg(p.id) filter (where p.reached))))`,
      })
      .from(
        sql`(select id, total_users, status = 'approved' and (cardinality(${countries}) = 0 or country_code = any(${countries})) as reached
             from stores where brand_id = ${brandId} and id = any(${ids})) p`,
      )
      .prepare('store_reach_of_stores'),
    // Each group's approved stores and users are kept on the group row; a store held by k of the
    // chosen groups is counted k times there, so the k - 1 extra are taken off.
    groups: db
      .select({
        found: sql<number>`count(*)::int`,
        groups: sql<number>`count(*) filter (where g.approved)::int`,
        stores: sql<number>`coalesce(sum(g.total_stores) filter (where g.approved), 0)::int`,
        users: sql<string>`coalesce(sum(g.total_users) filter (where g.approved), 0)::bigint`,
        overlap: sql<
          number[]
        >`(select array[coalesce(sum(d.k - 1), 0), coalesce(sum((d.k - 1) * s.total_users), 0)]::int[]
          from (select m.store_id, count(*) as k from store_group_members m
                where m.group_id = any(array_agg(g.id) filter (where g.approved))
                group by m.store_id having count(*) > 1) d
          join stores s on s.id = d.store_id and s.status = 'approved')`,
      })
      .from(
        sql`(select id, status = 'approved' as approved, total_stores, total_users
             from store_groups where brand_id = ${brandId} and id = any(${ids})) g`,
      )
      .prepare('store_reach_of_groups'),
  };
}

const reachQueries = perDatabase(prepareReachQueries);

/** Scope store: the given stores that are approved (and in the countries, if any); groups holding them. */
export async function reachOfStores(
  db: DbOrTx,
  brandId: string,
  ids: readonly number[],
  countryCodes: readonly string[],
): Promise<ReachCounts> {
  const [row] = await reachQueries(db).stores.execute({ brandId, ids, countries: countryCodes });
  return { found: row?.found ?? 0, groups: row?.groups ?? 0, stores: row?.stores ?? 0, users: Number(row?.users ?? 0) };
}

/**
 * Scope group: the given approved groups and their approved member stores, each counted once
 * however many of the groups hold it. With countries, only stores in them are reached, and only
 * groups holding one of those count.
 */
export async function reachOfGroups(
  db: DbOrTx,
  brandId: string,
  ids: readonly number[],
  countryCodes: readonly string[],
): Promise<ReachCounts> {
  if (countryCodes.length === 0) {
    const [row] = await reachQueries(db).groups.execute({ brandId, ids });
    const [extraStores = 0, extraUsers = 0] = row?.overlap ?? [];
    return {
      found: row?.found ?? 0,
      groups: row?.groups ?? 0,
      stores: (row?.stores ?? 0) - extraStores,
      users: Number(row?.users ?? 0) - extraUsers,
    };
  }
  return reachRow(
    db,
    sql`with picked as materialized (
        select id, status from store_groups where brand_id = ${brandId} and id = any(${intArray(ids)})),
      reached as materialized (
        select s.id, s.total_users from stores s
        where s.id in (select m.store_id from store_group_members m
                       where m.group_id in (select id from picked where status = 'approved'))
          and s.brand_id = ${brandId} and s.status = 'approved' and s.country_code = any(${textArray(countryCodes)}))
      select (select count(*) from picked) as found,
        (select count(distinct m.group_id) from store_group_members m
          where m.group_id in (select id from picked where status = 'approved') and m.store_id in (select id from reached)) as groups,
        (select count(*) from reached) as stores, (select coalesce(sum(total_users), 0) from reached) as users`,
  );
}

// ---- Store page and operations (product rule R92) ----

export type StoreActivityChange = { field: string; old: unknown; new: unknown };

/** Records a change of a store in its activity log; runs in the caller's transaction. */
export async function insertStoreActivity(
  db: DbOrTx,
  entry: { brandId: string; storeId: number; userId: string | null; actorName: string; action: string; changes?: StoreActivityChange[] },
): Promise<void> {
  await db.insert(storeActivity).values({ ...entry, changes: entry.changes ?? [] });
}

export async function findStore(db: DbOrTx, brandId: string, id: number, forUpdate = false): Promise<StoreRow | undefined> {
  const q = db.select().from(stores).where(and(eq(stores.brandId, brandId), eq(stores.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function usersOfStore(db: DbOrTx, brandId: string, storeId: number) {
  return db
    .select({ id: storeUsers.id, name: storeUsers.name, email: storeUsers.email, role: storeUsers.role, createdAt: storeUsers.createdAt })
    .from(storeUsers)
    .where(and(eq(storeUsers.brandId, brandId), eq(storeUsers.storeId, storeId)))
    .orderBy(asc(storeUsers.name), asc(storeUsers.id))
    .limit(1000);
}

export async function activityOfStore(db: DbOrTx, brandId: string, storeId: number, limit = 100) {
  return db
    .select()
    .from(storeActivity)
    .where(and(eq(storeActivity.brandId, brandId), eq(storeActivity.storeId, storeId)))
    .orderBy(desc(storeActivity.createdAt), desc(storeActivity.id))
    .limit(limit);
}

/** Deletes a user of a store and moves the store's head count with it; undefined when no such user. */
export async function deleteStoreUser(db: DbOrTx, brandId: string, storeId: number, userId: number) {
  const [row] = await db
    .delete(storeUsers)
    .where(and(eq(storeUsers.brandId, brandId), eq(storeUsers.storeId, storeId), eq(storeUsers.id, userId)))
    .returning({ id: storeUsers.id, name: storeUsers.name, email: storeUsers.email, status: storeUsers.status });
  // The head count holds active people only (decision 0024).
  if (row?.status === 'active') await db.update(stores).set({ totalUsers: sql`greatest(${stores.totalUsers} - 1, 0)` }).where(eq(stores.id, storeId));
  return row;
}

export async function updateStoreFields(db: DbOrTx, brandId: string, id: number, values: Partial<typeof stores.$inferInsert>) {
  const [row] = await db
    .update(stores)
    .set(values)
    .where(and(eq(stores.brandId, brandId), eq(stores.id, id)))
    .returning();
  return row;
}
