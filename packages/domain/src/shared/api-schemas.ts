import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.js';

/** The one error body every failing /api call returns. */
export const ZErrorField = z.object({ path: z.string(), message: z.string() });
export const ZErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.array(ZErrorField),
  }),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
export type TErrorField = z.infer<typeof ZErrorField>;

export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  malformed: 'MALFORMED_REQUEST',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  staleVersion: 'STALE_VERSION',
  illegalTransition: 'ILLEGAL_TRANSITION',
  budgetUnpaid: 'BUDGET_UNPAID',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  rateLimited: 'RATE_LIMITED',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** Participant API: the campaign is not active (not started, ended) or the mission takes no more entries from me. */
  campaignNotActive: 'CAMPAIGN_NOT_ACTIVE',
  noEntriesLeft: 'NO_ENTRIES_LEFT',
  /** The Idempotency-Key was used before with a different request. */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** assign-prize: the unlock is assigned already, or no prize is left. */
  alreadyAssigned: 'ALREADY_ASSIGNED',
  internal: 'INTERNAL',
} as const;
export type TErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Instants cross the API as whole epoch seconds (spec §3). */
export const ZEpochSeconds = z.number().int().nonnegative();

/** An id taken from a path or query string. */
export const ZId = z.coerce.number().int().positive().max(2147483647);

export const ZPageMeta = z.object({
  totalCount: z.number().int().nonnegative(),
  pageCount: z.number().int().nonnegative(),
  currentPage: z.number().int().positive(),
  perPage: z.number().int().positive(),
});
export type TPageMeta = z.infer<typeof ZPageMeta>;

export function zPaged<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), _meta: ZPageMeta });
}

export const ZPageQuery = z.object({
  currentPage: z.coerce.number().int().positive().max(1_000_000).default(1),
  perPage: z.coerce.number().int().positive().max(MAX_PAGE_SIZE).optional(),
});

export function pageMeta(totalCount: number, currentPage: number, perPage: number): TPageMeta {
  return { totalCount, pageCount: Math.ceil(totalCount / perPage), currentPage, perPage };
}

export const ZOk = z.object({ ok: z.literal(true) });
