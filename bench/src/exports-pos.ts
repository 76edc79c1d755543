// npx tsx bench/src/exports-pos.ts [--completions 1000000] [--stores 100000] [--no-write]
// Issue 18's two benchmarks on the PostgreSQL server (its own scratch database, rally_bench_exports):
//  1. an export of N completions through the real route and job (pg-boss, keyset batches, CSV stream), against a
//     COPY of the same rows to nowhere in the same run (the database's floor for reading them);
//  2. compare-imported-stores for one POS row against M stores, against a single-store read of the same app.
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { buildApp, createDatabase, insertBrand, insertMember, insertPasswordUser, loadEnv } from '@rally/server';
import { numberArg, parseArgs } from './lib/args.js';
import { adminUrl, databaseName } from './lib/bench-config.js';
import { writeSection } from './lib/results.js';

const args = parseArgs(process.argv.slice(2));
const COMPLETIONS = numberArg(args, 'completions', 1_000_000);
const STORES = numberArg(args, 'stores', 100_000);
const COMPARES = 200;
// POS rows whose postcode holds no store: the compare then walks the trigram indexes (its slow path).
const SLOW_COMPARES = 50;
const URL_ = process.env.EXPORTS_BENCH_URL ?? 'postgres://root@127.0.0.1:5432/rally_bench_exports';
const PUBLIC_URL = 'http://localhost:3000';
const USER = { email: 'exports@bench.test', password: 'bench1234' };

async function ensureDatabase(url: string) {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  const name = databaseName(url);
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
}

const t0 = performance.now();
const loads: number[] = [];
const sampleLoad = () => loads.push(loadavg()[0]!);
const log = (m: string) => console.log(`${((performance.now() - t0) / 1000).toFixed(1).padStart(7)} s  ${m}`);

await ensureDatabase(URL_);
const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-bench-exports-'));
const env = loadEnv({
  NODE_ENV: 'production',
  DATABASE_URL: URL_,
  DATABASE_POOL_SIZE: '10',
  LOG_LEVEL: 'silent',
  WEB_DIST: '',
  SEED_DEMO: 'false',
  // The export runs as a background job (pg-boss here), so jobs must run; this scratch database has no campaigns to start.
  SCHEDULER_ENABLED: 'true',
  SCHEDULER_POLL_SECONDS: '0.5',
  PUBLIC_URL,
  DATA_DIR: dataDir,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  SIGN_IN_RATE_LIMIT: '1000',
});
const database = createDatabase({ databaseUrl: URL_, poolSize: 10 });
await database.migrate();
const client = new pg.Client({ connectionString: URL_ });
await client.connect();

// ---- data set (once) ----
let brandId = (await client.query<{ id: string }>(`select id from brands where slug = 'bench-exports'`)).rows[0]?.id;
if (!brandId) {
  log('seeding');
  await client.query('set synchronous_commit = off');
  brandId = await insertBrand(database.db, { slug: 'bench-exports', name: 'Bench Exports', isRetailer: false, consumerEnabled: false });
  const userId = await insertPasswordUser(database.db, USER.email, 'Export Bench', USER.password);
  await insertMember(database.db, brandId, userId, 'owner');
  const cities = `(array['Springfield','Portland','Austin','Denver','Toronto','Berlin','Lyon','Madrid'])`;
  const streets = `(array['Main Street','Oak Avenue','Market Road','Elm Street','Harbor Boulevard','Station Road','Park Lane','King Street'])`;
  await client.query(
    `insert into stores (brand_id, name, street, city, postal_code, country_code, formatted_address, status)
     select $1, 'Store ' || ${cities}[1 + n % 8] || ' ' || ${streets}[1 + (n / 8) % 8] || ' ' || n,
            (n % 997) || ' ' || ${streets}[1 + (n / 8) % 8], ${cities}[1 + n % 8], lpad((n % 90000 + 10000)::text, 5, '0'), 'US',
            (n % 997) || ' ' || ${streets}[1 + (n / 8) % 8] || ', ' || lpad((n % 90000 + 10000)::text, 5, '0') || ' ' || ${cities}[1 + n % 8] || ', US', 'approved'
     from generate_series(1, $2::int) n`,
    [brandId, STORES],
  );
  log(`${STORES} stores`);
  await client.query(
    `insert into store_users (brand_id, store_id, name, email)
     select $1, s.id, 'User ' || s.id, 'user' || s.id || '@bench.test' from (select id from stores where brand_id = $1 order by id limit 10000) s`,
    [brandId],
  );
  const campaign = await client.query<{ id: number }>(
    `insert into campaigns (brand_id, public_uid, type, name, status) values ($1, 'bench-exports', 'general', 'Export bench', 'active') returning id`,
    [brandId],
  );
  const mission = await client.query<{ id: number }>(
    `insert into missions (brand_id, title, type, status, is_complete_fill) values ($1, 'Bench mission', 'general', 'ready', true) returning id`,
    [brandId],
  );
  const cm = await client.query<{ id: number }>(
    `insert into campaign_missions (brand_id, campaign_id, mission_id) values ($1, $2, $3) returning id`,
    [brandId, campaign.rows[0]!.id, mission.rows[0]!.id],
  );
  await client.query(
    `insert into completions (brand_id, campaign_id, campaign_mission_id, store_user_id, store_id, sales_amount_cents, created_at)
     with u as (select array_agg(id order by id) as ids, array_agg(store_id order by id) as sids, count(*)::int as k from store_users where brand_id = $1)
     select $1, $2, $3, u.ids[1 + n % u.k], u.sids[1 + n % u.k], (n % 5000), now() - (n || ' seconds')::interval
     from generate_series(1, $4::int) n, u`,
    [brandId, campaign.rows[0]!.id, cm.rows[0]!.id, COMPLETIONS],
  );
  log(`${COMPLETIONS} completions`);
  await client.query('analyze');
}

const app = await buildApp({ env, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const appUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const signIn = await fetch(`${appUrl}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
  body: JSON.stringify(USER),
});
const cookie = signIn.headers.getSetCookie().map((c) => c.split(';', 1)[0]).join('; ');
const headers = { cookie, origin: PUBLIC_URL, 'content-type': 'application/json' };

try {
  const total = (await client.query<{ n: number }>('select count(*)::int as n from completions where brand_id = $1', [brandId])).rows[0]!.n;

  // --only-compare: the POS compare alone (nothing is written to RESULTS.md then).
  const onlyCompare = args.has('only-compare');
  let copied = 0;
  let copySeconds = NaN;
  let firstRow = NaN;
  let status = 'skipped';
  let rowsDone = 0;
  let sizeBytes = 0;
  let exportSeconds = NaN;
  let growthMb = NaN;
  if (!onlyCompare) {
  // ---- baseline: the same rows (same joins) copied out of the database to nowhere ----
  sampleLoad();
  copied = 0;
  const copyStart = performance.now();
  await pipeline(
    client.query(
      copyTo(`copy (select c.id, c.created_at, ca.name, m.title, su.name, su.email, s.name, s.ref_id, c.status, c.sales_amount_cents
        from completions c join campaigns ca on ca.id = c.campaign_id join campaign_missions cm on cm.id = c.campaign_mission_id
        join missions m on m.id = cm.mission_id left join store_users su on su.id = c.store_user_id left join stores s on s.id = c.store_id
        where c.brand_id = '${brandId}' order by c.id) to stdout with (format csv)`),
    ),
    new Writable({ write: (chunk: Buffer, _e, done) => ((copied += chunk.length), done()) }),
  );
  copySeconds = (performance.now() - copyStart) / 1000;
  log(`COPY baseline ${copySeconds.toFixed(2)} s (${(copied / 2 ** 20).toFixed(0)} MB)`);

  // ---- the export ----
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const res = await fetch(`${appUrl}/api/v4/bundle/export-brand-completions`, { method: 'POST', headers, body: JSON.stringify({ timeZone: 'Europe/Paris' }) });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  firstRow = NaN;
  status = 'queued';
  rowsDone = 0;
  sizeBytes = 0;
  // Bounded: at most 10 minutes of polling every 20 ms.
  for (let i = 0; i < 30_000 && status !== 'done' && status !== 'failed'; i++) {
    const row = (await client.query<{ status: string; rows_done: number; size_bytes: string | null; error: string | null }>(
      'select status, rows_done, size_bytes, error from data_exports where id = $1', [id])).rows[0]!;
    status = row.status;
    rowsDone = row.rows_done;
    sizeBytes = Number(row.size_bytes ?? 0);
    if (Number.isNaN(firstRow) && rowsDone > 0) firstRow = (performance.now() - started) / 1000;
    if (row.error) throw new Error(`export failed: ${row.error}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  exportSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  growthMb = (rssPeak - rssBefore) / 2 ** 20;
  sampleLoad();
  log(`export ${status}: ${rowsDone} rows in ${exportSeconds.toFixed(2)} s, first batch at ${firstRow.toFixed(2)} s, RSS +${growthMb.toFixed(0)} MB`);

  }

  // ---- POS compare ----
  await client.query(`delete from pos_imported_stores where brand_id = $1`, [brandId]);
  await client.query(
    `insert into pos_imported_stores (brand_id, ref_id, name, street, city, postal_code, country_code)
     select $1, 'BENCH-' || s.id, replace(replace(s.name, 'Street', 'St'), 'Avenue', 'Ave'), replace(s.street, 'Street', 'St'), s.city, s.postal_code, s.country_code
     from stores s where s.brand_id = $1 order by md5(s.id::text) limit $2`,
    [brandId, COMPARES],
  );
  // Same kind of rows, other stores, but at a postcode where no store is (generated postcodes are 10000–99999).
  await client.query(
    `insert into pos_imported_stores (brand_id, ref_id, name, street, city, postal_code, country_code)
     select $1, 'BENCH-SLOW-' || s.id, replace(replace(s.name, 'Street', 'St'), 'Avenue', 'Ave'), replace(s.street, 'Street', 'St'), s.city, '00000', s.country_code
     from stores s where s.brand_id = $1 order by md5('slow' || s.id::text) limit $2`,
    [brandId, SLOW_COMPARES],
  );
  const allRefs = (await client.query<{ ref_id: string }>('select ref_id from pos_imported_stores where brand_id = $1 order by id', [brandId])).rows.map((r) => r.ref_id);
  const refs = allRefs.filter((r) => !r.startsWith('BENCH-SLOW-'));
  const slowRefs = allRefs.filter((r) => r.startsWith('BENCH-SLOW-'));
  const storeIds = (await client.query<{ id: number }>('select id from stores where brand_id = $1 order by md5(id::text) limit $2', [brandId, COMPARES])).rows.map((r) => r.id);
  const timeAll = async (urls: string[]) => {
    const times: number[] = [];
    for (const url of urls) {
      const s = performance.now();
      const r = await fetch(url, { headers: { cookie } });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
      times.push(performance.now() - s);
    }
    return times.sort((a, b) => a - b);
  };
  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
  await timeAll(refs.slice(0, 20).map((r) => `${appUrl}/api/pos/read/store/compare-imported-stores?refId=${r}`)); // warm-up
  const single = await timeAll(storeIds.map((sid) => `${appUrl}/api/store/read/store/${sid}`));
  const compare = await timeAll(refs.map((r) => `${appUrl}/api/pos/read/store/compare-imported-stores?refId=${r}`));
  const slow = await timeAll(slowRefs.map((r) => `${appUrl}/api/pos/read/store/compare-imported-stores?refId=${r}`));
  const slowTop = (await (await fetch(`${appUrl}/api/pos/read/store/compare-imported-stores?refId=${slowRefs[0]}`, { headers: { cookie } })).json()) as {
    imported: { storeName: string };
    candidates: { store: { storeName: string }; score: number }[];
  };
  sampleLoad();
  const top = await fetch(`${appUrl}/api/pos/read/store/compare-imported-stores?refId=${refs[0]}`, { headers: { cookie } });
  const topBody = (await top.json()) as { imported: { storeName: string }; candidates: { store: { storeName: string }; score: number }[] };
  const matched = topBody.candidates[0]?.store.storeName;
  log(`compare p50 ${pct(compare, 50).toFixed(1)} ms p95 ${pct(compare, 95).toFixed(1)} ms; slow path p50 ${pct(slow, 50).toFixed(1)} ms p95 ${pct(slow, 95).toFixed(1)} ms; store read p95 ${pct(single, 95).toFixed(1)} ms`);

  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const body = [
    `## Exports and POS compare (issue 18) — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `- Machine: ${availableParallelism()} CPUs, ${cpus()[0]?.model.trim() ?? '?'}; Node ${process.version}; PostgreSQL server on the same machine (scratch database \`${databaseName(URL_)}\`; PGlite not used: one connection would make the export and the polling wait on each other).`,
    `- Command: \`npx tsx --expose-gc bench/src/exports-pos.ts --completions ${COMPLETIONS} --stores ${STORES}\`. Load average (1 min) during the run: ${loads.map((l) => l.toFixed(1)).join(' → ')} (other helpers' tests and benchmarks share the 2 CPUs; judge the ratios).`,
    '- Memory: resident-set growth of the one process that runs the app (and the job) *and* the polling client: an upper bound for the server.',
    '',
    '| Step | Figure | vs baseline (same run) | Target |',
    '|---|--:|--:|---|',
    `| baseline: \`COPY (same select and joins) TO STDOUT\` to nowhere | ${copySeconds.toFixed(2)} s, ${(copied / 2 ** 20).toFixed(0)} MB | 1.0× | |`,
    `| export of ${total.toLocaleString('en')} completions, CSV, Europe/Paris: first batch written | ${firstRow.toFixed(2)} s | | ${pass(firstRow <= 1)} (≤ 1 s) |`,
    `| … done (${rowsDone.toLocaleString('en')} rows, ${(sizeBytes / 2 ** 20).toFixed(0)} MB file, status ${status}) | ${exportSeconds.toFixed(2)} s | ${(exportSeconds / copySeconds).toFixed(1)}× | ${pass(exportSeconds <= 30 && status === 'done')} (≤ 30 s) |`,
    `| … peak RSS growth | ${growthMb.toFixed(0)} MB | | ${pass(growthMb <= 150)} (≤ 150 MB) |`,
    `| baseline: \`GET store/read/store/{id}\`, ${COMPARES} sequential, p95 | ${pct(single, 95).toFixed(1)} ms | 1.0× | |`,
    `| \`compare-imported-stores\`, one row vs ${STORES.toLocaleString('en')} stores, ${COMPARES} sequential: p50 / p95 | ${pct(compare, 50).toFixed(1)} / ${pct(compare, 95).toFixed(1)} ms | ${(pct(compare, 95) / pct(single, 95)).toFixed(1)}× (p95) | ${pass(pct(compare, 95) <= 50)} (p95 ≤ 50 ms) |`,
    `| … slow path: a row whose postcode holds no store (trigram walk), ${SLOW_COMPARES} sequential: p50 / p95 | ${pct(slow, 50).toFixed(1)} / ${pct(slow, 95).toFixed(1)} ms | ${(pct(slow, 95) / pct(single, 95)).toFixed(1)}× (p95) | (not a target) |`,
    '',
    `Sample: POS row "${topBody.imported.storeName}" → best candidate "${matched}" (score ${topBody.candidates[0]?.score}); slow path "${slowTop.imported.storeName}" (postcode 00000) → "${slowTop.candidates[0]?.store.storeName}" (score ${slowTop.candidates[0]?.score}).`,
  ].join('\n');
  console.log(body);
  if (!args.has('no-write') && !onlyCompare) writeSection(fileURLToPath(new URL('../RESULTS.md', import.meta.url)), 'exports-pos', body);
} finally {
  await app.close();
  await client.end();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
