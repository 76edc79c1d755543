// npm run staff-import -w @rally/bench [-- --people 100000] [--stores 2000]
// Issue 30: importing a staff list of N people (email, name, store reference, role) through the real routes on the
// PostgreSQL server (its own scratch database, rally_bench_staff): the preview (nothing saved), the apply into an
// empty brand (every row added), and the same file applied again (every row unchanged). Target: apply ≤ 30 s.
// Each run starts from a new brand, so a rerun measures the same work.

import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TStaffImportResult } from '@rally/domain';
import { buildApp, createDatabase, insertBrand, insertMember, insertPasswordUser, loadEnv } from '@rally/server';
import { numberArg, parseArgs } from './lib/args.js';
import { databaseName, ensureDatabase, vapidKeyPair } from './lib/bench-config.js';
import { writeSection } from './lib/results.js';

const args = parseArgs(process.argv.slice(2));
const PEOPLE = numberArg(args, 'people', 100_000);
const STORES = numberArg(args, 'stores', 2_000);
const TARGET_SECONDS = 30;
const URL_ = process.env.STAFF_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/rally_bench_staff';
const PUBLIC_URL = 'http://localhost:3000';

const t0 = performance.now();
const loads: number[] = [loadavg()[0]!];
const log = (m: string) => console.log(`${((performance.now() - t0) / 1000).toFixed(1).padStart(7)} s  ${m}`);

await ensureDatabase(URL_);

const vapid = vapidKeyPair();

const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-bench-staff-'));
const env = loadEnv({
  NODE_ENV: 'production',
  DATABASE_URL: URL_,
  DATABASE_POOL_SIZE: '10',
  LOG_LEVEL: 'silent',
  WEB_DIST: '',
  SEED_DEMO: 'false',
  SCHEDULER_ENABLED: 'false',
  PUBLIC_URL,
  DATA_DIR: dataDir,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  SIGN_IN_RATE_LIMIT: '1000',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
});
const database = createDatabase({ databaseUrl: URL_, poolSize: 10 });
await database.migrate();
const client = new pg.Client({ connectionString: URL_ });
await client.connect();

// A new brand and owner per run, with its stores.
const run = Date.now().toString(36);
const user = { email: `staff-${run}@bench.test`, password: 'bench1234' };
const brandId = await insertBrand(database.db, { slug: `bench-staff-${run}`, name: `Bench Staff ${run}`, isRetailer: true, consumerEnabled: false });
const userId = await insertPasswordUser(database.db, user.email, 'Staff Bench', user.password);
await insertMember(database.db, brandId, userId, 'owner');
await client.query(
  `insert into stores (brand_id, name, country_code, formatted_address, status, ref_id)
   select $1, 'Store ' || n, 'US', n || ' Main Street, Springfield, US', 'approved', 'ST-' || lpad(n::text, 5, '0')
   from generate_series(1, $2::int) n`,
  [brandId, STORES],
);
log(`brand ${brandId} with ${STORES} stores`);

const lines = ['email,name,store,role,language'];
for (let i = 1; i <= PEOPLE; i++) {
  const store = `ST-${String(1 + (i % STORES)).padStart(5, '0')}`;
  lines.push(`person${i}.${run}@staff-bench.test,Person ${i},${store},${i % 10 === 0 ? 'manager' : 'staff'},${['en', 'es', 'fr'][i % 3]}`);
}
const csv = Buffer.from(`${lines.join('\n')}\n`);
log(`file: ${PEOPLE.toLocaleString('en')} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB`);

const app = await buildApp({ env, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const appUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const signIn = await fetch(`${appUrl}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
  body: JSON.stringify(user),
});
if (signIn.status !== 200) throw new Error(`sign-in failed (${signIn.status}): ${await signIn.text()}`);
const cookie = signIn.headers.getSetCookie().map((c) => c.split(';', 1)[0]).join('; ');

async function send(step: 'preview' | 'apply'): Promise<{ seconds: number; result: TStaffImportResult }> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'staff.csv');
  const started = performance.now();
  const res = await fetch(`${appUrl}/api/staff/import/${step}`, { method: 'POST', headers: { cookie, origin: PUBLIC_URL }, body: form });
  const text = await res.text();
  const seconds = (performance.now() - started) / 1000;
  loads.push(loadavg()[0]!);
  if (res.status !== 200) throw new Error(`${step} answered ${res.status}: ${text.slice(0, 500)}`);
  return { seconds, result: JSON.parse(text) as TStaffImportResult };
}

try {
  const preview = await send('preview');
  log(`preview ${preview.seconds.toFixed(2)} s: ${preview.result.added} to add`);
  const first = await send('apply');
  log(`apply ${first.seconds.toFixed(2)} s: added ${first.result.added}, refused ${first.result.refused}`);
  const again = await send('apply');
  log(`apply again ${again.seconds.toFixed(2)} s: unchanged ${again.result.unchanged}`);
  const stored = (await client.query<{ n: number; counted: number }>(
    `select (select count(*)::int from store_users where brand_id = $1) as n, (select sum(total_users)::int from stores where brand_id = $1) as counted`,
    [brandId],
  )).rows[0]!;
  if (stored.n !== PEOPLE || stored.counted !== PEOPLE || first.result.added !== PEOPLE || again.result.unchanged !== PEOPLE) {
    throw new Error(`wrong outcome: ${JSON.stringify({ stored, first: first.result.added, again: again.result.unchanged })}`);
  }
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const verdict = first.seconds <= TARGET_SECONDS ? 'within' : 'OVER';
  const body = `## Staff import (issue 30) — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC

\`npm run staff-import -w @rally/bench\` (PostgreSQL, scratch database \`${databaseName(URL_)}\`; ${PEOPLE.toLocaleString('en')} people over
${STORES.toLocaleString('en')} stores, a ${(csv.length / 1024 / 1024).toFixed(1)} MB CSV through \`POST /api/staff/import/…\`; ${availableParallelism()} cores, ${cpu};
load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during the run, other sessions' work on the machine).

| step | seconds | outcome |
| --- | ---: | --- |
| preview (nothing saved) | ${preview.seconds.toFixed(2)} | ${preview.result.added.toLocaleString('en')} to add |
| apply into an empty brand | **${first.seconds.toFixed(2)}** | ${first.result.added.toLocaleString('en')} added (${verdict} the ${TARGET_SECONDS} s target) |
| apply the same file again | ${again.seconds.toFixed(2)} | ${again.result.unchanged.toLocaleString('en')} unchanged |

Every step reads the file in the code files' parse thread, checks the rows with the domain's rule, finds the stores and
the brand's people by address (\`lower(email) in (…)\` through the \`(brand_id, lower(email))\` index, 20,000 at a time);
the apply writes with \`insert … select from json_to_recordset … on conflict (brand_id, lower(email)) do update … where
changed\` in statements of 20,000 rows, then recounts the head count of the stores touched in one statement.`;
  writeSection(fileURLToPath(new URL('../RESULTS.md', import.meta.url)), 'staff-import', body);
  log('written to bench/RESULTS.md');
} finally {
  await app.close();
  await client.end();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
