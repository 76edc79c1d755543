import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TDataExport } from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { dataExports, members, rewardPartners, rewards, users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql-helpers.js';

export type ExportRow = typeof dataExports.$inferSelect;

export async function insertExport(db: DbOrTx, values: typeof dataExports.$inferInsert): Promise<ExportRow> {
  const [row] = await db.insert(dataExports).values(values).returning();
  return row!;
}

/** Statuses of an export that still has work ahead: what the caps count. */
const ACTIVE_STATUSES = ['queued', 'running'] as const;

export interface ExportCaps {
  perUser: number;
  perBrand: number;
}

/**
 * Records an export unless its user or its brand already has its cap of exports queued or running; says which
 * cap is full otherwise. Atomic: the count and the insert run in one transaction holding transaction-scoped
 * advisory locks on the user and the brand (always in that order, so two starts never wait on each other in a
 * circle), so parallel starts are counted one after another — never two that each saw room for one.
 */
export async function insertExportWithinCaps(
  db: Db,
  values: typeof dataExports.$inferInsert & { userId: string },
  caps: ExportCaps,
): Promise<{ row: ExportRow; full?: undefined } | { row?: undefined; full: 'user' | 'brand' }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rally.export.user:${values.userId}`}, 0))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rally.export.brand:${values.brandId}`}, 0))`);
    const [active] = await tx
      .select({
        mine: sql<number>`count(*) filter (where ${dataExports.userId} = ${values.userId})::int`,
        brand: sql<number>`count(*) filter (where ${dataExports.brandId} = ${values.brandId})::int`,
      })
      .from(dataExports)
      .where(and(inArray(dataExports.status, [...ACTIVE_STATUSES]), or(eq(dataExports.userId, values.userId), eq(dataExports.brandId, values.brandId))));
    if ((active?.mine ?? 0) >= caps.perUser) return { full: 'user' as const };
    if ((active?.brand ?? 0) >= caps.perBrand) return { full: 'brand' as const };
    const [row] = await tx.insert(dataExports).values(values).returning();
    return { row: row! };
  });
}

export async function findExport(db: DbOrTx, brandId: string, id: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(and(eq(dataExports.brandId, brandId), eq(dataExports.id, id)));
  return row;
}

/** Any brand's export, for the job runner and the signed download link (which carry the id, not a session). */
export async function findExportById(db: DbOrTx, id: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

export async function listExports(db: DbOrTx, brandId: string, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db.select().from(dataExports).where(eq(dataExports.brandId, brandId)).orderBy(desc(dataExports.createdAt), desc(dataExports.id)).offset(offset).limit(limit),
    db.select({ n: count() }).from(dataExports).where(eq(dataExports.brandId, brandId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Moves an export on only from the statuses given (a cancelled export is never set running again). */
export async function updateExportIf(
  db: DbOrTx,
  id: string,
  from: TDataExport['status'][],
  values: Partial<typeof dataExports.$inferInsert>,
): Promise<ExportRow | undefined> {
  const [row] = await db
    .update(dataExports)
    .set(values)
    .where(and(eq(dataExports.id, id), inArray(dataExports.status, from)))
    .returning();
  return row;
}

export async function exportStatus(db: DbOrTx, id: string): Promise<TDataExport['status'] | undefined> {
  const [row] = await db.select({ status: dataExports.status }).from(dataExports).where(eq(dataExports.id, id));
  return row?.status;
}

export async function unfinishedExportIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: dataExports.id }).from(dataExports).where(inArray(dataExports.status, ['queued', 'running']));
  return rows.map((r) => r.id);
}

export async function expiredExportFiles(db: DbOrTx, now: Date) {
  return db
    .select({ id: dataExports.id, brandId: dataExports.brandId, format: dataExports.format })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'done'), sql`${dataExports.expiresAt} < ${now.toISOString()}`));
}

/** Whether an email belongs to a member of the brand (export links go to members only). */
export async function isBrandMemberEmail(db: DbOrTx, brandId: string, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.organizationId, brandId), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return rows.length > 0;
}

/** A reward the brand can see (of its own campaign, or one it partners on), with its campaign; for export filters. */
export async function findVisibleReward(db: DbOrTx, brandId: string, id: number): Promise<{ campaignId: number } | undefined> {
  const [row] = await db
    .select({ campaignId: rewards.campaignId })
    .from(rewards)
    .where(
      and(
        eq(rewards.id, id),
        or(eq(rewards.brandId, brandId), sql`exists (select 1 from ${rewardPartners} rp where rp.reward_id = ${rewards.id} and rp.partner_brand_id = ${brandId})`),
      ),
    );
  return row;
}

// ---- Rows to export, read in keyset batches (docs/decisions/0011) ----

/**
 * An instant as whole minutes since the epoch (int4; exports show minutes): cheaper for the database to write
 * and for `pg` to read than a timestamptz (a Date per row) or numeric `extract` — measured in decision 0011.
 */
const epochMinutes = (column: SQL) => sql`floor(date_part('epoch', ${column}) / 60)::int4`;

export interface CompletionFilterSql {
  campaignId?: number | undefined;
  fromIso?: string | undefined;
  toIso?: string | undefined;
  status?: string | undefined;
}

function completionWhere(brandId: string, f: CompletionFilterSql): SQL {
  const parts: SQL[] = [sql`c.brand_id = ${brandId}`];
  if (f.campaignId) parts.push(sql`c.campaign_id = ${f.campaignId}`);
  if (f.fromIso) parts.push(sql`c.created_at >= ${f.fromIso}::timestamptz`);
  if (f.toIso) parts.push(sql`c.created_at < ${f.toIso}::timestamptz`);
  if (f.status) parts.push(sql`c.status = ${f.status}::completion_status`);
  return sql.join(parts, sql` and `);
}

/** A completion as read in a batch; names come from the lookups below (export-stream.ts, `createLookup`). */
export interface CompletionExportRow {
  id: string | number;
  created_minute: number;
  status: string;
  sales_amount_cents: string | number;
  score: number | null;
  passed: boolean | null;
  campaign_id: number;
  campaign_mission_id: number;
  store_user_id: number | null;
  consumer_id: number | null;
  store_id: number | null;
}

export async function countCompletions(db: DbOrTx, brandId: string, f: CompletionFilterSql): Promise<number> {
  const res = await db.execute(sql`select count(*)::int as n from completions c where ${completionWhere(brandId, f)}`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

export async function completionBatch(db: DbOrTx, brandId: string, f: CompletionFilterSql, afterId: number, limit: number) {
  const res = await db.execute(sql`
    select c.id, ${epochMinutes(sql`c.created_at`)} as created_minute, c.status, c.sales_amount_cents, c.score, c.passed,
           c.campaign_id, c.campaign_mission_id, c.store_user_id, c.consumer_id, c.store_id
    from completions c
    where ${completionWhere(brandId, f)} and c.id > ${afterId}
    order by c.id
    limit ${limit}`);
  return (res as unknown as { rows: CompletionExportRow[] }).rows;
}

export interface CodeFilterSql {
  campaignId?: number | undefined;
  rewardId?: number | undefined;
  issued: 'all' | 'issued' | 'unissued';
}

function codeWhere(brandId: string, f: CodeFilterSql): SQL {
  const parts: SQL[] = [sql`rc.brand_id = ${brandId}`];
  if (f.rewardId) parts.push(sql`rc.reward_id = ${f.rewardId}`);
  if (f.campaignId) parts.push(sql`rc.reward_id in (select id from rewards where campaign_id = ${f.campaignId} and brand_id = ${brandId})`);
  if (f.issued === 'issued') parts.push(sql`rc.issued_at is not null`);
  if (f.issued === 'unissued') parts.push(sql`rc.issued_at is null`);
  return sql.join(parts, sql` and `);
}

/** A reward code as read in a batch; names come from the lookups below. */
export interface CodeExportRow {
  id: string | number;
  code: string;
  reward_id: number;
  issued_minute: number | null;
  issued_to_store_user_id: number | null;
  issued_to_consumer_id: number | null;
}

export async function countCodes(db: DbOrTx, brandId: string, f: CodeFilterSql): Promise<number> {
  const res = await db.execute(sql`select count(*)::int as n from reward_codes rc where ${codeWhere(brandId, f)}`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

export async function codeBatch(db: DbOrTx, brandId: string, f: CodeFilterSql, afterId: number, limit: number) {
  const res = await db.execute(sql`
    select rc.id, rc.code, rc.reward_id, ${epochMinutes(sql`rc.issued_at`)} as issued_minute, rc.issued_to_store_user_id, rc.issued_to_consumer_id
    from reward_codes rc
    where ${codeWhere(brandId, f)} and rc.id > ${afterId}
    order by rc.id
    limit ${limit}`);
  return (res as unknown as { rows: CodeExportRow[] }).rows;
}

// Names of the campaigns, missions, participants, stores and rewards an export's rows point to, by id: read once
// per export for the ids not seen yet (decision 0011). The ids come from the brand's own rows, as a join on them would.

const idList = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

export const campaignNamesByIds = (db: DbOrTx, ids: readonly number[]) =>
  rowsOf<{ id: number; name: string }>(db, sql`select id, name from campaigns where id = any(${idList(ids)})`);

/** Mission titles by campaign-mission id. */
export const missionTitlesByIds = (db: DbOrTx, ids: readonly number[]) =>
  rowsOf<{ id: number; title: string }>(
    db,
    sql`select cm.id, m.title from campaign_missions cm join missions m on m.id = cm.mission_id where cm.id = any(${idList(ids)})`,
  );

export const storeUsersByIds = (db: DbOrTx, ids: readonly number[]) =>
  rowsOf<{ id: number; name: string; email: string; store_id: number | null }>(
    db,
    sql`select id, name, email, store_id from store_users where id = any(${idList(ids)})`,
  );

export const consumersByIds = (db: DbOrTx, ids: readonly number[]) =>
  rowsOf<{ id: number; name: string; email: string }>(db, sql`select id, name, email from consumers where id = any(${idList(ids)})`);

export const storesByIds = (db: DbOrTx, ids: readonly number[]) =>
  rowsOf<{ id: number; name: string; ref_id: string | null }>(db, sql`select id, name, ref_id from stores where id = any(${idList(ids)})`);

/** Rewards with their shown title and their campaign's name. */
export const rewardsByIds = (db: DbOrTx, ids: readonly number[]) =>
  rowsOf<{ id: number; title: string; campaign_name: string }>(
    db,
    sql`select r.id, coalesce(nullif(r.title, ''), r.auto_title, '') as title, ca.name as campaign_name
        from rewards r join campaigns ca on ca.id = r.campaign_id where r.id = any(${idList(ids)})`,
  );

export interface StoreFilterSql {
  status?: string | undefined;
  countryCode?: string | undefined;
  filter?: string | undefined;
}

function storeWhere(brandId: string, f: StoreFilterSql): SQL {
  const parts: SQL[] = [sql`s.brand_id = ${brandId}`];
  if (f.status) parts.push(sql`s.status = ${f.status}::store_status`);
  if (f.countryCode) parts.push(sql`s.country_code = ${f.countryCode}`);
  if (f.filter) {
    const like = `%${escapeLike(f.filter)}%`;
    parts.push(sql`(s.name ilike ${like} or s.formatted_address ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

export interface StoreExportRow {
  id: number;
  name: string;
  status: string;
  ref_id: string | null;
  external_store_id: string | null;
  street: string;
  city: string;
  region: string;
  postal_code: string;
  country_code: string;
  total_users: number;
  created_minute: number;
}

export async function countStores(db: DbOrTx, brandId: string, f: StoreFilterSql): Promise<number> {
  const res = await db.execute(sql`select count(*)::int as n from stores s where ${storeWhere(brandId, f)}`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

export async function storeBatch(db: DbOrTx, brandId: string, f: StoreFilterSql, afterId: number, limit: number) {
  const res = await db.execute(sql`
    select s.id, s.name, s.status, s.ref_id, s.external_store_id, s.street, s.city, s.region, s.postal_code,
           s.country_code, s.total_users, ${epochMinutes(sql`s.created_at`)} as created_minute
    from stores s
    where ${storeWhere(brandId, f)} and s.id > ${afterId}
    order by s.id
    limit ${limit}`);
  return (res as unknown as { rows: StoreExportRow[] }).rows;
}
