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
  /** The brand's features do not allow this campaign type. */
  typeNotAllowed: 'TYPE_NOT_ALLOWED',
  /** Changing the type deletes the campaign's missions; the caller must confirm. */
  typeChangeNeedsConfirmation: 'TYPE_CHANGE_NEEDS_CONFIRMATION',
  missionInUse: 'MISSION_IN_USE',
  missionLimit: 'MISSION_LIMIT',
  itemInUse: 'ITEM_IN_USE',
  rewardLimit: 'REWARD_LIMIT',
  /** A code file that could not be parsed, or took too long to parse. */
  fileUnreadable: 'FILE_UNREADABLE',
  fileTooComplex: 'FILE_TOO_COMPLEX',
  /** Sign-in, sign-up and session calls that failed for another reason than the ones above. */
  authFailed: 'AUTH_FAILED',
  /** A 4xx from the framework that no other code describes (e.g. 405, 406). */
  badRequest: 'BAD_REQUEST',
  internal: 'INTERNAL',
} as const;
export type TErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * The HTTP status each code answers with: the one place that maps them. Two pass-through codes
 * (AUTH_FAILED, BAD_REQUEST) keep the status the auth library or the framework chose; this is their default.
 */
export const ERROR_STATUS: Record<TErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MALFORMED_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  STALE_VERSION: 409,
  ILLEGAL_TRANSITION: 409,
  BUDGET_UNPAID: 402,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNSUPPORTED_MEDIA_TYPE: 415,
  CAMPAIGN_NOT_ACTIVE: 409,
  NO_ENTRIES_LEFT: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  ALREADY_ASSIGNED: 409,
  TYPE_NOT_ALLOWED: 403,
  TYPE_CHANGE_NEEDS_CONFIRMATION: 409,
  MISSION_IN_USE: 409,
  MISSION_LIMIT: 409,
  ITEM_IN_USE: 409,
  REWARD_LIMIT: 409,
  FILE_UNREADABLE: 400,
  FILE_TOO_COMPLEX: 400,
  AUTH_FAILED: 400,
  BAD_REQUEST: 400,
  INTERNAL: 500,
};

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
