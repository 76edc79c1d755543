import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, ZIdempotencyKey } from '@rally/domain';
import { documentedHeaders } from './api-docs.js';
import { invalid } from './app-error.js';

/**
 * The Idempotency-Key header of a route that answers a retry with its first result (a completion, a payout request),
 * as the OpenAPI document shows it; `sentFor` says what the key stands for. The rule itself is the domain's
 * ZIdempotencyKey, which idempotencyKeyOf applies.
 */
export const idempotencyKeyHeader = (sentFor: string) =>
  documentedHeaders({
    [IDEMPOTENCY_KEY_HEADER]: {
      required: true,
      minLength: 8,
      maxLength: 128,
      pattern: '^[\\w.:-]+$',
      description: `A key the client makes for ${sentFor} (a UUID will do), sent again unchanged on a retry: 8 to 128 letters, digits, . _ : -`,
    },
  });

/** The request's Idempotency-Key, or a 400 naming the header. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  const parsed = ZIdempotencyKey.safeParse(raw);
  if (parsed.success) return parsed.data;
  const message = raw === undefined ? 'required: a key sent again unchanged on a retry' : (parsed.error.issues[0]?.message ?? 'not a valid key');
  throw invalid([{ path: `headers.${IDEMPOTENCY_KEY_HEADER}`, message }]);
}
