import { parentPort } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { LoadResult } from './measure.js';

/** One autocannon run; with `record`, the time of every 2xx response is pushed to it. */
export function runAutocannon(options: autocannon.Options, record: number[] | null): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err: Error | null, result: autocannon.Result) => (err ? reject(err) : resolve(result)));
    // autocannon keeps an HDR histogram with p90/p97.5/p99 but no p95, so record every response time.
    if (record) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) record.push(responseTime);
      });
    }
  });
}

/**
 * The body of a load worker: a warm-up thrown away, then the measured run, posted to the
 * main thread as one LoadResult (latencies moved, not copied).
 */
export async function postClosedLoopResult(
  options: (seconds: number) => autocannon.Options,
  timing: { warmupSeconds: number; durationSeconds: number },
): Promise<void> {
  if (timing.warmupSeconds > 0) await runAutocannon(options(timing.warmupSeconds), null);
  const latencies: number[] = [];
  const result = await runAutocannon(options(timing.durationSeconds), latencies);
  const samples = Float64Array.from(latencies);
  const message: LoadResult = {
    latencies: samples,
    durationSeconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  parentPort?.postMessage(message, [samples.buffer]);
}
