import { workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { postClosedLoopResult } from './closed-loop.js';

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

await postClosedLoopResult(
  (seconds) => ({
    url: request.url,
    method: 'POST',
    headers: request.headers,
    requests: [{ method: 'POST', setupRequest: (req: autocannon.Request) => ({ ...req, body: freshBody() }) }],
    connections: request.connections,
    duration: seconds,
  }),
  request,
);
