import { Worker } from 'node:worker_threads';

export interface MeasureOptions {
  connections?: number;
  durationSeconds?: number;
  /** Load applied first and thrown away: JIT, connection pools and caches warm up. */
  warmupSeconds?: number;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /**
   * Versioned writes: each connection takes its own target and sends
   * `{version, name}`, carrying the version the last answer returned
   * (`campaign.version`), as the builder's autosave does.
   */
  versionedWrites?: { urls: string[]; version: number };
}

/** What the load worker is given. */
export interface LoadRequest {
  url: string;
  method: NonNullable<MeasureOptions['method']>;
  headers: Record<string, string>;
  body: string | undefined;
  versionedWrites: MeasureOptions['versionedWrites'];
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

/** What the load worker sends back. */
export interface LoadResult {
  latencies: Float64Array;
  durationSeconds: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface Measurement {
  url: string;
  connections: number;
  durationSeconds: number;
  /** 2xx responses. */
  requests: number;
  requestsPerSecond: number;
  /** Milliseconds, from every 2xx response time (nearest rank). */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

export const DEFAULT_MEASURE = { connections: 50, durationSeconds: 10, warmupSeconds: 2 } as const;

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** Closed-loop load on one URL (each connection sends its next request when the last is answered). */
export async function measure(url: string, options: MeasureOptions = {}): Promise<Measurement> {
  const request: LoadRequest = {
    url,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    body: options.body,
    versionedWrites: options.versionedWrites,
    connections: options.connections ?? DEFAULT_MEASURE.connections,
    durationSeconds: options.durationSeconds ?? DEFAULT_MEASURE.durationSeconds,
    warmupSeconds: options.warmupSeconds ?? DEFAULT_MEASURE.warmupSeconds,
  };
  const result = await runLoadWorker(new URL('./load-worker.ts', import.meta.url), request);
  return toMeasurement(url, request.connections, result);
}

/**
 * Runs a load worker (a .ts file that posts one LoadResult) on its own thread, so the load
 * generator does not queue behind the servers on this thread's event loop.
 */
export function runLoadWorker(entry: URL, data: object): Promise<LoadResult> {
  return new Promise<LoadResult>((resolve, reject) => {
    // The tsx CLI registers its loader on the main thread only (Node 20 workers ignore
    // --import in execArgv), so the worker registers its own before importing the .ts file.
    const bootstrap = `
      const { workerData } = require('node:worker_threads');
      import(workerData.tsxApi).then((tsx) => { tsx.register(); return import(workerData.entry); });`;
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: { ...data, tsxApi: import.meta.resolve('tsx/esm/api'), entry: entry.href },
    });
    worker.once('message', (message: LoadResult) => resolve(message));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker ${entry.pathname} exited with ${code}`));
    });
  });
}

/** A worker's raw result as the figures the runner reports (nearest-rank percentiles). */
export function toMeasurement(url: string, connections: number, result: LoadResult): Measurement {
  const sorted = result.latencies.sort();
  const requests = sorted.length;
  return {
    url,
    connections,
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
