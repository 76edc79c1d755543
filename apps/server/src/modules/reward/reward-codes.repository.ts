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
  });
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
