import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TMissionSubtype, TMissionType, TSalesBatchSource, TSalesLineOutcome } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { salesBatches, salesCredits, salesLines, salesTransactions } from '../../db/schema/index.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** An array sent as one parameter (drizzle spreads a bare array into a row of parameters). */
const textArray = (items: readonly (string | null)[]) => sql`${sql.param(items)}::text[]`;
const intArray = (items: readonly (number | null)[]) => sql`${sql.param(items)}::int[]`;

/** Rows per insert or update statement: bounded statements (and parameters) on a 200,000-line file. */
const CHUNK = 1_000;

export type SalesBatchRow = typeof salesBatches.$inferSelect;
export type SalesLineRow = typeof salesLines.$inferSelect;
export type NewSalesLine = Omit<typeof salesLines.$inferInsert, 'id' | 'brandId' | 'batchId'>;

export async function insertBatch(
  db: DbOrTx,
  b: {
    brandId: string;
    source: TSalesBatchSource;
    sentBy: string;
    fileName?: string | null;
    fileKey?: string | null;
    status: 'queued' | 'processing';
  },
): Promise<SalesBatchRow> {
  const [row] = await db
    .insert(salesBatches)
    .values({
      brandId: b.brandId,
      source: b.source,
      sentBy: b.sentBy,
      fileName: b.fileName ?? null,
      fileKey: b.fileKey ?? null,
      status: b.status,
    })
    .returning();
  return row!;
}

export async function findBatch(db: DbOrTx, brandId: string, id: number): Promise<SalesBatchRow | undefined> {
  const [row] = await db
    .select()
    .from(salesBatches)
    .where(and(eq(salesBatches.brandId, brandId), eq(salesBatches.id, id)));
  return row;
}

export async function findBatchById(db: DbOrTx, id: number): Promise<SalesBatchRow | undefined> {
  const [row] = await db.select().from(salesBatches).where(eq(salesBatches.id, id));
  return row;
}

export async function listBatches(db: DbOrTx, brandId: string, limit: number): Promise<SalesBatchRow[]> {
  return db
    .select()
    .from(salesBatches)
    .where(eq(salesBatches.brandId, brandId))
    .orderBy(desc(salesBatches.id))
    .limit(limit);
}

/** File batches left queued or half done (the in-process job queue does not survive a restart). */
export async function unfinishedFileBatches(db: DbOrTx): Promise<{ id: number }[]> {
  return db
    .select({ id: salesBatches.id })
    .from(salesBatches)
    .where(and(eq(salesBatches.source, 'file'), sql`${salesBatches.status} in ('queued', 'processing')`));
}

/** API batches still processing long after their call (the process stopped during the call). */
export async function stalledApiBatches(db: DbOrTx, olderThanMinutes: number): Promise<{ id: number }[]> {
  return db
    .select({ id: salesBatches.id })
    .from(salesBatches)
    .where(
      and(
        eq(salesBatches.source, 'api'),
        eq(salesBatches.status, 'processing'),
        sql`${salesBatches.createdAt} < now() - make_interval(mins => ${olderThanMinutes})`,
      ),
    );
}

export async function updateBatch(
  db: DbOrTx,
  id: number,
  set: Partial<Omit<SalesBatchRow, 'id' | 'brandId'>>,
): Promise<void> {
  await db.update(salesBatches).set(set).where(eq(salesBatches.id, id));
}

/** Adds a processed chunk's counts to the batch (its progress). */
export async function addBatchCounts(
  db: DbOrTx,
  id: number,
  d: { done: number; credited: number; duplicates: number; problems: number; completions: number; unlocks: number },
): Promise<void> {
  await db
    .update(salesBatches)
    .set({
      linesDone: sql`${salesBatches.linesDone} + ${d.done}`,
      credited: sql`${salesBatches.credited} + ${d.credited}`,
      duplicates: sql`${salesBatches.duplicates} + ${d.duplicates}`,
      problems: sql`${salesBatches.problems} + ${d.problems}`,
      completionsMade: sql`${salesBatches.completionsMade} + ${d.completions}`,
      unlocksMade: sql`${salesBatches.unlocksMade} + ${d.unlocks}`,
    })
    .where(eq(salesBatches.id, id));
}

/**
 * Stores a batch's lines, 5,000 a statement, each column sent as one array (`unnest`): a row-per-parameter insert of
 * a 100,000-line file spent most of its time building statements.
 */
export async function insertLines(db: DbOrTx, brandId: string, batchId: number, lines: NewSalesLine[]): Promise<void> {
  for (let i = 0; i < lines.length; i += 5 * CHUNK) {
    const part = lines.slice(i, i + 5 * CHUNK);
    const col = <K extends keyof NewSalesLine>(k: K) => part.map((l) => l[k] ?? null);
    await db.execute(sql`
      insert into sales_lines (brand_id, batch_id, row, store_pos_id, staff, sku, quantity, amount_cents, sold_at, transaction_id, outcome, message, store_user_id)
      select ${brandId}, ${batchId}, t.* from unnest(
        ${intArray(col('row'))}, ${textArray(col('storePosId'))}, ${textArray(col('staff'))}, ${textArray(col('sku'))},
        ${intArray(col('quantity'))}, ${sql`${sql.param(col('amountCents'))}::bigint[]`},
        ${sql`${sql.param(part.map((l) => (l.soldAt ? l.soldAt.toISOString() : null)))}::timestamptz[]`},
        ${textArray(col('transactionId'))}, ${textArray(col('outcome'))}, ${textArray(col('message'))}, ${intArray(col('storeUserId'))}) as t`);
  }
}

/** The batch's lines not processed yet, in row order. */
export async function pendingLines(db: DbOrTx, batchId: number): Promise<SalesLineRow[]> {
  return db
    .select()
    .from(salesLines)
    .where(and(eq(salesLines.batchId, batchId), isNull(salesLines.outcome)))
    .orderBy(asc(salesLines.row));
}

/** Writes each line's outcome, one statement per chunk. */
export async function setOutcomes(
  db: DbOrTx,
  batchId: number,
  outcomes: { row: number; outcome: TSalesLineOutcome; message: string | null; storeUserId: number | null }[],
): Promise<void> {
  for (let i = 0; i < outcomes.length; i += CHUNK) {
    const part = outcomes.slice(i, i + CHUNK);
    await db.execute(sql`
      update sales_lines l set outcome = v.outcome, message = v.message, store_user_id = v.su
      from (select * from unnest(${intArray(part.map((o) => o.row))}, ${textArray(part.map((o) => o.outcome))},
                                 ${textArray(part.map((o) => o.message))}, ${intArray(part.map((o) => o.storeUserId))})
            as t(row, outcome, message, su)) v
      where l.batch_id = ${batchId} and l.row = v.row`);
  }
}

/**
 * Claims transaction ids for a batch in one statement: the primary key (brand, transaction id) makes a second claim
 * a no-op whoever races it. Answers, per id, the batch that holds it (this one, or the earlier batch).
 */
export async function claimTransactions(
  db: DbOrTx,
  brandId: string,
  batchId: number,
  ids: string[],
): Promise<Map<string, number>> {
  const holder = new Map<string, number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    await db.execute(sql`
      insert into sales_transactions (brand_id, transaction_id, batch_id)
      select ${brandId}, t, ${batchId} from unnest(${textArray(part)}) t
      on conflict (brand_id, transaction_id) do nothing`);
    const rows = await db
      .select({ id: salesTransactions.transactionId, batchId: salesTransactions.batchId })
      .from(salesTransactions)
      .where(
        and(eq(salesTransactions.brandId, brandId), sql`${salesTransactions.transactionId} = any(${textArray(part)})`),
      );
    for (const r of rows) holder.set(r.id, r.batchId);
  }
  return holder;
}

export async function insertCredits(
  db: DbOrTx,
  brandId: string,
  batchId: number,
  credits: { transactionId: string; completionId: number; campaignId: number; storeUserId: number; unlocks: number }[],
): Promise<void> {
  for (let i = 0; i < credits.length; i += CHUNK)
    await db.insert(salesCredits).values(credits.slice(i, i + CHUNK).map((c) => ({ ...c, brandId, batchId })));
}

/** The brand's stores by point-of-sale id (any case), falling back to its own reference, as the staff import does. */
export async function storesByPosIds(
  db: DbOrTx,
  brandId: string,
  keys: string[],
): Promise<{ id: number; key: string; by: 'pos' | 'ref' }[]> {
  if (keys.length === 0) return [];
  return rowsOf<{ id: number; key: string; by: 'pos' | 'ref' }>(
    await db.execute(sql`
      select id, lower(external_store_id) as key, 'pos' as by from stores
        where brand_id = ${brandId} and external_store_id is not null and lower(external_store_id) = any(${textArray(keys)})
      union all
      select id, lower(ref_id) as key, 'ref' as by from stores
        where brand_id = ${brandId} and ref_id is not null and lower(ref_id) = any(${textArray(keys)})`),
  ).map((r) => ({ ...r, id: Number(r.id) }));
}

export interface SalesStaffRow {
  id: number;
  store_id: number;
  status: string;
  email: string | null;
}

/** The brand's staff by id or address (any case); deleted people have neither an address nor a place. */
export async function staffByRefs(
  db: DbOrTx,
  brandId: string,
  ids: number[],
  emails: string[],
): Promise<SalesStaffRow[]> {
  if (ids.length === 0 && emails.length === 0) return [];
  // Two arms, so each is answered by its index (the primary key; (brand_id, lower(email))).
  return rowsOf<SalesStaffRow>(
    await db.execute(sql`
      select id, store_id, status, lower(email) as email from store_users
        where id = any(${intArray(ids)}) and brand_id = ${brandId} and deleted_at is null
      union
      select id, store_id, status, lower(email) as email from store_users
        where brand_id = ${brandId} and lower(email) = any(${textArray(emails)}) and email is not null and deleted_at is null`),
  ).map((r) => ({ ...r, id: Number(r.id), store_id: Number(r.store_id) }));
}

/** Which of these SKUs (lower-case) are a product of any of the brand's missions. */
export async function knownSkus(db: DbOrTx, brandId: string, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = rowsOf<{ sku: string }>(
    await db.execute(sql`
      select distinct lower(trim(data->>'sku')) as sku from mission_items
      where brand_id = ${brandId} and kind = 'option' and lower(trim(data->>'sku')) = any(${textArray(skus)})`),
  );
  return new Set(rows.map((r) => r.sku));
}

export interface LiveSalesMissionRow {
  campaign_id: number;
  campaign_mission_id: number;
  start_date: Date | string | null;
  end_date: Date | string | null;
  type: TMissionType;
  subtype: TMissionSubtype;
  is_contest: boolean;
  item_id: number;
  sku: string;
}

/** Products with a SKU of the missions of the brand's running staff campaigns (consumer campaigns take no staff). */
export async function liveSalesMissions(db: DbOrTx, brandId: string): Promise<LiveSalesMissionRow[]> {
  return rowsOf<LiveSalesMissionRow>(
    await db.execute(sql`
      select c.id as campaign_id, cm.id as campaign_mission_id, c.start_date, c.end_date, m.type, m.subtype,
             (cm.contest is not null) as is_contest, i.id as item_id, lower(trim(i.data->>'sku')) as sku
      from campaigns c
      join campaign_missions cm on cm.campaign_id = c.id
      join missions m on m.id = cm.mission_id
      join mission_items i on i.mission_id = m.id and i.kind = 'option'
      where c.brand_id = ${brandId} and c.status = 'active' and c.type <> 'consumer'
        and coalesce(trim(i.data->>'sku'), '') <> ''
      order by c.id, cm.id, i.id`),
  );
}

/** Rows of the batch already stored (a file resumed after a stop stores only the others). */
export async function storedRows(db: DbOrTx, batchId: number): Promise<Set<number>> {
  const rows = await db.select({ row: salesLines.row }).from(salesLines).where(eq(salesLines.batchId, batchId));
  return new Set(rows.map((r) => r.row));
}

export async function batchLines(
  db: DbOrTx,
  batchId: number,
  onlyProblems: boolean,
  limit: number,
): Promise<SalesLineRow[]> {
  return db
    .select()
    .from(salesLines)
    .where(
      and(
        eq(salesLines.batchId, batchId),
        onlyProblems ? sql`coalesce(${salesLines.outcome}, '') <> 'credited'` : undefined,
      ),
    )
    .orderBy(asc(salesLines.row))
    .limit(limit);
}

export interface SalesCreditRow {
  transaction_id: string;
  campaign_id: number;
  campaign_name: string;
  store_user_id: number;
  staff_name: string;
  completion_id: number;
  unlocks: number;
}

export async function batchCredits(
  db: DbOrTx,
  brandId: string,
  batchId: number,
  limit: number,
): Promise<SalesCreditRow[]> {
  return rowsOf<SalesCreditRow>(
    await db.execute(sql`
      select x.transaction_id, x.campaign_id, c.name as campaign_name, x.store_user_id, u.name as staff_name, x.completion_id, x.unlocks
      from sales_credits x
      join campaigns c on c.id = x.campaign_id
      join store_users u on u.id = x.store_user_id
      where x.brand_id = ${brandId} and x.batch_id = ${batchId}
      order by x.id limit ${limit}`),
  );
}
