import { workerData } from 'node:worker_threads';
import { postClosedLoopResult } from './closed-loop.js';
import { participantHeaders } from './participant-request.js';

/**
 * A load worker whose requests rotate over many participant sessions (each request the next cookie), so
 * a route that depends on who asks (my rank, my completion) is measured over many participants, not one;
 * with `idempotencyKeys` every request carries a new Idempotency-Key (a new completion each time).
 */
export interface RotatingLoad {
  url: string;
  method: 'GET' | 'POST';
  cookies: string[];
  body?: string;
  origin?: string;
  idempotencyKeys?: boolean;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

const load = workerData as RotatingLoad;
let next = 0;
await postClosedLoopResult(
  (seconds) => ({
    url: load.url,
    connections: load.connections,
    duration: seconds,
    requests: [
      {
        method: load.method,
        setupRequest: (req) => {
          const headers = {
            ...(req.headers as Record<string, string> | undefined),
            ...participantHeaders({
              cookie: load.cookies[next++ % load.cookies.length]!,
              origin: load.origin,
              json: load.body !== undefined,
              idempotencyKey: load.idempotencyKeys,
            }),
          };
          return { ...req, headers, ...(load.body !== undefined ? { body: load.body } : {}) };
        },
      },
    ],
  }),
  load,
);
