import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp, createDatabase, loadEnv } from '@rally/server';
import { runAutocannon } from './lib/closed-loop.js';
import { percentile } from './lib/measure.js';
import { writeSection } from './lib/results.js';
import { vapidKeyPair } from './lib/bench-config.js';

/**
 * Issue 31: outbound webhooks, on a scratch PostgreSQL database, one server process running its jobs (decision 0029).
 *  1. delivery rate: --burst events written in one transaction (over 1,000 participants' ordering keys) to one endpoint
 *     at a receiver on 127.0.0.1; events/s from the commit to the last one received;
 *  2. commit → delivery: --rate events/s committed in small transactions for --steady s; p50/p95 of the time from each
 *     commit to its arrival at the receiver;
 *  3. submit p95 with the brand's one endpoint timing out on every call (a receiver that never answers; the 10 s
 *     timeout) against the same submits with no endpoint, in one run.
 *   npm run webhooks -w @rally/bench -- [--burst 10000] [--rate 600] [--steady 10] [--connections 20] [--duration 10]
 *     [--url postgres://postgres@127.0.0.1:5432/rally_webhook_bench] [--no-write]
 */
const { values } = parseArgs({
  options: {
    burst: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '600' },
    steady: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    duration: { type: 'string', default: '10' },
    pool: { type: 'string', default: '10' },
    'no-write': { type: 'boolean', default: false },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/rally_webhook_bench' },
  },
});
const BURST = Number(values.burst);
const RATE = Number(values.rate);
const STEADY = Number(values.steady);
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);
const SESSIONS = 1_000;
const PUBLIC_URL = 'http://localhost:3000';

const dbUrl = new URL(values.url);
const dbName = dbUrl.pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`unsupported database name ${dbName}`);
const admin = new pg.Client({ connectionString: Object.assign(new URL(values.url), { pathname: '/test' }).toString() });
await admin.connect();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.query(`create database ${dbName}`);
await admin.end();

// ——— receivers on 127.0.0.1: one answering 200 at once (recording when each event arrived), one that never answers ———
const arrived = new Map<string, number>();
const fast = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const seq = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { seq?: string } }).data.seq;
    if (seq) arrived.set(seq, performance.now());
    res.writeHead(204).end();
  });
});
const hanging = new Set<Socket>();
const hang = http.createServer((req) => {
  hanging.add(req.socket);
  req.socket.once('close', () => hanging.delete(req.socket));
});
const listen = (s: http.Server) => new Promise<string>((resolve) => s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)));
const fastUrl = await listen(fast);
const hangUrl = await listen(hang);

const vapid = vapidKeyPair();

const env = loadEnv({
  NODE_ENV: 'production',
  DATABASE_URL: values.url,
  DATABASE_POOL_SIZE: values.pool,
  LOG_LEVEL: 'silent',
  WEB_DIST: '',
  SEED_DEMO: 'false',
  SCHEDULER_ENABLED: 'true',
  PUBLIC_URL,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  // The receivers are on this machine; the sweep stays at its default (0.5 s).
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
});
const database = createDatabase({ databaseUrl: values.url, poolSize: env.DATABASE_POOL_SIZE });
await database.migrate();
const app = await buildApp({ env, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const appUrl = `http://127.0.0.1:${address.port}`;

const client = new pg.Client({ connectionString: values.url });
await client.connect();
const newBrand = async (name: string) => {
  const id = randomUUID();
  await client.query(`insert into brands (id, slug, name, is_retailer, consumer_enabled) values ($1, $2, $3, false, false)`, [id, `wh-${id.slice(0, 8)}`, name]);
  return id;
};
// An endpoint as the create route stores it (its secret sealed by the app's own box).
const newEndpoint = async (brandId: string, url: string, events: string[]) => {
  const sealed = app.webhooks.settings.box.seal(`whsec_${randomBytes(32).toString('base64')}`);
  return (await client.query<{ id: number }>(`insert into webhook_endpoints (brand_id, url, events, secret_enc) values ($1, $2, $3, $4) returning id`, [brandId, url, events, sealed])).rows[0]!.id;
};

// ——— 1. delivery rate: a burst written in one transaction ———
const deliveryBrand = await newBrand('Webhook delivery');
await newEndpoint(deliveryBrand, `${fastUrl}/burst`, ['reward.unlocked']);
const burstStart = performance.now();
await client.query(
  `select webhook_enqueue($1, 'reward.unlocked', jsonb_build_object('seq', 'b' || g), 'u:' || (g % 1000)) from generate_series(1, $2) g`,
  [deliveryBrand, BURST],
);
const burstCommitted = performance.now();
while ([...arrived.keys()].filter((k) => k.startsWith('b')).length < BURST && performance.now() - burstStart < 120_000) await new Promise((r) => setTimeout(r, 50));
const burstDone = Math.max(...[...arrived.entries()].filter(([k]) => k.startsWith('b')).map(([, at]) => at));
const burstReceived = [...arrived.keys()].filter((k) => k.startsWith('b')).length;
const burstRate = burstReceived / ((burstDone - burstCommitted) / 1000);
console.log(`burst: ${burstReceived}/${BURST} delivered in ${((burstDone - burstCommitted) / 1000).toFixed(1)} s after commit: ${burstRate.toFixed(0)} events/s`);

// ——— 2. commit → delivery at a steady rate ———
const committed = new Map<string, number>();
const TICK_MS = 50;
const perTick = Math.max(1, Math.round((RATE * TICK_MS) / 1000));
const steadyStart = performance.now();
let seq = 0;
for (let tick = 0; performance.now() - steadyStart < STEADY * 1000; tick++) {
  const due = steadyStart + tick * TICK_MS;
  if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
  const seqs = Array.from({ length: perTick }, () => `s${seq++}`);
  await client.query(`select webhook_enqueue($1, 'reward.unlocked', jsonb_build_object('seq', s), 'u:' || (substr(s, 2)::int % 1000)) from unnest($2::text[]) as x(s)`, [
    deliveryBrand,
    seqs,
  ]);
  const at = performance.now();
  for (const s of seqs) committed.set(s, at);
}
const steadyEnd = performance.now();
while ([...committed.keys()].some((s) => !arrived.has(s)) && performance.now() - steadyEnd < 30_000) await new Promise((r) => setTimeout(r, 50));
const lags = Float64Array.from([...committed].filter(([s]) => arrived.has(s)).map(([s, at]) => arrived.get(s)! - at)).sort();
const steadyRate = committed.size / ((steadyEnd - steadyStart) / 1000);
const lagP50 = percentile(lags, 0.5);
const lagP95 = percentile(lags, 0.95);
console.log(`steady: ${committed.size} events at ${steadyRate.toFixed(0)}/s, ${lags.length} delivered; commit → delivery p50 ${lagP50.toFixed(0)} ms, p95 ${lagP95.toFixed(0)} ms`);

// ——— 3. submits: no endpoint, then one endpoint that never answers ———
const submitBrand = await newBrand('Webhook submits');
const store = (await client.query<{ id: number }>(`insert into stores (brand_id, name, country_code, formatted_address, status) values ($1, 'Store', 'US', '1 Main St', 'approved') returning id`, [submitBrand])).rows[0]!.id;
const staffIds = (
  await client.query<{ id: number }>(
    `insert into store_users (brand_id, store_id, name, email) select $1, $2, 'Staff ' || g, 'staff' || g || '@wh.test' from generate_series(1, $3) g returning id`,
    [submitBrand, store, SESSIONS],
  )
).rows.map((r) => r.id);
const running = (
  await client.query<{ id: number }>(
    `insert into campaigns (brand_id, public_uid, type, name, status, start_date, scope_type, finish_criteria)
     values ($1, $2, 'general', 'Submits', 'active', now() - interval '1 minute', 'all', '{days_over}') returning id`,
    [submitBrand, randomBytes(9).toString('base64url')],
  )
).rows[0]!.id;
const mission = (await client.query<{ id: number }>(`insert into missions (brand_id, title, type, status, is_complete_fill) values ($1, 'Check', 'general', 'ready', true) returning id`, [submitBrand])).rows[0]!.id;
const cm = (await client.query<{ id: number }>(`insert into campaign_missions (brand_id, campaign_id, mission_id) values ($1, $2, $3) returning id`, [submitBrand, running, mission])).rows[0]!.id;
const cookies: string[] = [];
for (const [i, id] of staffIds.entries()) {
  const token = randomBytes(32).toString('base64url');
  await client.query(`insert into play_sessions (token_hash, brand_id, store_user_id, expires_at) values ($1, $2, $3, now() + interval '1 day')`, [
    createHash('sha256').update(token).digest('base64url'),
    submitBrand,
    id,
  ]);
  cookies[i] = `rally_play_session=${token}`;
}

const submitLoad = async (seconds: number) => {
  let n = 0;
  const latencies: number[] = [];
  const result = await runAutocannon(
    {
      url: `${appUrl}/api/play/campaigns/${running}/missions/${cm}/completions`,
      connections: CONNECTIONS,
      duration: seconds,
      method: 'POST',
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: { cookie: cookies[n++ % SESSIONS]!, origin: PUBLIC_URL, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
            body: JSON.stringify({ kind: 'general', answers: [] }),
          }),
        },
      ],
    },
    latencies,
  );
  const sorted = Float64Array.from(latencies).sort();
  return { p95: percentile(sorted, 0.95), p50: percentile(sorted, 0.5), rps: latencies.length / seconds, non2xx: result.non2xx };
};

const probe = await fetch(`${appUrl}/api/play/campaigns/${running}/missions/${cm}/completions`, {
  method: 'POST',
  headers: { cookie: cookies[0]!, origin: PUBLIC_URL, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
  body: JSON.stringify({ kind: 'general', answers: [] }),
});
if (probe.status !== 201) throw new Error(`a submit answered ${probe.status}: ${await probe.text()}`);
await submitLoad(3); // warm-up
const load0 = os.loadavg();
// The endpoint exists from the start but is off in the runs without it (its trigger then returns at once, as for a
// brand with none); no endpoint, timing out, no endpoint again — so a drift of the machine shows rather than skews.
const hangingEndpoint = await newEndpoint(submitBrand, `${hangUrl}/never`, ['completion.created']);
const setOn = (on: boolean) =>
  client.query(`update webhook_endpoints set enabled = $2, disabled_reason = case when $2 then null else 'manual' end, consecutive_failures = 0 where id = $1`, [hangingEndpoint, on]);
await setOn(false);
const alone1 = await submitLoad(DURATION);
console.log(`submit, no endpoint: p50 ${alone1.p50} ms, p95 ${alone1.p95} ms, ${alone1.rps.toFixed(0)}/s, non-2xx ${alone1.non2xx}`);
await setOn(true);
// Kept on for the whole run: after 15 timeouts in a row the dispatcher would turn it off (and stop writing its events).
const keepOn = setInterval(() => void setOn(true), 1000);
const withHanging = await submitLoad(DURATION);
clearInterval(keepOn);
await setOn(false);
const heldAfter = hanging.size;
const alone2 = await submitLoad(DURATION);
console.log(`submit, no endpoint again: p50 ${alone2.p50} ms, p95 ${alone2.p95} ms, ${alone2.rps.toFixed(0)}/s, non-2xx ${alone2.non2xx}`);
const load1 = os.loadavg();
const attempts = Number((await client.query<{ n: string }>(`select count(*) as n from webhook_attempts where endpoint_id = $1`, [hangingEndpoint])).rows[0]!.n);
const timedOut = Number((await client.query<{ n: string }>(`select count(*) as n from webhook_attempts where endpoint_id = $1 and error like 'no answer within%'`, [hangingEndpoint])).rows[0]!.n);
const written = Number((await client.query<{ n: string }>(`select count(*) as n from webhook_messages where endpoint_id = $1`, [hangingEndpoint])).rows[0]!.n);
console.log(`submit, one endpoint timing out: p50 ${withHanging.p50} ms, p95 ${withHanging.p95} ms, ${withHanging.rps.toFixed(0)}/s, non-2xx ${withHanging.non2xx}; ${written} messages written, ${attempts} attempts logged (${timedOut} timed out), ${heldAfter} connections held`);
const baseline = (alone1.p95 + alone2.p95) / 2;
const ratio = withHanging.p95 / baseline;
console.log(`submit p95 ratio (timing-out endpoint / mean of the runs without): ${ratio.toFixed(2)}`);

if (!values['no-write']) {
  const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../RESULTS.md');
  const verdict = (ok: boolean) => (ok ? 'pass' : '**miss**');
  const ms = (v: number) => v.toFixed(1);
  writeSection(
    RESULTS,
    'webhooks',
    [
      `### Issue 31: webhooks`,
      '',
      `\`npm run webhooks -w @rally/bench -- --burst ${BURST} --rate ${RATE} --steady ${STEADY} --connections ${CONNECTIONS} --duration ${DURATION}\` — ${os.cpus().length} cores, PostgreSQL, one server process running its jobs (sweep 0.5 s, 64 deliveries in flight); receivers on 127.0.0.1 (the client, the server, PostgreSQL and the receivers share the machine).`,
      '',
      '| measure | value | target |',
      '| --- | --- | --- |',
      `| delivery rate: ${BURST} events committed at once (1,000 participants' keys) → all received | ${burstRate.toFixed(0)} events/s (${burstReceived} in ${((burstDone - burstCommitted) / 1000).toFixed(1)} s) | ≥ 500/s: ${verdict(burstRate >= 500 && burstReceived === BURST)} |`,
      `| commit → delivery at ${steadyRate.toFixed(0)} events/s for ${STEADY} s | p50 ${lagP50.toFixed(0)} ms, p95 ${lagP95.toFixed(0)} ms (${lags.length}/${committed.size} received) | p95 ≤ 1 s: ${verdict(lagP95 <= 1000 && lags.length === committed.size)} |`,
      `| submit p95, no endpoint (before, after) | ${ms(alone1.p95)}, ${ms(alone2.p95)} ms (p50 ${ms(alone1.p50)}, ${ms(alone2.p50)} ms; ${alone1.rps.toFixed(0)}, ${alone2.rps.toFixed(0)}/s) | |`,
      `| submit p95, one endpoint timing out on every call | ${ms(withHanging.p95)} ms (p50 ${ms(withHanging.p50)} ms, ${withHanging.rps.toFixed(0)}/s; ${written} messages written, ${attempts} attempts logged, ${timedOut} timed out at 10 s, ${heldAfter} connections held open) | within 10 % of the mean without: ${verdict(ratio <= 1.1)} (×${ratio.toFixed(2)}) |`,
      `| load average (1/5/15 min) around the submits | ${load0.map((l) => l.toFixed(2)).join(' / ')} → ${load1.map((l) => l.toFixed(2)).join(' / ')} | |`,
      '',
    ].join('\n'),
  );
}
await client.end();
for (const s of hanging) s.destroy();
await app.close();
await database.close();
await new Promise((r) => fast.close(r));
await new Promise((r) => hang.close(r));
