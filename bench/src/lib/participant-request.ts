import { randomUUID } from 'node:crypto';

/** What a participant's request carries in the benchmarks: their session cookie, and for a write the app's Origin
 * (the CSRF guard) with, for a completion, a new Idempotency-Key. */
export interface ParticipantRequest {
  cookie: string;
  origin?: string | undefined;
  json?: boolean;
  idempotencyKey?: boolean;
}

export function participantHeaders(r: ParticipantRequest): Record<string, string> {
  const headers: Record<string, string> = { cookie: r.cookie };
  if (r.origin) headers['origin'] = r.origin;
  if (r.json) headers['content-type'] = 'application/json';
  if (r.idempotencyKey) headers['idempotency-key'] = randomUUID();
  return headers;
}
