import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../db/client.js';

export interface TestDatabase {
  database: Database;
  url?: string;
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * or a throw-away database on the PostgreSQL server named by adminUrl.
 */
export async function createTestDatabase(adminUrl?: string, onQuery?: (query: string) => void): Promise<TestDatabase> {
  if (!adminUrl) {
    const database = createDatabase({ onQuery });
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  const name = `rally_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = createDatabase({ databaseUrl: url.toString(), poolSize: 5, onQuery });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
