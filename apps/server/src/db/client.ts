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
  migrate(): Promise<void>;
  /** Rows of a raw SQL statement, whichever driver runs it. */
  rows<T>(query: ReturnType<typeof sql>): Promise<T[]>;
  /** Notifications (PostgreSQL LISTEN/NOTIFY) on these channels, on a connection of their own. */
  listen(channels: readonly string[], handlers: ChangeFeedHandlers): ChangeFeed;
  close(): Promise<void>;
}

export interface ChangeFeedHandlers {
  onNotify(channel: string, payload: string): void;
  /** Listening (again): every notification committed from now on will be delivered, in commit order. */
  onReady(): void;
  /** The connection broke: notifications may be missed until the next onReady. */
  onLost(): void;
}

export interface ChangeFeed {
  /**
   * NOTIFY on the feed's own connection. It commits after everything this process committed before
   * the call, so when the feed delivers it back, their notifications have all been delivered.
   */
  notify(channel: string, payload: string): Promise<void>;
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
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      async rows<T>(query: ReturnType<typeof sql>) {
        const res = await db.execute(query);
        return (res as unknown as { rows: T[] }).rows;
      },
      listen: (channels, handlers) => listenOnServer(options.databaseUrl as string, channels, handlers),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
  } else {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: queryLogger(options) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });
    },
    async rows<T>(query: ReturnType<typeof sql>) {
      const res = await db.execute(query);
      return (res as unknown as { rows: T[] }).rows;
    },
    listen(channels, handlers) {
      // One in-process session: a notification reaches the listeners before the committing call returns.
      const stops = Promise.all(channels.map((channel) => client.listen(channel, (payload) => handlers.onNotify(channel, payload))));
      void stops.then(() => handlers.onReady(), () => handlers.onLost());
      return {
        async notify(channel, payload) {
          await client.query('select pg_notify($1, $2)', [channel, payload]);
        },
        async close() {
          for (const stop of await stops.catch(() => [])) await stop().catch(() => undefined);
        },
      };
    },
    close: () => client.close(),
  };
}

const RELISTEN_MS = 1_000;
const HEARTBEAT_MS = 2_000;
/** How the listening connection names itself to the server (pg_stat_activity.application_name). */
export const CHANGE_FEED_APPLICATION = 'rally-change-feed';

/** A dedicated connection that LISTENs, and listens again after the server dropped it. */
function listenOnServer(connectionString: string, channels: readonly string[], handlers: ChangeFeedHandlers): ChangeFeed {
  let current: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString, application_name: CHANGE_FEED_APPLICATION, keepAlive: true });
    let dead = false;
    let beat: NodeJS.Timeout | undefined;
    const drop = () => {
      if (dead) return;
      dead = true;
      clearInterval(beat);
      if (current === client) {
        current = undefined;
        handlers.onLost();
      }
      client.end().catch(() => undefined);
      if (!closed && !retry) {
        retry = setTimeout(() => {
          retry = undefined;
          void connect();
        }, RELISTEN_MS);
        retry.unref();
      }
    };
    client.on('notification', (message) => handlers.onNotify(message.channel, message.payload ?? ''));
    client.on('error', drop);
    client.on('end', drop);
    try {
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch {
      drop();
      return;
    }
    if (closed) {
      dead = true;
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    handlers.onReady();
    // A connection can also hang without closing (a network partition): one that stops answering is dropped too.
    beat = setInterval(() => {
      const deadline = setTimeout(drop, HEARTBEAT_MS);
      deadline.unref();
      client.query('select 1').then(() => clearTimeout(deadline), drop);
    }, HEARTBEAT_MS);
    beat.unref();
  };
  void connect();

  return {
    async notify(channel, payload) {
      if (!current) throw new Error('not listening');
      await current.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
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
