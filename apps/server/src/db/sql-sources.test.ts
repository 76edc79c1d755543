import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTestEnv } from '../config/test-env.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { functionsIn, readSqlSources } from './sql-sources.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(loadTestEnv().TEST_DATABASE_URL);
});
afterAll(() => t.dispose());

/** Our functions in the database (extensions' own left out): name → bodies (one per overload). */
async function databaseFunctions(): Promise<Map<string, string[]>> {
  const rows = await t.database.rows<{ name: string; body: string }>(sql`
    select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public'
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.classid = 'pg_proc'::regclass and d.deptype = 'e')`);
  const byName = new Map<string, string[]>();
  for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r.body]);
  return byName;
}

describe('SQL functions: one source file per concern', () => {
  it('holds every function body in the database equal to its source file, and no function outside the sources', async () => {
    const inDatabase = await databaseFunctions();
    const sources = readSqlSources().flatMap((s) => functionsIn(s.text).map((f) => ({ ...f, file: s.file })));
    expect(sources.length).toBeGreaterThan(20);
    for (const f of sources) expect(inDatabase.get(f.name), `${f.name} (${f.file})`).toEqual([f.body]);
    const defined = new Set(sources.map((f) => f.name));
    expect([...inDatabase.keys()].filter((name) => !defined.has(name))).toEqual([]);
    // Each function is written once.
    expect(sources.length).toBe(defined.size);
  });

  it('applies a source file again when its text differs from the one applied, and leaves unchanged files alone', async () => {
    expect(await t.database.migrate()).toEqual([]);
    // A body changed behind the sources' back, and the record of what was applied no longer matching engine.sql.
    await t.database.db.execute(sql`create or replace function engine_participant_key(store_user_id integer, consumer_id integer)
      returns text language sql immutable as $$ select 'changed' $$`);
    await t.database.db.execute(sql`update drizzle.__sql_sources set sha256 = 'stale' where file = 'engine.sql'`);
    expect(await t.database.migrate()).toEqual(['engine.sql']);
    const [key] = await t.database.rows<{ k: string }>(sql`select engine_participant_key(7, null) as k`);
    expect(key!.k).toBe('u:7');
  });

  it('keeps the engine lock keys of a store user, a consumer and a store apart, and refuses an id outside the key space', async () => {
    // Held in one transaction: pg_locks shows the three keys as distinct advisory locks.
    const keys = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select engine_lock(5, 'store_user', 7), engine_lock(5, 'consumer', 7), engine_lock(5, 'store', 7)`);
      const r = await tx.execute(sql`select classid::bigint * 4294967296 + objid::bigint as k from pg_locks
        where locktype = 'advisory' and pid = pg_backend_pid() and objsubid = 1 order by 1`);
      return (r as unknown as { rows: { k: string | number }[] }).rows.map((x) => BigInt(x.k));
    });
    expect(keys).toEqual([(5n << 32n) | 7n, (5n << 32n) | (1n << 30n) | 7n, (5n << 32n) | (2n << 30n) | 7n]);
    const refusal = (q: ReturnType<typeof sql>) =>
      t.database.db.execute(q).then(
        () => 'taken',
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
    expect(await refusal(sql`select engine_lock(5, 'store_user', 1073741824)`)).toMatch(/outside the key space/);
    expect(await refusal(sql`select engine_lock(5, 'nobody', 1)`)).toMatch(/outside the key space/);
  });
});
