import { runLoadWorker, toMeasurement, type Measurement } from './measure.js';
import type { FreshScopeRequest } from './fresh-scope-worker.js';

/**
 * Closed-loop load in which no two requests ask for the same reach scope (see
 * fresh-scope-worker.ts): the latency of a first request for a scope, under load.
 */
export async function measureFreshScopes(request: FreshScopeRequest): Promise<Measurement> {
  const result = await runLoadWorker(new URL('./fresh-scope-worker.ts', import.meta.url), request);
  return toMeasurement(request.url, request.connections, result);
}
