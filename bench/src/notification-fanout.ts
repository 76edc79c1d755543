import { createHash, randomBytes, randomUUID } from 'node:crypto';
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
import { startPushServiceWorker } from './lib/push-service-worker.js';

/**
 * Issue 30: a campaign launched to N store employees (default 100,000), every one with a browser subscribed to push
 * at a push service on this machine (VAPID checked, body decrypted, as a browser would). Measured in one run, on a
 * scratch PostgreSQL database:
 *  1. submit p95 alone: POST …/completions (each request another participant, a new Idempotency-Key) for --duration s;
 *  2. the launch: the campaign becomes active (its trigger writes the event); submits run again for --duration s
 *     meanwhile, and the clock runs until every inbox item is written (queued) and every push received (sent).
 *   npm run notification-fanout -w @rally/bench -- [--staff 100000] [--connections 20] [--duration 15]
 *     [--url postgres://postgres@127.0.0.1:5432/rally_notify_bench] [--no-write]
 */
const { values } = parseArgs({
  options: {
    staff: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '20' },
    duration: { type: 'string', default: '15' },
    pool: { type: 'string', default: '10' },
    'no-write': { type: 'boolean', default: false },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/rally_notify_bench' },
  },
});
const STAFF = Number(values.staff);
const STORES = Math.max(1, Math.round(STAFF / 50));
const SESSIONS = 1_000;
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);
const PUBLIC_URL = 'http://localhost:3000';

const dbUrl = new URL(values.url);
const dbName = dbUrl.pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`unsupported database name ${dbName}`);
const admin = new pg.Client({ connectionString: Object.assign(new URL(values.url), { pathname: '/test' }).toString() });
await admin.connect();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.query(`create database ${dbName}`);
await admin.end();

const vapid = vapidKeyPair();

// The push service runs on a thread of its own: in a deployment it is the browser vendor's, not Rally's CPU.
const push = await startPushServiceWorker(vapid.publicKey);
const env = loadEnv({
  NODE_ENV: 'production',
  DATABASE_URL: values.url,
  DATABASE_POOL_SIZE: values.pool,
  LOG_LEVEL: 'silent',
  WEB_DIST: '',
  SEED_DEMO: 'false',
  // The jobs run in this process, as on a single-server deployment.
  SCHEDULER_ENABLED: 'true',
  SCHEDULER_POLL_SECONDS: '0.5',
  NOTIFICATION_SWEEP_SECONDS: '0.5',
  PUBLIC_URL,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
});
const database = createDatabase({ databaseUrl: values.url, poolSize: env.DATABASE_POOL_SIZE });
await database.migrate();
const app = await buildApp({ env, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const appUrl = `http://127.0.0.1:${address.port}`;

// ——— data: a brand, STORES stores, STAFF employees each with a push subscription; a running campaign to submit to ———
const client = new pg.Client({ connectionString: values.url });
await client.connect();
const brandId = randomUUID();
await client.query(`insert into brands (id, slug, name, is_retailer, consumer_enabled) values ($1, $2, 'Fan-out brand', false, false)`, [brandId, `fanout-${brandId.slice(0, 8)}`]);
await client.query(
  `insert into stores (brand_id, name, country_code, formatted_address, status) select $1, 'Store ' || g, 'US', g || ' Main St', 'approved' from generate_series(1, $2) g`,
  [brandId, STORES],
);
await client.query(
  `insert into store_users (brand_id, store_id, name, email)
   select $1, s.id, 'Staff ' || g, 'staff' || g || '@fanout.test' from generate_series(1, $2) g
   join lateral (select id from stores where brand_id = $1 order by id offset (g % $3) limit 1) s on true`,
  [brandId, STAFF, STORES],
);
const staffIds = (await client.query<{ id: number }>(`select id from store_users where brand_id = $1 order by id`, [brandId])).rows.map((r) => r.id);
const t0 = Date.now();
for (let i = 0; i < staffIds.length; i += 5_000) {
  const ids = staffIds.slice(i, i + 5_000);
  const subs = await push.subscribe(ids.length);
  const chunk = ids.map((id, j) => ({ id, sub: subs[j]! }));
  await client.query(
    `insert into push_subscriptions (brand_id, participant, store_user_id, endpoint, p256dh, auth)
     select $1, 'u:' || x.id, x.id, x.endpoint, x.p256dh, x.auth
       from jsonb_to_recordset($2::jsonb) as x(id int, endpoint text, p256dh text, auth text)`,
    [brandId, JSON.stringify(chunk.map((c) => ({ id: c.id, endpoint: c.sub.endpoint, p256dh: c.sub.keys.p256dh, auth: c.sub.keys.auth })))],
  );
}
console.log(`seeded ${STAFF} staff with push subscriptions in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

// The campaign submits go to: running, one general mission, no rewards (a submit writes its completion).
const running = (await client.query<{ id: number }>(
  `insert into campaigns (brand_id, public_uid, type, name, status, start_date, scope_type, finish_criteria)
   values ($1, $2, 'general', 'Submits', 'active', now() - interval '1 minute', 'all', '{days_over}') returning id`,
  [brandId, randomBytes(9).toString('base64url')],
)).rows[0]!.id;
const mission = (await client.query<{ id: number }>(`insert into missions (brand_id, title, type, status, is_complete_fill) values ($1, 'Check', 'general', 'ready', true) returning id`, [brandId])).rows[0]!.id;
const cm = (await client.query<{ id: number }>(`insert into campaign_missions (brand_id, campaign_id, mission_id) values ($1, $2, $3) returning id`, [brandId, running, mission])).rows[0]!.id;
// The campaign that launches to everyone.
const launched = (await client.query<{ id: number }>(
  `insert into campaigns (brand_id, public_uid, type, name, status, scope_type) values ($1, $2, 'general', 'Launch to all', 'scheduled', 'all') returning id`,
  [brandId, randomBytes(9).toString('base64url')],
)).rows[0]!.id;
// Participant sessions (the cookie's token, its sha256 stored), as a sign-in makes them.
const cookies: string[] = [];
for (let i = 0; i < SESSIONS; i++) {
  const token = randomBytes(32).toString('base64url');
  await client.query(`insert into play_sessions (token_hash, brand_id, store_user_id, expires_at) values ($1, $2, $3, now() + interval '1 day')`, [
    createHash('sha256').update(token).digest('base64url'),
    brandId,
    staffIds[(i * 97) % staffIds.length],
  ]);
  cookies.push(`rally_play_session=${token}`);
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

// One submit first: a refused one stops the run with its answer instead of measuring refusals.
{
  const probe = await fetch(`${appUrl}/api/play/campaigns/${running}/missions/${cm}/completions`, {
    method: 'POST',
    headers: { cookie: cookies[0]!, origin: PUBLIC_URL, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ kind: 'general', answers: [] }),
  });
  if (!probe.ok) throw new Error(`a submit is refused: ${probe.status} ${await probe.text()}`);
}
await submitLoad(3); // warm-up
const alone = await submitLoad(DURATION);
console.log(`submit alone: p50 ${alone.p50} ms, p95 ${alone.p95} ms, ${alone.rps.toFixed(0)}/s, non-2xx ${alone.non2xx}`);

const load0 = os.loadavg();
const launchAt = Date.now();
await client.query(`update campaigns set status = 'active', start_date = now() where id = $1`, [launched]);
const count = async () =>
  Number((await client.query<{ n: string }>(`select count(*) as n from notifications n join notification_events e on e.id = n.event_id where e.event_key = $1`, [`launch:${launched}`])).rows[0]!.n);
let queuedAt = 0;
let sentAt = 0;
const watch = (async () => {
  while (!sentAt) {
    if (!queuedAt && (await count()) >= STAFF) queuedAt = Date.now();
    if ((await push.stats()).received >= STAFF) sentAt = Date.now();
    await new Promise((r) => setTimeout(r, 200));
    if (Date.now() - launchAt > 600_000) break;
  }
})();
const during = await submitLoad(DURATION);
await watch;
const load1 = os.loadavg();
const queuedS = queuedAt ? (queuedAt - launchAt) / 1000 : Number.NaN;
const sentS = sentAt ? (sentAt - launchAt) / 1000 : Number.NaN;
console.log(`submit during fan-out: p50 ${during.p50} ms, p95 ${during.p95} ms, ${during.rps.toFixed(0)}/s, non-2xx ${during.non2xx}`);
console.log(`launch to ${STAFF}: all inbox items queued in ${queuedS.toFixed(1)} s, all pushes received in ${sentS.toFixed(1)} s; refused ${(await push.stats()).refused}`);
console.log(`load average before ${load0.map((l) => l.toFixed(2)).join(' ')}, after ${load1.map((l) => l.toFixed(2)).join(' ')}`);

if (!values['no-write']) {
  const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../RESULTS.md');
  writeSection(
    RESULTS,
    'notification-fanout',
    [
      `### Notification fan-out (issue 30)`,
      '',
      `\`npm run notification-fanout -w @rally/bench -- --staff ${STAFF} --connections ${CONNECTIONS} --duration ${DURATION}\` — ${os.cpus().length} cores, PostgreSQL, one server process running its jobs; every employee has a browser subscribed at a local push service on a worker thread of its own (VAPID checked once per token, every body decrypted).`,
      '',
      '| measure | value |',
      '| --- | --- |',
      `| submit p95 alone | ${alone.p95} ms (${alone.rps.toFixed(0)}/s) |`,
      `| submit p95 during the fan-out | ${during.p95} ms (${during.rps.toFixed(0)}/s) |`,
      `| all ${STAFF} inbox items written | ${queuedS.toFixed(1)} s after the launch |`,
      `| all ${STAFF} pushes received | ${sentS.toFixed(1)} s after the launch |`,
      `| load average (1/5/15 min) before → after | ${load0.map((l) => l.toFixed(2)).join(' / ')} → ${load1.map((l) => l.toFixed(2)).join(' / ')} |`,
      '',
    ].join('\n'),
  );
}
await client.end();
await app.close();
await database.close();
await push.close();
