import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { LoadRequest, LoadResult } from './measure.js';

// Runs autocannon on its own thread so the load generator does not queue behind
// the servers under test, which share the main thread's event loop.

// Versioned writes: a request checks a campaign out of a pool and gives it back with the
// version the answer returned, so no two requests in flight edit the same campaign.
// (autocannon resets a connection's context after every request, so the pool lives here.)
const versions = new Map<string, number>();
let free: string[] | null = null;

function versionedRequests(request: LoadRequest): autocannon.Request[] | undefined {
  const writes = request.versionedWrites;
  if (!writes) return undefined;
  free ??= [...writes.urls];
  const pool = free;
  return [
    {
      method: 'POST',
      setupRequest: (req: autocannon.Request, ctx: object) => {
        const context = ctx as { target?: string };
        // Requests cut off at the end of the warm-up never return their campaign; the pool has spares.
        context.target = pool.shift() ?? writes.urls[Math.floor(Math.random() * writes.urls.length)]!;
        const version = versions.get(context.target) ?? writes.version;
        return { ...req, path: new URL(context.target).pathname, body: JSON.stringify({ version, name: `Bench ${version}` }) };
      },
      onResponse: (status: number, body: string, ctx: object) => {
        const context = ctx as { target?: string };
        if (!context.target) return;
        if (status === 200) versions.set(context.target, (JSON.parse(body) as { campaign: { version: number } }).campaign.version);
        pool.push(context.target);
      },
    },
  ];
}

function run(request: LoadRequest, seconds: number, record: number[] | null): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: request.body,
        requests: versionedRequests(request),
        connections: request.connections,
        duration: seconds,
      },
      (err: Error | null, result: autocannon.Result) => (err ? reject(err) : resolve(result)),
    );
    // autocannon keeps an HDR histogram with p90/p97.5/p99 but no p95, so record every response time.
    if (record) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) record.push(responseTime);
      });
    }
  });
}

const request = workerData as LoadRequest;
if (request.warmupSeconds > 0) await run(request, request.warmupSeconds, null);
const latencies: number[] = [];
const result = await run(request, request.durationSeconds, latencies);
const samples = Float64Array.from(latencies);
const message: LoadResult = {
  latencies: samples,
  durationSeconds: result.duration,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};
parentPort?.postMessage(message, [samples.buffer]);
