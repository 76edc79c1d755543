import { workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { LoadRequest } from './measure.js';
import { postClosedLoopResult } from './closed-loop.js';

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

const request = workerData as LoadRequest;
await postClosedLoopResult(
  (seconds) => ({
    url: request.url,
    method: request.method,
    headers: request.headers,
    body: request.body,
    requests: versionedRequests(request),
    connections: request.connections,
    duration: seconds,
  }),
  request,
);
