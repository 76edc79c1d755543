import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, type Database } from '../db/client.js';
import { seedDemo } from '../seed/seed-demo.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS = path.join(HERE, '../db/migrations');
const SQL_SOURCES = path.join(HERE, '../db/functions');
// What the demo data is made from: the seed, and the server and domain code it runs (the engine issues its codes).
const DEMO_SOURCES = [path.join(HERE, '..'), path.join(HERE, '../../../../packages/domain/src')];

/** What a PGlite template holds: the migrated empty schema, or that with the demo data seeded on one UTC day. */
export type PgliteTemplateKind = 'empty' | 'demo';

/**
 * Where a PGlite template is kept between test files. Its name carries a hash of every migration file, of every SQL
 * source file (db/functions) and of the PGlite version, so a new or edited migration or function (or an upgrade)
 * builds a new one. The demo template also hashes the server's and the domain's sources and the UTC day: the seed
 * dates its campaigns from today.
 */
function templatePath(kind: PgliteTemplateKind): string {
  const extra = kind === 'empty' ? pgliteVersion() : `${pgliteVersion()} demo ${new Date().toISOString().slice(0, 10)}`;
  const hash = schemaHash(extra, kind === 'demo' ? DEMO_SOURCES : []);
  return path.join(tmpdir(), `rally-pglite-${kind}-template-${hash}.tar`);
}

/** A hash of every migration file and every SQL source file (db/functions), of `extra` and of the files under `more`. */
function schemaHash(extra = '', more: string[] = []): string {
  const hash = createHash('sha256');
  hash.update(extra);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  for (const dir of [MIGRATIONS, SQL_SOURCES, ...more]) walk(dir);
  return hash.digest('hex').slice(0, 16);
}

/** The installed PGlite's version (its package.json is not exported, so found from its entry point). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return String(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version);
}

/**
 * A PGlite cluster as a tarball: migrated, and for `demo` seeded with the demo data. Booting and migrating an empty
 * cluster takes 5–9 s on a 2-core machine and seeding 2 s more; every server test file needs an empty one and every
 * browser test file a seeded one, and loading a dump takes about 1 s. Built by the first test file that needs it (two
 * workers may both build it: each writes its own file and renames it into place).
 */
export async function pgliteTemplate(kind: PgliteTemplateKind = 'empty'): Promise<Blob> {
  const file = templatePath(kind);
  try {
    const bytes = await readFile(file);
    // A file read is never shared memory; the DOM's Blob type (the browser suite compiles this file) wants that said.
    return new Blob([new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength)]);
  } catch {
    const fresh = createDatabase({ loadDataDir: kind === 'demo' ? await pgliteTemplate('empty') : undefined });
    await fresh.migrate();
    if (kind === 'demo') await seedDemo(fresh);
    const dump = await fresh.dumpDataDir!();
    await fresh.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    dropStaleTemplates(kind, file);
    return dump;
  }
}

/**
 * Every source change names a new template (tens of megabytes in the temp directory): the other ones of this kind
 * are removed once an hour has passed since they were written, so a run of another tree started meanwhile keeps its own.
 */
function dropStaleTemplates(kind: PgliteTemplateKind, keep: string) {
  const prefix = `rally-pglite-${kind}-template-`;
  for (const name of readdirSync(tmpdir())) {
    const full = path.join(tmpdir(), name);
    if (!name.startsWith(prefix) || full === keep) continue;
    try {
      if (Date.now() - statSync(full).mtimeMs > 3_600_000) rmSync(full, { force: true });
    } catch {
      // Removed by another worker meanwhile.
    }
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
  try {
    await admin.query(`create database ${name} template ${await serverTemplate(admin, adminUrl)}`);
  } finally {
    await admin.end();
  }
  const database = createDatabase({ databaseUrl: databaseUrlOf(adminUrl, name), poolSize: 5, onQuery });
  await database.migrate();
  return {
    database,
    url: databaseUrlOf(adminUrl, name),
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const databaseUrlOf = (adminUrl: string, name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

/**
 * The migrated empty database on the PostgreSQL server that each test file's database is copied from
 * (`CREATE DATABASE … TEMPLATE`, a file copy): migrating a new database took a few seconds per test file. Named by the
 * same hash as the PGlite template, so a new or edited migration or SQL source builds a new one; built once, by the
 * first test file that needs it, under an advisory lock the other workers wait on.
 */
async function serverTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const name = `rally_template_${schemaHash()}`;
  await admin.query(`select pg_advisory_lock(hashtext('rally_test_template'))`);
  try {
    if ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const database = createDatabase({ databaseUrl: databaseUrlOf(adminUrl, building), poolSize: 2 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${building} rename to ${name}`);
    // Templates of other sources are dropped when nothing uses them (another run's copy in progress keeps its own).
    const others = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'rally\\_template\\_%' and datname <> $1`, [name]);
    for (const { datname } of others.rows) await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
    return name;
  } finally {
    await admin.query(`select pg_advisory_unlock(hashtext('rally_test_template'))`);
  }
}
