// npm run bench:import [-- --codes 1000000] [--send-codes] — a code file of N codes into one reward, end to end
// through the real routes (upload-excel-codes, then add-reward-codes), beside a bare upload of the same bytes in the
// same run; then four uploads of the same file at once (sent from a worker thread) while /api/health is probed.
//
// The app runs in a child process (lib/rally-process.ts) and its memory is that process's resident set, read from
// /proc/<pid>/status every 20 ms and as the kernel's peak (VmHWM, reset before the step): the server's memory alone.
// Until 2026-11-24 the app ran in this process, so the figure also counted the client — its copy of the
// 1,000,000-code answer, parsed, and of the file it sends — and the health probes shared the server's event loop.
import { availableParallelism, cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { createDatabase, dbSchema } from '@rally/server';
import { numberArg, parseArgs } from './lib/args.js';
import { BENCH_BRAND, BENCH_DATABASE_URL } from './lib/bench-config.js';
import { writeSection } from './lib/results.js';
import { residentBytes, resetPeak, startRallyProcess } from './lib/rally-process.js';
import { signIn, startBare, urlOf } from './lib/servers.js';

const { brands, campaigns, rewards } = dbSchema;
const args = parseArgs(process.argv.slice(2));
const count = numberArg(args, 'codes', 1_000_000);
const TARGET_SECONDS = 10;
const TARGET_GROWTH_MB = 150;
const TARGET_HEALTH_STALL_MS = 200;
const PARALLEL_UPLOADS = 4;
const sendCodes = args.has('send-codes');
const loadBefore = loadavg();

// Plain JavaScript run with eval: it only sends requests, so it needs no TypeScript loader.
const PARALLEL_SENDER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, cookie, origin, csv, uploads } = workerData;
Promise.all(Array.from({ length: uploads }, async () => {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'codes.csv');
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { cookie, origin }, body: form });
  const text = await res.text();
  // A refusal says why (e.g. FILE_TOO_COMPLEX when a parse passes its deadline on a busy machine).
  const code = res.status === 200 ? '' : ' ' + (text.match(/"code":"([A-Z_]+)"/)?.[1] ?? '');
  return { status: res.status + code, seconds: (performance.now() - started) / 1000 };
})).then((results) => parentPort.postMessage(results));`;

/** Latencies of /api/health, one probe every 20 ms, while \`work\` runs. */
async function probeHealthDuring<T>(appUrl: string, work: () => Promise<T>): Promise<{ result: T; latencies: number[] }> {
  const latencies: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${appUrl}/api/health`)).arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    return { result: await work(), latencies };
  } finally {
    running = false;
    await probe;
  }
}

const rally = await startRallyProcess(BENCH_DATABASE_URL, 10);
const bareServer = await startBare();
// This process's own connection, for the benchmark's rows; the app has its pool in the child.
const database = createDatabase({ databaseUrl: BENCH_DATABASE_URL, poolSize: 2 });
const servers = { appUrl: rally.appUrl, bareUrl: urlOf(bareServer), database };
try {
  const db = servers.database.db;
  const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, BENCH_BRAND.slug));
  if (!brand) throw new Error('run npm run bench:seed first');
  const [campaign] = await db
    .insert(campaigns)
    .values({ brandId: brand.id, publicUid: `bench-import-${Date.now()}`, name: 'Bench import', type: 'general' })
    .returning({ id: campaigns.id });
  const [reward] = await db
    .insert(rewards)
    .values({ brandId: brand.id, campaignId: campaign!.id, type: 'discount', title: 'Bench import codes' })
    .returning({ id: rewards.id });
  const cookie = await signIn(servers.appUrl);

  const lines = ['code'];
  for (let i = 0; i < count; i++) lines.push(String(i).padStart(10, '0'));
  const csv = Buffer.from(`${lines.join('\n')}\n`);

  // Baseline: the same bytes to a bare Fastify route.
  const bareStart = performance.now();
  const bare = await fetch(`${servers.bareUrl}/bare-upload`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: csv });
  await bare.json();
  const bareSeconds = (performance.now() - bareStart) / 1000;

  await rally.gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  resetPeak(rally.pid);
  const rssBefore = residentBytes(rally.pid).rss;
  let rssPeak = rssBefore;
  // Sampled, and the kernel's own peak read at the two marks (it catches what falls between samples).
  const peakNow = () => Math.max(rssPeak, residentBytes(rally.pid).peak);
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, residentBytes(rally.pid).rss);
  }, 20);
  const started = performance.now();
  const form = new FormData();
  form.append('rewardId', String(reward!.id));
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'codes.csv');
  const uploaded = await fetch(`${servers.appUrl}/api/v3/bundle/upload-excel-codes`, { method: 'POST', headers: { cookie, origin: servers.appUrl }, body: form });
  if (uploaded.status !== 200) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const file = (await uploaded.json()) as { codes: string[]; fileUrl: string; fileName: string };
  const uploadSeconds = (performance.now() - started) / 1000;
  // Where the peak falls: reading the file (server) and the answer (client), or sending the codes back and adding them.
  const uploadPeakMb = (peakNow() - rssBefore) / 2 ** 20;
  const added = await fetch(`${servers.appUrl}/api/v3/bundle/add-reward-codes`, {
    method: 'POST',
    headers: { cookie, origin: servers.appUrl, 'content-type': 'application/json' },
    // By default as a client adds a large file: by the kept upload's fileUrl; --send-codes posts the list back instead.
    body: JSON.stringify({
      rewardId: reward!.id,
      uploadedCodes: sendCodes ? { codes: file.codes, fileUrl: file.fileUrl, fileName: file.fileName } : { fileUrl: file.fileUrl, fileName: file.fileName },
    }),
  });
  if (added.status !== 200) throw new Error(`add-reward-codes answered ${added.status}: ${await added.text()}`);
  const summary = (await added.json()) as { added: number };
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const growthMb = (peakNow() - rssBefore) / 2 ** 20;
  const stored = await servers.database.rows<{ n: number }>(
    sql`select count(*)::int as n from reward_codes where reward_id = ${reward!.id}`,
  );

  // Four uploads at once: the parse pool (2 at a time, the rest queued) must keep the API answering.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await rally.eventLoopDelay();
  const { result: parallel, latencies } = await probeHealthDuring(servers.appUrl, async () => {
    const started = performance.now();
    const results = await new Promise<Array<{ status: string; seconds: number }>>((resolve, reject) => {
      const worker = new Worker(PARALLEL_SENDER, {
        eval: true,
        workerData: { url: `${servers.appUrl}/api/v3/bundle/upload-excel-codes`, cookie, origin: servers.appUrl, csv, uploads: PARALLEL_UPLOADS },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    return { results, seconds: (performance.now() - started) / 1000 };
  });
  const sorted = [...latencies].sort((a, b) => a - b);
  const healthMax = sorted[sorted.length - 1] ?? 0;
  const healthP99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
  const statuses = parallel.results.map((r) => r.status).join(', ');
  const inside = await rally.eventLoopDelay();

  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const body = [
    `## Code import — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `- Machine: ${availableParallelism()} CPUs, ${cpus()[0]?.model.trim() ?? '?'}; Node ${process.version}; PostgreSQL on the same machine.`,
    `- Command: \`npm run bench:import -- --codes ${count}\` (a ${(csv.length / 2 ** 20).toFixed(1)} MB CSV of ${count.toLocaleString('en')} codes with leading zeros).`,
    '- Memory: growth of the resident set of the server process alone (the app runs in a child process; its VmRSS sampled every 20 ms and its VmHWM peak, from /proc), over its size after a full GC before the upload. Before 2026-11-24 the app and the client shared one process and the figure counted both.',
    `- Load average before the run: ${loadBefore.map((l) => l.toFixed(2)).join(', ')} (1, 5, 15 min); after: ${loadavg().map((l) => l.toFixed(2)).join(', ')}.`,
    '',
    '| Step | Seconds | Note |',
    '|---|--:|---|',
    `| bare upload of the same bytes | ${bareSeconds.toFixed(2)} | baseline, same run |`,
    `| upload-excel-codes (read in a worker, summary, codes back) | ${uploadSeconds.toFixed(2)} | ${(uploadSeconds / bareSeconds).toFixed(0)}× the bare upload |`,
    `| total, with add-reward-codes (${sendCodes ? 'the codes posted back' : 'by fileUrl'}) | ${seconds.toFixed(2)} | ${summary.added.toLocaleString('en')} added, ${stored[0]?.n.toLocaleString('en')} stored — ${pass(seconds <= TARGET_SECONDS)} (≤ ${TARGET_SECONDS} s), ${(seconds / bareSeconds).toFixed(0)}× the bare upload |`,
    `| peak memory growth of the server process | ${growthMb.toFixed(0)} MB | ${pass(growthMb <= TARGET_GROWTH_MB)} (≤ ${TARGET_GROWTH_MB} MB); ${uploadPeakMb.toFixed(0)} MB by the end of the upload step |`,
    `| ${PARALLEL_UPLOADS} uploads of the same file at once | ${parallel.seconds.toFixed(2)} | statuses ${statuses}; ${(parallel.seconds / bareSeconds).toFixed(0)}× the bare upload |`,
    `| \`/api/health\` during them: slowest of ${latencies.length} probes | ${(healthMax / 1000).toFixed(3)} | p99 ${healthP99.toFixed(0)} ms — ${pass(healthMax <= TARGET_HEALTH_STALL_MS)} (stall ≤ ${TARGET_HEALTH_STALL_MS} ms); longest event-loop delay inside the server ${inside.maxDelayMs.toFixed(0)} ms |`,
  ].join('\n');
  console.log(body);
  if (!args.has('no-write')) writeSection(fileURLToPath(new URL('../RESULTS.md', import.meta.url)), 'code-import', body);
  await db.delete(campaigns).where(and(eq(campaigns.id, campaign!.id), eq(campaigns.brandId, brand.id)));
  // The million deleted codes would stay in reward_codes and its indexes where autovacuum is off (as on the bench
  // machine), slowing every later run's COPY: 31 runs left 5.5 GB of dead rows before this was added.
  await servers.database.rows(sql`vacuum reward_codes`);
} finally {
  await rally.close();
  await bareServer.close();
  await database.close();
}
