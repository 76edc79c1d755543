import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { measure, runLoadWorker, toMeasurement, type Measurement } from './lib/measure.js';
import { writeSection } from './lib/results.js';
import type { RotatingLoad } from './lib/rotating-worker.js';
import { participantHeaders } from './lib/participant-request.js';
import { startRallyProcess } from './lib/rally-process.js';
import { startCpuMeter } from './lib/cpu-time.js';
import { PUBLIC_URL, startBare, startServers, urlOf } from './lib/servers.js';

/**
 * Participant routes over HTTP (issue 14), on a scratch database of their own:
 *  - leaderboard: GET /api/play/campaigns/{id}/rank?top=50 (my rank + the top 50) in a user contest ranked by
 *    sales over N completions (default 5,000,000) of U store users, each request as another participant;
 *  - submit: POST /api/play/campaigns/{id}/missions/{cm}/completions, a general mission whose every completion
 *    unlocks a code (of a large pool) and money (from a paid budget), each request another participant with a
 *    new Idempotency-Key; a new campaign each run, whose participants first make --history completions each
 *    through the same route (their state is what a submit reads), so runs start alike.
 * The bare route is measured first in the same run; figures go to bench/RESULTS.md (section engine-http).
 *   npm run engine-http -w @rally/bench -- [--completions 5000000] [--users 100000] [--connections 50]
 *     [--duration 10] [--warmup 3] [--pool 10] [--history 20] [--only leaderboard|submit] [--reset] [--no-write]
 *     [--url postgres://postgres@127.0.0.1:5432/rally_engine_bench]
 */
const { values } = parseArgs({
  options: {
    completions: { type: 'string', default: '5000000' },
    users: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    pool: { type: 'string', default: '10' },
    only: { type: 'string' },
    reset: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    history: { type: 'string', default: '20' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/rally_engine_bench' },
  },
});
const COMPLETIONS = Number(values.completions);
const USERS = Number(values.users);
const STORES = Math.max(1, Math.round(USERS / 50));
const SESSIONS = 1_000;
const CONNECTIONS = Number(values.connections);
const timing = { durationSeconds: Number(values.duration), warmupSeconds: Number(values.warmup) };
const SLUG = `engine-bench-${COMPLETIONS}-${USERS}`;

const dbUrl = new URL(values.url);
const dbName = dbUrl.pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`unsupported database name ${dbName}`);
const admin = new pg.Client({ connectionString: Object.assign(new URL(values.url), { pathname: '/test' }).toString() });
await admin.connect();
if (values.reset) await admin.query(`drop database if exists ${dbName} with (force)`);
if ((await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount === 0) await admin.query(`create database ${dbName}`);
await admin.end();

const t0 = Date.now();
const step = (what: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)} s] ${what}`);

// The app's migrations run when the servers start; start them once first so the seed finds the tables.
const servers = await startServers(values.url, Number(values.pool));
const client = new pg.Client({ connectionString: values.url });
await client.connect();
const one = async <T>(q: string, p: unknown[] = []) => (await client.query(q, p)).rows[0] as T;

interface Fixture {
  brandId: string;
  contestId: number;
}

const campaign = async (brandId: string, type: string, missionType: string, contestSettings: object | null) => {
  const c = await one<{ id: number }>(
    `insert into campaigns (brand_id, public_uid, name, type, status, start_date, finish_criteria)
     values ($1, $2, $3, $4, 'active', now() - interval '30 days', '{days_over}') returning id`,
    [brandId, randomBytes(9).toString('base64url'), `Bench ${type}`, type],
  );
  const m = await one<{ id: number }>(`insert into missions (brand_id, title, type, status) values ($1, 'Bench mission', $2, 'ready') returning id`, [brandId, missionType]);
  const cm = await one<{ id: number }>(
    `insert into campaign_missions (brand_id, campaign_id, mission_id, contest) values ($1, $2, $3, $4::jsonb) returning id`,
    [brandId, c.id, m.id, contestSettings ? JSON.stringify(contestSettings) : null],
  );
  return { id: c.id, cm: cm.id };
};

async function seed(): Promise<Fixture> {
  const found = await one<{ id: string } | undefined>('select id from brands where slug = $1', [SLUG]);
  if (found) {
    const c = await one<{ contest_id: number }>(`select id as contest_id from campaigns where brand_id = $1 and type = 'contest'`, [found.id]);
    step(`data set found (brand ${SLUG})`);
    return { brandId: found.id, contestId: c.contest_id };
  }
  const brandId = randomBytes(12).toString('base64url');
  await client.query(`insert into brands (id, slug, name, is_retailer, consumer_enabled) values ($1, $2, 'Engine Bench', false, false)`, [brandId, SLUG]);
  await client.query(
    `insert into stores (brand_id, name, country_code, formatted_address, status)
     select $1, 'Store ' || g, 'US', g || ' Main St', 'approved' from generate_series(1, $2) g`,
    [brandId, STORES],
  );
  await client.query(
    `with s as (select id, row_number() over (order by id) - 1 as n from stores where brand_id = $1)
     insert into store_users (brand_id, store_id, name)
     select $1, s.id, 'Seller ' || g from generate_series(0, $2 - 1) g join s on s.n = g % $3`,
    [brandId, USERS, STORES],
  );
  step(`${STORES.toLocaleString('en')} stores, ${USERS.toLocaleString('en')} store users`);
  const contest = {
    type: 'user',
    displayLeaderboard: true,
    rankLeadersBasedOn: 'sales_amount',
    displayLeadersByUserInfo: true,
    displayLeadersByStoreInfo: true,
    displayLeadersByNumberSubmissions: true,
    displayLeadersByTotalSalesAmount: true,
    rulesAndRegulations: { useCustom: false, customUrl: '' },
  };
  const k = await campaign(brandId, 'contest', 'contest', contest);
  // Completions generated in the database (the engine would take hours for millions); the app's indexes
  // are dropped for the load and built again after, as a bulk load does.
  const indexes = (await client.query(`select indexname, indexdef from pg_indexes where tablename = 'completions' and indexname <> 'completions_pkey'`)).rows as {
    indexname: string;
    indexdef: string;
  }[];
  for (const i of indexes) await client.query(`drop index ${i.indexname}`);
  const chunk = 500_000;
  for (let from = 0; from < COMPLETIONS; from += chunk) {
    const to = Math.min(COMPLETIONS, from + chunk);
    // An uneven field: low user numbers sell more often (the square of a uniform draw), amounts 1–200 $.
    await client.query(
      `insert into completions (brand_id, campaign_id, campaign_mission_id, store_user_id, store_id, status, sales_amount_cents,
         items_sold, participant_key, idempotency_key, request_hash, created_at)
       select $1, $2, $3, u.id, u.store_id, 'accepted', 100 + (g::bigint * 7919) % 19901, '[]', 'u:' || u.id, 'seed-' || g, 'seed', now() - (g % 2592000) * interval '1 second'
       from generate_series($4::int, $5::int) g
       join store_users u on u.id = (select min(id) from store_users where brand_id = $1) + floor(((g::bigint * 2654435761) % 1000003) / 1000003.0 * ((g::bigint * 40503) % 1000) / 1000.0 * $6)::int`,
      [brandId, k.id, k.cm, from, to - 1, USERS],
    );
    step(`completions ${to.toLocaleString('en')} / ${COMPLETIONS.toLocaleString('en')}`);
  }
  for (const i of indexes) await client.query(i.indexdef);
  step('completions indexes rebuilt');
  await client.query(
    `insert into contest_scores (brand_id, campaign_mission_id, store_user_id, store_id, submissions, sales_amount_cents, last_at)
     select $1, $2, store_user_id, min(store_id), count(*), sum(sales_amount_cents), max(created_at) from completions
     where campaign_mission_id = $2 and status = 'accepted' group by store_user_id`,
    [brandId, k.cm],
  );
  step('contest scores');
  return { brandId, contestId: k.id };
}

const f = await seed();

/**
 * The submit benchmark's campaign, new for every run so each run starts from the same state: every completion
 * unlocks a code (of 300,000) and 1.00 of money (from a paid budget). The campaign of an earlier run is ended.
 */
async function submitCampaign(brandId: string) {
  await client.query(`update campaigns set status = 'ended' where brand_id = $1 and type = 'general' and status = 'active'`, [brandId]);
  const g = await campaign(brandId, 'general', 'general', null);
  const code = await one<{ id: number }>(
    `insert into rewards (brand_id, campaign_id, type, title, is_unlimited, percentage_discount) values ($1, $2, 'discount', 'Code', true, 10) returning id`,
    [brandId, g.id],
  );
  await client.query(`insert into reward_codes (brand_id, reward_id, code) select $1, $2, 'B' || g from generate_series(1, 300000) g`, [brandId, code.id]);
  await client.query(
    `insert into rewards (brand_id, campaign_id, type, title, amount_cents, budget_cents, budget_paid_cents, is_unlimited)
     values ($1, $2, 'money', 'Cash', 100, 1000000000, 1000000000, true)`,
    [brandId, g.id],
  );
  step('submit campaign: 300,000 codes and a 10,000,000.00 budget');
  return g;
}
const submitRun = !values.only || values.only === 'submit' ? await submitCampaign(f.brandId) : null;
// As a server with autovacuum keeps them (this machine's PostgreSQL runs with autovacuum off).
await client.query('vacuum (analyze) completions, contest_scores, reward_codes, reward_unlocks, store_users, stores, play_sessions');
step('vacuum analyze');
const counts = await one<{ completions: string; ranked: string; codes_left: string }>(
  `select (select count(*) from completions where campaign_id = $1) as completions,
          (select count(*) from contest_scores s join campaign_missions cm on cm.id = s.campaign_mission_id where cm.campaign_id = $1) as ranked,
          (select count(*) from reward_codes rc join rewards r on r.id = rc.reward_id where r.campaign_id = $2 and rc.issued_at is null) as codes_left`,
  [f.contestId, submitRun?.id ?? 0],
);

// 1,000 participants spread over the whole field (every rank band), each with a session.
const users = (await client.query(`select id from store_users where brand_id = $1 order by id`, [f.brandId])).rows as { id: number }[];
const picked = Array.from({ length: SESSIONS }, (_, i) => users[Math.floor((i * users.length) / SESSIONS)]!.id);
const cookies: string[] = [];
for (const id of picked) {
  const token = randomBytes(32).toString('base64url');
  await client.query(
    `insert into play_sessions (token_hash, brand_id, store_user_id, expires_at) values ($1, $2, $3, now() + interval '1 day')`,
    [createHash('sha256').update(token).digest('base64url'), f.brandId, id],
  );
  cookies.push(`rally_play_session=${token}`);
}
await client.end();
// Restart the app so it starts on the vacuumed tables with empty caches, now in a process of its own as deployed
// (lib/rally-process.ts): its heap, garbage collections and event loop are the server's alone, not shared with this
// process's data set and orchestration. The load client stays here, on the same two cores.
await servers.close();
const bareServer = await startBare();
const rally = await startRallyProcess(values.url, Number(values.pool));
const appUrl = rally.appUrl;

const HISTORY = Number(values.history);
let historyCpu: { submits: number; wallSeconds: number; serverMsPerSubmit: number; databaseMsPerSubmit: number; backends: number } | null = null;
const submitUrl = submitRun ? `${appUrl}/api/play/campaigns/${submitRun.id}/missions/${submitRun.cm}/completions` : '';
const SUBMIT_BODY = JSON.stringify({ kind: 'general', answers: [] });
if (submitRun && HISTORY > 0) {
  // Each participant's earlier completions, made through the engine as the measured ones are (HISTORY rounds over
  // every participant, CONNECTIONS at a time): a submit reads the participant's state, so the measured run starts
  // from the same history each time instead of from whatever earlier runs left.
  let next = 0;
  const total = HISTORY * cookies.length;
  const cpu = await startCpuMeter(rally.pid, values.url, dbName);
  const historyStarted = performance.now();
  const send = async () => {
    while (next < total) {
      const cookie = cookies[next++ % cookies.length]!;
      const res = await fetch(submitUrl, {
        method: 'POST',
        headers: participantHeaders({ cookie, origin: PUBLIC_URL, json: true, idempotencyKey: true }),
        body: SUBMIT_BODY,
      });
      if (res.status !== 201) throw new Error(`history submit answered ${res.status}: ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, send));
  const used = await cpu.stop();
  const wall = (performance.now() - historyStarted) / 1000;
  // The history is a fixed amount of work (HISTORY × participants submits): CPU per submit is the figure to compare
  // across trees on a shared machine, where req/s and p95 move with whatever else runs.
  historyCpu = { submits: total, wallSeconds: wall, serverMsPerSubmit: (used.serverSeconds * 1000) / total, databaseMsPerSubmit: (used.databaseSeconds * 1000) / total, backends: used.backends };
  step(
    `history CPU per submit: server ${historyCpu.serverMsPerSubmit.toFixed(3)} ms + database ${historyCpu.databaseMsPerSubmit.toFixed(3)} ms (${used.backends} backends), ${Math.round(total / wall)} submits/s`,
  );
  const vac = new pg.Client({ connectionString: values.url });
  await vac.connect();
  await vac.query('vacuum (analyze) completions, reward_codes, reward_unlocks, reward_budget_ledger');
  // The seed and the history wrote far more than max_wal_size: without this, the checkpoint they call for would
  // start inside the measured run of some runs and not of others (its writes and the full-page images after it).
  await vac.query('checkpoint');
  await vac.end();
  step(`history: ${HISTORY} completions per participant through the engine (${total.toLocaleString('en')}), then vacuum analyze and checkpoint`);
}

const rotating = (url: string, extra: Partial<RotatingLoad>) =>
  runLoadWorker(new URL('./lib/rotating-worker.ts', import.meta.url), {
    url,
    method: 'GET',
    cookies,
    connections: CONNECTIONS,
    ...timing,
    ...extra,
  } satisfies RotatingLoad).then((r) => toMeasurement(url, CONNECTIONS, r));

const rows: { name: string; m: Measurement; target?: number }[] = [];
const bare = await measure(`${urlOf(bareServer)}/bare`, { connections: CONNECTIONS, ...timing });
rows.push({ name: 'bare-json', m: bare });
step(`bare ${Math.round(bare.requestsPerSecond)} req/s`);
if (!values.only || values.only === 'leaderboard') {
  const m = await rotating(`${appUrl}/api/play/campaigns/${f.contestId}/rank?top=50`, {});
  rows.push({ name: 'leaderboard (top 50 + my rank)', m, target: 30 });
  step(`leaderboard p95 ${m.p95.toFixed(1)} ms`);
}
if (!values.only || values.only === 'submit') {
  const m = await rotating(submitUrl, {
    method: 'POST',
    body: SUBMIT_BODY,
    origin: PUBLIC_URL,
    idempotencyKeys: true,
  });
  rows.push({ name: 'completion submit (code + money)', m, target: 50 });
  step(`submit p95 ${m.p95.toFixed(1)} ms`);
}
await rally.close();
await bareServer.close();

const load = os.loadavg().map((n) => n.toFixed(1)).join(' / ');
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const table = [
  '| Benchmark | req/s | p50 ms | p95 ms | p99 ms | max ms | vs bare | non-2xx / errors | Target |',
  '|---|--:|--:|--:|--:|--:|--:|--:|---|',
  ...rows.map(
    ({ name, m, target }) =>
      `| ${name} | ${Math.round(m.requestsPerSecond).toLocaleString('en')} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${ms(m.max)} | ${((m.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)} % | ${m.non2xx} / ${m.errors} | ${
        target === undefined ? '' : `${m.p95 <= target && m.non2xx === 0 && m.errors === 0 ? 'PASS' : 'FAIL'} (p95 ≤ ${target} ms)`
      } |`,
  ),
].join('\n');
const section = `## Participant routes over HTTP (issue 14) — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC

- Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? '?'}), shared with other agents' work; load average (1 / 5 / 15 min) at the end: **${load}**. Node ${process.version}; PostgreSQL on 127.0.0.1:5432, database \`${dbName}\`.
- Command: \`npm run engine-http -w @rally/bench -- ${process.argv.slice(2).join(' ')}\`
- Data: ${Number(counts.completions).toLocaleString('en')} accepted completions of ${Number(counts.ranked).toLocaleString('en')} ranked store users (${STORES.toLocaleString('en')} stores) in a user contest ranked by sales; submit campaign (new each run) with ${Number(counts.codes_left).toLocaleString('en')} codes, its ${SESSIONS.toLocaleString('en')} participants with ${HISTORY} completions each made through the engine before the run (\`--history\`).
- Load: ${CONNECTIONS} closed-loop connections, ${timing.warmupSeconds} s warm-up then ${timing.durationSeconds} s measured; each request as the next of ${SESSIONS.toLocaleString('en')} participants (spread over every rank); Rally pool ${values.pool}, the app in a process of its own (since 2026-11-24 12:00 UTC; before, it shared the benchmark's process) and the load client in a worker thread here. Latency percentiles are nearest-rank over every 2xx response.${
  historyCpu
    ? `\n- CPU per submit over the history (${historyCpu.submits.toLocaleString('en')} submits, ${CONNECTIONS} at a time, ${Math.round(historyCpu.submits / historyCpu.wallSeconds)}/s): server **${historyCpu.serverMsPerSubmit.toFixed(3)} ms**, PostgreSQL backends **${historyCpu.databaseMsPerSubmit.toFixed(3)} ms** — work per request, which other load on the machine hardly moves.`
    : ''
}

${table}`;
console.log(section);
if (!values['no-write']) writeSection(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'RESULTS.md'), 'engine-http', section);
