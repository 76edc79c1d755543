import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The database's SQL functions, one source file per concern (db/functions/*.sql), applied again whenever a file
 * changes — the way repeatable migrations work. Migrations create and change tables, indexes and triggers; a
 * function is written once, in its source file, and reviewed there instead of as copies across migrations. So a
 * migration must not call a function of these files: a fresh database runs every migration before the sources.
 *
 * Each file is applied as one transaction after the migrations, under the migration lock, when its SHA-256 differs
 * from the one recorded in drizzle.__sql_sources (beside drizzle's own journal); sql-sources.test.ts holds every
 * function body in the database equal to its source.
 */
export const SQL_SOURCE_FILES = ['campaigns.sql', 'stores.sql', 'ledgers.sql', 'reward-budget.sql', 'reward-codes.sql', 'engine.sql', 'activity.sql', 'payouts.sql', 'notifications.sql', 'webhooks.sql'] as const;

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions');

export interface SqlSource {
  file: string;
  text: string;
  sha256: string;
}

export function readSqlSources(): SqlSource[] {
  return SQL_SOURCE_FILES.map((file) => {
    const text = readFileSync(path.join(DIR, file), 'utf8');
    return { file, text, sha256: createHash('sha256').update(text).digest('hex') };
  });
}

/** What applying needs of a connection: run a script of several statements, and a query with parameters. */
export interface SqlRunner {
  exec(script: string): Promise<void>;
  query<T>(text: string, params: unknown[]): Promise<T[]>;
}

/** Applies every source file whose text changed since it was last applied; the names of those applied. */
export async function applySqlSources(run: SqlRunner): Promise<string[]> {
  await run.exec(`CREATE SCHEMA IF NOT EXISTS drizzle;
    CREATE TABLE IF NOT EXISTS drizzle.__sql_sources (file text PRIMARY KEY, sha256 text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied = new Map(
    (await run.query<{ file: string; sha256: string }>('SELECT file, sha256 FROM drizzle.__sql_sources', [])).map((r) => [r.file, r.sha256]),
  );
  const changed: string[] = [];
  for (const source of readSqlSources()) {
    if (applied.get(source.file) === source.sha256) continue;
    const record = `INSERT INTO drizzle.__sql_sources (file, sha256) VALUES ('${source.file}', '${source.sha256}')
      ON CONFLICT (file) DO UPDATE SET sha256 = excluded.sha256, applied_at = now()`;
    try {
      await run.exec(`BEGIN;\n${source.text}\n;${record};\nCOMMIT;`);
    } catch (error) {
      // A script that failed part-way leaves its transaction open on the connection.
      await run.exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
    changed.push(source.file);
  }
  return changed;
}

/** Every function a source file defines, with its body as written (what pg_proc.prosrc holds). */
export function functionsIn(text: string): { name: string; body: string }[] {
  const found: { name: string; body: string }[] = [];
  const re = /CREATE OR REPLACE FUNCTION\s+(\w+)\s*\([^]*?\bAS\s+\$\$([^]*?)\$\$/g;
  for (const m of text.matchAll(re)) found.push({ name: m[1]!, body: m[2]! });
  return found;
}
