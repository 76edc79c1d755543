import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { applySqlSources } from './sql-sources.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either, so a use case can run them inside its transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL server's URL (postgres kind only): other clients of it, such as pg-boss, connect with it. */
  connectionString?: string;
  /** Runs the migrations, then applies the SQL source files that changed (sql-sources.ts); returns those files. */
  migrate(): Promise<string[]>;
  /** PGlite only: the whole data directory as a tarball, to start other instances from. */
  dumpDataDir?(): Promise<Blob>;
  /** Rows of a raw SQL statement, whichever driver runs it. */
  rows<T>(query: ReturnType<typeof sql>): Promise<T[]>;
  close(): Promise<void>;
}

// Extensions the migrations create (PGlite bundles them but loads only those named here).
const PGLITE_EXTENSIONS = { pg_trgm };

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: serialises migrations of several processes on one server.
const MIGRATION_LOCK = 728_341_902;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; undefined keeps it in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** Called with every SQL statement run through Drizzle (tests count queries with it). */
  onQuery?: (query: string) => void;
  /**
   * PGlite only: start from this dump (`dumpDataDir`) instead of an empty cluster (test templates). With a dataDir it
   * is loaded only into a new directory; PGlite refuses to load over an existing cluster.
   */
  loadDataDir?: Blob | undefined;
}

/** One instance per process: PGlite in DATA_DIR by default, a PostgreSQL server with DATABASE_URL. */
export function createDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server dropped (restart, failover, admin termination) is discarded by the
    // pool, which opens a new one when needed; without a listener the error would end the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger: queryLogger(options) }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      connectionString: options.databaseUrl,
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS });
          return await applySqlSources({
            exec: async (script) => void (await client.query(script)),
            query: async <T>(text: string, params: unknown[]) => (await client.query(text, params)).rows as T[],
          });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      async rows<T>(query: ReturnType<typeof sql>) {
        const res = await db.execute(query);
        return (res as unknown as { rows: T[] }).rows;
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS, loadDataDir: options.loadDataDir });
  } else {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS, loadDataDir: options.loadDataDir });
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: queryLogger(options) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });
      return applySqlSources({
        exec: async (script) => void (await client.exec(script)),
        query: async <T>(text: string, params: unknown[]) => (await client.query<T>(text, params)).rows,
      });
    },
    async dumpDataDir() {
      const dump = await client.dumpDataDir('none');
      return dump instanceof Blob ? dump : new Blob([dump]);
    },
    async rows<T>(query: ReturnType<typeof sql>) {
      const res = await db.execute(query);
      return (res as unknown as { rows: T[] }).rows;
    },
    close: () => client.close(),
  };
}

function queryLogger(options: DatabaseOptions) {
  const onQuery = options.onQuery;
  return onQuery ? { logQuery: (query: string) => onQuery(query) } : false;
}

export async function ping(database: Database): Promise<boolean> {
  try {
    await database.rows(sql`select 1 as ok`);
    return true;
  } catch {
    return false;
  }
}
