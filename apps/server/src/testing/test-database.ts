import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, type Database } from '../db/client.js';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');
const SQL_SOURCES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/functions');

/**
 * Where the migrated empty PGlite cluster is kept between test files. Its name carries a hash of every
 * migration file, of every SQL source file (db/functions) and of the PGlite version, so a new or edited migration
 * or function (or an upgrade) builds a new one.
 */
function templatePath(): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS);
  walk(SQL_SOURCES);
  return path.join(tmpdir(), `rally-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The installed PGlite's version (its package.json is not exported, so found from its entry point). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return String(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version);
}

/**
 * A migrated PGlite cluster as a tarball. Booting and migrating an empty cluster takes 5–9 s on a 2-core
 * machine and every server test file needs one; loading the dump takes about 1 s. Built by the first test
 * file that needs it (two workers may both build it: each writes its own file and renames it into place).
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = templatePath();
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const fresh = createDatabase({});
    await fresh.migrate();
    const dump = await fresh.dumpDataDir!();
    await fresh.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  }
}

export interface TestDatabase {
  database: Database;
  url?: string;
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default (started from the migrated
 * template; `migrate` then finds nothing to do), or a throw-away database on the PostgreSQL server named by adminUrl.
 */
export async function createTestDatabase(adminUrl?: string, onQuery?: (query: string) => void): Promise<TestDatabase> {
  if (!adminUrl) {
    const database = createDatabase({ onQuery, loadDataDir: await pgliteTemplate() });
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
