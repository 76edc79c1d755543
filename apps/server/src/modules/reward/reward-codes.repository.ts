import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DbOrTx, Tx } from '../../db/client.js';

/** Codes per COPY write on PostgreSQL and per array statement on PGlite. */
const CHUNK = 20_000;

/**
 * Adds codes to a reward, skipping ones it already has. On a PostgreSQL server the codes are streamed with
 * COPY straight into reward_codes; on PGlite (no COPY from a client stream) they go in as one array-parameter
 * statement per chunk, with on conflict do nothing. Decision 0007.
 */
export async function insertCodes(db: DbOrTx, brandId: string, rewardId: number, codes: CodeList): Promise<void> {
  if (isEmpty(codes)) return;
  await db.transaction(async (tx) => {
    const client = pgClientOf(tx);
    if (client) await copyCodes(client, tx, brandId, rewardId, codes);
    else await insertCodeArrays(tx, brandId, rewardId, codes);
    // A refill re-arms the pool's low-stock alert (decision 0031).
    await armCodesLowMark(tx, rewardId);
  });
}

/**
 * Places the reward's low-stock mark again (reward_codes_low_arm, db/functions/reward-codes.sql): after codes are
 * added and when the threshold changes. Nothing to place for a reward without a threshold.
 */
export async function armCodesLowMark(db: DbOrTx, rewardId: number): Promise<void> {
  await db.execute(sql`select reward_codes_low_arm(${rewardId}::int)`);
}

/** The text of a PostgreSQL text[] literal holding these strings. */
const textArray = (items: readonly string[]) => `{${items.map((c) => `"${c.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;

/**
 * Adds the codes the reward does not have yet and answers how many went in: the unique index on (reward, code)
 * decides, so a code uploaded (or generated) meanwhile by another transaction is never added twice. Callers lock the
 * reward row first (code additions to one reward run one after another).
 */
export async function insertNewCodes(tx: DbOrTx, brandId: string, rewardId: number, codes: readonly string[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < codes.length; i += CHUNK) {
    if (i > 0) await nextTurn();
    const res = await tx.execute(sql`
      with ins as (
        insert into reward_codes (brand_id, reward_id, code)
        select ${brandId}, ${rewardId}, code from unnest(${textArray(codes.slice(i, i + CHUNK))}::text[]) as code
        on conflict (reward_id, code) do nothing returning 1)
      select count(*)::int as n from ins`);
    added += Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  }
  return added;
}

/** Locks the reward row, so that code additions to it run one after another (as copyCodes does). */
export async function lockRewardForCodes(tx: DbOrTx, rewardId: number): Promise<void> {
  await tx.execute(sql`select id from rewards where id = ${rewardId} for update`);
}

export interface PoolCodeRow {
  id: number;
  code: string;
  issued_at: string | Date | null;
  created_at: string | Date;
}

/** A page of the reward's pool in id order, after `afterId` (the CSV download reads it a page at a time). */
export async function listPoolCodes(db: DbOrTx, rewardId: number, afterId: number, limit: number): Promise<PoolCodeRow[]> {
  const res = await db.execute(sql`select id, code, issued_at, created_at from reward_codes
    where reward_id = ${rewardId} and id > ${afterId} order by id limit ${limit}`);
  return (res as unknown as { rows: PoolCodeRow[] }).rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * Codes to add: an array, or one text of codes joined by "\n" (a code never holds a line break) — a million codes
 * kept as one string instead of a million (decision 0007).
 */
export type CodeList = readonly string[] | { text: string };

const isEmpty = (codes: CodeList) => ('text' in codes ? codes.text.length === 0 : codes.length === 0);

/** The codes CHUNK at a time, the event loop let through between chunks. */
async function* chunksOf(codes: CodeList): AsyncGenerator<readonly string[]> {
  if (!('text' in codes)) {
    for (let i = 0; i < codes.length; i += CHUNK) {
      if (i > 0) await nextTurn();
      yield codes.slice(i, i + CHUNK);
    }
    return;
  }
  const { text } = codes;
  for (let start = 0, n = 0; start < text.length; n++) {
    if (n > 0) await nextTurn();
    let end = start;
    for (let k = 0; k < CHUNK && end !== -1; k++) end = text.indexOf('\n', end + 1);
    const stop = end === -1 ? text.length : end;
    yield text.slice(start, stop).split('\n');
    start = stop + 1;
  }
}

/** The node-postgres connection a transaction runs on, or null on PGlite. */
function pgClientOf(tx: Tx): pg.ClientBase | null {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : null;
}

/**
 * Callers leave out the codes the reward already has, so the fast path is COPY into the table itself. The
 * reward's row is locked first, so code additions to one reward run one after another; a code that another
 * transaction added between the caller's read and that lock makes the COPY fail on the unique index, and the
 * codes then go through a temporary table and insert … on conflict do nothing instead.
 */
async function copyCodes(client: pg.ClientBase, tx: Tx, brandId: string, rewardId: number, codes: CodeList) {
  await tx.execute(sql`select id from rewards where id = ${rewardId} for update`);
  await tx.execute(sql`savepoint copy_codes`);
  try {
    await pipeline(Readable.from(copyLines(codes, `${brandId}\t${rewardId}\t`)), client.query(copyFrom('copy reward_codes (brand_id, reward_id, code) from stdin')));
    await tx.execute(sql`release savepoint copy_codes`);
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    await tx.execute(sql`rollback to savepoint copy_codes`);
  }
  await tx.execute(sql`create temporary table reward_codes_in (code text not null) on commit drop`);
  await pipeline(Readable.from(copyLines(codes, '')), client.query(copyFrom('copy reward_codes_in (code) from stdin')));
  await tx.execute(sql`
    insert into reward_codes (brand_id, reward_id, code)
    select ${brandId}, ${rewardId}, code from reward_codes_in
    on conflict (reward_id, code) do nothing`);
}

const COPY_SPECIAL = /[\\\t\n\r]/;

/**
 * COPY text format, a chunk of rows per write: backslash, tab and line breaks escaped (codes hold none of the last,
 * by rule; the test keeps the common case from allocating). The event loop gets a turn between chunks, so other
 * requests are answered while a million codes stream out.
 */
async function* copyLines(codes: CodeList, prefix: string) {
  for await (const chunk of chunksOf(codes)) {
    let text = '';
    for (const code of chunk) {
      text += `${prefix}${COPY_SPECIAL.test(code) ? code.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')) : code}\n`;
    }
    yield text;
  }
}

async function insertCodeArrays(tx: Tx, brandId: string, rewardId: number, codes: CodeList) {
  for await (const chunk of chunksOf(codes)) {
    await tx.execute(sql`
      insert into reward_codes (brand_id, reward_id, code)
      select ${brandId}, ${rewardId}, code from unnest(${`{${chunk.map((c) => `"${c.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`}::text[]) as code
      on conflict (reward_id, code) do nothing`);
  }
}

/** What is left of a reward: unissued codes, and paid budget not spent (slices included). */
export async function stockLeft(db: DbOrTx, rewardId: number): Promise<{ codesLeft: number; budgetLeftCents: number }> {
  const res = await db.execute(sql`select
      (select count(*) from reward_codes where reward_id = ${rewardId} and issued_at is null)::bigint as codes_left,
      (select budget_paid_cents - reward_budget_spent(id) from rewards where id = ${rewardId})::bigint as budget_left`);
  const row = (res as unknown as { rows: { codes_left: string | number; budget_left: string | number | null }[] }).rows[0];
  return { codesLeft: Number(row?.codes_left ?? 0), budgetLeftCents: Number(row?.budget_left ?? 0) };
}
