import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { LoadResult } from './measure.js';

// Like load-worker.ts, but every request carries a scope never sent before: `size` ids drawn at
// random from `pool`, so each one is a cold reach calculation (nothing cached for it).

export interface FreshScopeRequest {
  url: string;
  headers: Record<string, string>;
  scope: 'store' | 'group';
  pool: number[];
  size: number;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

const request = workerData as FreshScopeRequest;
const sent = new Set<string>();

function freshBody(): string {
  for (;;) {
    const picked = new Set<number>();
    while (picked.size < request.size) picked.add(request.pool[Math.floor(Math.random() * request.pool.length)]!);
    const pks = [...picked].sort((a, b) => a - b);
    const key = pks.join(',');
    if (sent.has(key)) continue;
    sent.add(key);
    return JSON.stringify({ scope: request.scope, pks });
  }
}

function run(seconds: number, record: number[] | null): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: request.url,
        method: 'POST',
        headers: request.headers,
        requests: [{ method: 'POST', setupRequest: (req: autocannon.Request) => ({ ...req, body: freshBody() }) }],
        connections: request.connections,
        duration: seconds,
      },
      (err: Error | null, result: autocannon.Result) => (err ? reject(err) : resolve(result)),
    );
    if (record) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) record.push(responseTime);
      });
    }
  });
}

if (request.warmupSeconds > 0) await run(request.warmupSeconds, null);
const latencies: number[] = [];
const result = await run(request.durationSeconds, latencies);
const samples = Float64Array.from(latencies);
const message: LoadResult = {
  latencies: samples,
  durationSeconds: result.duration,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};
parentPort?.postMessage(message, [samples.buffer]);
