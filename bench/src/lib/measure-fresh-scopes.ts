import { Worker } from 'node:worker_threads';
import { percentile, type LoadResult, type Measurement } from './measure.js';
import type { FreshScopeRequest } from './fresh-scope-worker.js';

/**
 * Closed-loop load in which no two requests ask for the same reach scope (see
 * fresh-scope-worker.ts): the latency of a first request for a scope, under load.
 */
export async function measureFreshScopes(request: FreshScopeRequest): Promise<Measurement> {
  const result = await new Promise<LoadResult>((resolve, reject) => {
    // As in measure.ts: the worker registers tsx itself before importing a .ts file.
    const bootstrap = `
      const { workerData } = require('node:worker_threads');
      import(workerData.tsxApi).then((tsx) => { tsx.register(); return import(workerData.entry); });`;
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: {
        ...request,
        tsxApi: import.meta.resolve('tsx/esm/api'),
        entry: new URL('./fresh-scope-worker.ts', import.meta.url).href,
      },
    });
    worker.once('message', (message: LoadResult) => resolve(message));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`fresh-scope worker exited with ${code}`));
    });
  });
  const sorted = result.latencies.sort();
  const requests = sorted.length;
  return {
    url: request.url,
    connections: request.connections,
    durationSeconds: result.durationSeconds,
    requests,
    requestsPerSecond: requests / result.durationSeconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: requests > 0 ? sorted[requests - 1]! : Number.NaN,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
