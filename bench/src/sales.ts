// npm run sales -w @rally/bench [-- --lines 100000] [--per-transaction 4] [--staff 2000] [--stores 200]
// Issue 31: a POS sales file of N lines sent to POST /api/v1/sales/files with an API key, on the PostgreSQL server
// (its own scratch database, rally_bench_sales): from the upload to the batch done — every line attributed to its
// staff member and store and its transaction credited through the engine (recordCompletion → engine_issue) — and
// the same file sent again, which must credit nothing (completions and unlocks counted before and after).
// Target: the first file ≤ 30 s. Each run starts from a new brand, so a rerun measures the same work.
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { APP_REQUEST_HEADER, type TApiKeyCreated, type TSalesBatch, type TSalesBatchDetail } from '@rally/domain';
import { buildApp, createDatabase, dbSchema, insertBrand, insertMember, insertPasswordUser, loadEnv } from '@rally/server';
import { numberArg, parseArgs } from './lib/args.js';
import { databaseName, ensureDatabase, vapidKeyPair } from './lib/bench-config.js';
import { writeSection } from './lib/results.js';

const { campaignMissions, campaigns, missionItems, missions, rewards } = dbSchema;
const args = parseArgs(process.argv.slice(2));
const LINES = numberArg(args, 'lines', 100_000);
const PER_TX = numberArg(args, 'per-transaction', 4);
const STAFF = numberArg(args, 'staff', 2_000);
const STORES = numberArg(args, 'stores', 200);
const PRODUCTS = 20;
/** The server's pool; the sales job credits pool − 2 participants at once. */
const POOL = numberArg(args, 'pool', 20);
const TARGET_SECONDS = 30;
/** A run never waits longer than this for a batch (the whole run stays within about 3 minutes). */
const WAIT_SECONDS = 110;
const URL_ = process.env.SALES_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/rally_bench_sales';
const PUBLIC_URL = 'http://localhost:3000';

const t0 = performance.now();
const loads: number[] = [loadavg()[0]!];
const log = (m: string) => console.log(`${((performance.now() - t0) / 1000).toFixed(1).padStart(7)} s  ${m}`);

await ensureDatabase(URL_);

const vapid = vapidKeyPair();

const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-bench-sales-'));
const env = loadEnv({
  NODE_ENV: 'production',
  DATABASE_URL: URL_,
  DATABASE_POOL_SIZE: String(POOL),
  LOG_LEVEL: 'silent',
  WEB_DIST: '',
  SEED_DEMO: 'false',
  // This process runs the background jobs (the sales file job among them), polled every second.
  SCHEDULER_ENABLED: 'true',
  SCHEDULER_POLL_SECONDS: '1',
  PUBLIC_URL,
  DATA_DIR: dataDir,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  SIGN_IN_RATE_LIMIT: '1000',
  API_KEY_RATE_LIMIT: '100000',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
});
const database = createDatabase({ databaseUrl: URL_, poolSize: POOL });
await database.migrate();
const db = database.db;
const client = new pg.Client({ connectionString: URL_ });
await client.connect();

// A new brand per run: stores with POS ids, active staff spread over them, and a running campaign whose item-sold
// mission sells PRODUCTS SKUs, with a money reward every 5 completions (so crediting also issues).
const run = Date.now().toString(36);
const user = { email: `sales-${run}@bench.test`, password: 'bench1234' };
const brandId = await insertBrand(db, { slug: `bench-sales-${run}`, name: `Bench Sales ${run}`, isRetailer: false, consumerEnabled: false });
const userId = await insertPasswordUser(db, user.email, 'Sales Bench', user.password);
await insertMember(db, brandId, userId, 'owner');
await client.query(
  `insert into stores (brand_id, name, country_code, formatted_address, status, external_store_id)
   select $1, 'Store ' || n, 'US', n || ' Main Street', 'approved', 'POS-' || n from generate_series(1, $2::int) n`,
  [brandId, STORES],
);
await client.query(
  `insert into store_users (brand_id, store_id, name, email, status)
   select $1, s.id, 'Seller ' || n, 'seller' || n || '@sales-bench.test', 'active'
   from generate_series(1, $2::int) n
   join (select id, row_number() over (order by id) as k from stores where brand_id = $1) s on s.k = 1 + (n % $3::int)`,
  [brandId, STAFF, STORES],
);
await client.query(`update stores s set total_users = (select count(*) from store_users u where u.store_id = s.id) where brand_id = $1`, [brandId]);
const [campaign] = await db
  .insert(campaigns)
  .values({ brandId, name: 'Bench sell-out', publicUid: randomBytes(9).toString('base64url'), type: 'general', status: 'active', finishCriteria: ['days_over'] })
  .returning();
const [mission] = await db.insert(missions).values({ brandId, title: 'Sell the range', type: 'general', subtype: 'itemSold', status: 'ready' }).returning();
await db.insert(missionItems).values(Array.from({ length: PRODUCTS }, (_, i) => ({ brandId, missionId: mission!.id, kind: 'option' as const, title: `Product ${i + 1}`, order: i, data: { sku: `SKU-${i + 1}` } })));
await db.insert(campaignMissions).values({ brandId, campaignId: campaign!.id, missionId: mission!.id });
await db
  .insert(rewards)
  .values({ brandId, campaignId: campaign!.id, type: 'money', title: 'Cash', amountCents: 100, budgetCents: 1_000_000_000, budgetPaidCents: 1_000_000_000, completionsToUnlock: 5, isUnlimited: true });
log(`brand ${brandId}: ${STORES} stores, ${STAFF} staff, campaign ${campaign!.id} with ${PRODUCTS} products`);

// The file: transactions of PER_TX lines, each at one staff member's store, one line per product of the basket.
const soldAt = new Date(Date.now() - 60_000).toISOString();
const rows = ['store_pos_id,staff,sku,quantity,amount_cents,sold_at,transaction_id'];
for (let i = 0; i < LINES; i++) {
  const tx = Math.floor(i / PER_TX);
  const seller = 1 + (tx % STAFF);
  const store = 1 + (seller % STORES);
  rows.push(`POS-${store},seller${seller}@sales-bench.test,SKU-${1 + ((tx + (i % PER_TX)) % PRODUCTS)},${1 + (i % 3)},${499 + (i % 7) * 100},${soldAt},T-${run}-${tx}`);
}
const csv = Buffer.from(`${rows.join('\n')}\n`);
const transactions = Math.ceil(LINES / PER_TX);
log(`file: ${LINES.toLocaleString('en')} lines, ${transactions.toLocaleString('en')} transactions, ${(csv.length / 1024 / 1024).toFixed(1)} MB`);

const app = await buildApp({ env, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const appUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const signIn = await fetch(`${appUrl}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: PUBLIC_URL }, body: JSON.stringify(user) });
if (signIn.status !== 200) throw new Error(`sign-in failed (${signIn.status}): ${await signIn.text()}`);
const cookie = signIn.headers.getSetCookie().map((c) => c.split(';', 1)[0]).join('; ');
const keyRes = await fetch(`${appUrl}/api/api-keys`, {
  method: 'POST',
  headers: { cookie, origin: PUBLIC_URL, 'content-type': 'application/json', [APP_REQUEST_HEADER]: '1' },
  body: JSON.stringify({ name: 'Bench POS', scopes: ['sales:write'] }),
});
if (keyRes.status !== 201) throw new Error(`key: ${keyRes.status} ${await keyRes.text()}`);
const key = (await keyRes.json()) as TApiKeyCreated;
const auth = { authorization: `Bearer ${key.secret}` };

const counts = async () =>
  (
    await client.query<{ completions: number; unlocks: number }>(
      `select (select count(*)::int from completions where campaign_id = $1) as completions, (select count(*)::int from reward_unlocks where campaign_id = $1) as unlocks`,
      [campaign!.id],
    )
  ).rows[0]!;

async function sendFile(): Promise<{ seconds: number; batch: TSalesBatch; finished: boolean }> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'sales.csv');
  const started = performance.now();
  const res = await fetch(`${appUrl}/api/v1/sales/files`, { method: 'POST', headers: auth, body: form });
  const text = await res.text();
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${text.slice(0, 500)}`);
  const id = (JSON.parse(text) as TSalesBatch).id;
  let batch: TSalesBatch;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const read = await fetch(`${appUrl}/api/v1/sales/batches/${id}`, { headers: auth });
    batch = ((await read.json()) as TSalesBatchDetail).batch;
    if (batch.status === 'done' || batch.status === 'failed') break;
    if ((performance.now() - started) / 1000 > WAIT_SECONDS) break;
  }
  loads.push(loadavg()[0]!);
  return { seconds: (performance.now() - started) / 1000, batch, finished: batch.status === 'done' };
}

try {
  const before = await counts();
  const first = await sendFile();
  log(`first file ${first.seconds.toFixed(2)} s: ${first.batch.status}, ${first.batch.processed}/${first.batch.lines} lines, credited ${first.batch.credited}, completions ${first.batch.completions}, unlocks ${first.batch.unlocks}`);
  const middle = await counts();
  if (!first.finished) log(`not finished within ${WAIT_SECONDS} s: the replay waits for it`);
  // The replay only after the first is done, so it measures a replay and not a race with the first.
  while (!first.finished && (await counts()).completions < transactions && (performance.now() - t0) / 1000 < 170) await new Promise((r) => setTimeout(r, 1000));
  const afterFirst = await counts();
  const replay = await sendFile();
  const after = await counts();
  log(`replay ${replay.seconds.toFixed(2)} s: credited ${replay.batch.credited}, duplicates ${replay.batch.duplicates}; completions ${afterFirst.completions} → ${after.completions}, unlocks ${afterFirst.unlocks} → ${after.unlocks}`);
  const exactlyOnce = after.completions === afterFirst.completions && after.unlocks === afterFirst.unlocks && replay.batch.credited === 0;
  const complete = afterFirst.completions - before.completions === transactions;
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const verdict = first.finished && first.seconds <= TARGET_SECONDS ? 'PASS' : 'FAIL';
  const body = `## Issue 31: sales — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC

\`npm run sales -w @rally/bench\` (PostgreSQL, scratch database \`${databaseName(URL_)}\`, pool ${POOL}, the sales job crediting ${POOL - 2}
participants at once; ${LINES.toLocaleString('en')} lines = ${transactions.toLocaleString('en')} transactions of ${PER_TX} lines by
${STAFF.toLocaleString('en')} staff at ${STORES} stores, a ${(csv.length / 1024 / 1024).toFixed(1)} MB CSV sent to \`POST /api/v1/sales/files\` with an API key;
one running campaign, an item-sold mission of ${PRODUCTS} SKUs, a money reward every 5 completions; ${availableParallelism()} cores, ${cpu};
load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during the run, other sessions' work on the machine).

| step | seconds | outcome |
| --- | ---: | --- |
| first file: upload → batch done | **${first.seconds.toFixed(2)}**${first.finished ? '' : ` (stopped waiting; ${first.batch.processed.toLocaleString('en')} of ${first.batch.lines.toLocaleString('en')} lines done)`} | ${first.batch.credited.toLocaleString('en')} lines credited, ${(middle.completions - before.completions).toLocaleString('en')} completions, ${(middle.unlocks - before.unlocks).toLocaleString('en')} unlocks (target ≤ ${TARGET_SECONDS} s: **${verdict}**, ${Math.round((middle.completions - before.completions) / first.seconds).toLocaleString('en')} completions/s) |
| the same file again | ${replay.seconds.toFixed(2)} | ${replay.batch.duplicates.toLocaleString('en')} duplicate lines, ${replay.batch.credited} credited; completions ${afterFirst.completions.toLocaleString('en')} → ${after.completions.toLocaleString('en')}, unlocks ${afterFirst.unlocks.toLocaleString('en')} → ${after.unlocks.toLocaleString('en')} (**${exactlyOnce ? 'exactly once' : 'CREDITED TWICE'}**) |

Every transaction became ${complete ? 'exactly one completion' : 'NOT exactly one completion'} (${(afterFirst.completions - before.completions).toLocaleString('en')} for ${transactions.toLocaleString('en')}). The file is
read in the code files' parse thread, then processed 5,000 lines a step (each step's lines stored with their outcomes): stores,
staff and SKUs looked up set-wise, the transactions that credit something claimed in one \`insert … on conflict do
nothing\` per 1,000 (the primary key (brand, transaction id)), then one \`recordCompletion\` per transaction and sales
mission — the engine's one issuance path, its participant lock, entry limits and \`engine_issue\` — ${POOL - 2} participants at
once; the replay finds every transaction claimed and calls the engine for none.`;
  writeSection(fileURLToPath(new URL('../RESULTS.md', import.meta.url)), 'sales', body);
  log('written to bench/RESULTS.md');
  if (!exactlyOnce || !complete) process.exitCode = 1;
} finally {
  await app.close();
  await client.end();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
