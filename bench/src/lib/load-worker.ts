import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { LoadRequest, LoadResult } from './measure.js';

// Runs autocannon on its own thread so the load generator does not queue behind
// the servers under test, which share the main thread's event loop.

// Versioned writes: every connection edits its own campaign and remembers the version each answer returns.
const versions = new Map<string, number>();
let nextTarget = 0;

function versionedRequests(request: LoadRequest): autocannon.Request[] | undefined {
  const writes = request.versionedWrites;
  if (!writes) return undefined;
  return [
    {
      method: 'POST',
      setupRequest: (req: autocannon.Request, ctx: object) => {
        const context = ctx as { target?: string };
        context.target ??= writes.urls[nextTarget++ % writes.urls.length]!;
        const target = context.target;
        const version = versions.get(target) ?? writes.version;
        return { ...req, path: new URL(target).pathname, body: JSON.stringify({ version, name: `Bench ${version}` }) };
      },
      onResponse: (status: number, body: string, ctx: object) => {
        const context = ctx as { target?: string };
        if (status === 200 && context.target) versions.set(context.target, (JSON.parse(body) as { campaign: { version: number } }).campaign.version);
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
