import { availableParallelism, cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BASELINE, BENCHMARKS } from './benchmarks/index.js';
import type { BenchContext } from './benchmarks/benchmark.js';
import { numberArg, parseArgs, stringArg } from './lib/args.js';
import { BENCH_BRAND, BENCH_DATABASE_URL } from './lib/bench-config.js';
import { DEFAULT_MEASURE, measure } from './lib/measure.js';
import { markdownTable, writeSection, type Row } from './lib/results.js';
import { signIn, startServers } from './lib/servers.js';

// npm run bench [-- --only <name>] [--connections 50] [--duration 10] [--warmup 2] [--pool 20] [--no-write]

const args = parseArgs(process.argv.slice(2));
const only = stringArg(args, 'only');
const load = {
  connections: numberArg(args, 'connections', DEFAULT_MEASURE.connections),
  durationSeconds: numberArg(args, 'duration', DEFAULT_MEASURE.durationSeconds),
  warmupSeconds: numberArg(args, 'warmup', DEFAULT_MEASURE.warmupSeconds),
};
const poolSize = numberArg(args, 'pool', 10);

const selected = only ? BENCHMARKS.filter((b) => b.name === only) : [...BENCHMARKS];
if (selected.length === 0) {
  console.error(`No benchmark named "${only}". Known: ${BENCHMARKS.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
// The bare route always runs first: every other figure is read against it.
if (!selected.includes(BASELINE)) selected.unshift(BASELINE);

/**
 * This machine's PostgreSQL runs with autovacuum off, so the dead rows that writes leave behind
 * (autosave runs, earlier sessions) pile up and slow every later read — by 2× for the campaign
 * list's page query. A deployed server vacuums in the background; the runner does it before each
 * benchmark so each one starts from the state autovacuum would keep.
 */
async function vacuum() {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
}

const servers = await startServers(BENCH_DATABASE_URL, poolSize);
const rows: Row[] = [];
let dataSet = '';
let postgresVersion = '';
try {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  const { rows: infoRows } = await client
    .query<{ campaigns: number; stores: number; users: number; version: string }>(
      `select (select count(*)::int from campaigns c join brands b on b.id = c.brand_id where b.slug = $1) as campaigns,
              (select count(*)::int from stores s join brands b on b.id = s.brand_id where b.slug = $1) as stores,
              (select count(*)::int from store_users u join brands b on b.id = u.brand_id where b.slug = $1) as users,
              current_setting('server_version') as version`,
      [BENCH_BRAND.slug],
    )
    .finally(() => client.end());
  const info = infoRows[0];
  dataSet = `${(info?.stores ?? 0).toLocaleString('en')} stores, ${(info?.users ?? 0).toLocaleString('en')} store users, ${(info?.campaigns ?? 0).toLocaleString('en')} campaigns`;
  postgresVersion = info?.version ?? '?';
  console.log(`Bench brand: ${dataSet}. Bare ${servers.bareUrl}, Rally ${servers.appUrl}.`);
  const cookie = await signIn(servers.appUrl);
  const ctx: BenchContext = {
    bareUrl: servers.bareUrl,
    appUrl: servers.appUrl,
    cookie,
    database: servers.database,
    load,
    measure,
  };

  let baselineRps: number | undefined;
  // This machine's speed drifts by up to 2× over a run (a shared VM host): a route with a target
  // relative to the bare route is read against a bare run made just before it, shown as its own row.
  const order = selected.flatMap((b, i) => (b.minRatioToBaseline !== undefined && selected[i - 1] !== BASELINE ? [BASELINE, b] : [b]));
  for (const benchmark of order) {
    process.stdout.write(`${benchmark.name.padEnd(28)} `);
    await vacuum();
    const measurement = await benchmark.run(ctx);
    if (benchmark === BASELINE) baselineRps = measurement.requestsPerSecond;
    const ratioToBaseline = baselineRps ? measurement.requestsPerSecond / baselineRps : undefined;
    rows.push({ benchmark, measurement, ratioToBaseline });
    console.log(
      `${Math.round(measurement.requestsPerSecond)} req/s  p50 ${measurement.p50.toFixed(1)} ms  p95 ${measurement.p95.toFixed(1)} ms  p99 ${measurement.p99.toFixed(1)} ms`,
    );
  }
} finally {
  await servers.close();
}

const table = markdownTable(rows);
console.log(`\n${table}\n`);

if (!args.has('no-write')) {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  const body = [
    `## ${only ?? 'All benchmarks'} — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `- Machine: ${availableParallelism()} CPUs (nproc), ${cpu}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM; Node ${process.version}; PostgreSQL ${postgresVersion} on the same machine.`,
    `- Command: \`${command}\``,
    `- Load: ${load.connections} connections, ${load.durationSeconds} s per route after a ${load.warmupSeconds} s warm-up; Rally pool ${poolSize} connections.`,
    `- Data set (bench brand): ${dataSet}.`,
    '- Latencies: every 2xx response time recorded by the load worker, nearest-rank percentiles (autocannon reports no p95).',
    '',
    table,
  ].join('\n');
  const file = fileURLToPath(new URL('../RESULTS.md', import.meta.url));
  writeSection(file, only ?? 'all', body);
  console.log(`Wrote ${file}`);
}
