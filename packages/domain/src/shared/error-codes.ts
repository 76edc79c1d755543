// Kept apart from the zod schemas so a bundle that needs only the codes does not pull in zod.

/** The closed set of codes an /api error body carries. */
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
  /** The wallet does not cover a payment; the error carries dueCents, the difference to top up. */
  paymentRequired: 'PAYMENT_REQUIRED',
  /** The card (or the payment provider) declined the payment. */
  paymentDeclined: 'PAYMENT_DECLINED',
  /** The payment service could not be reached or failed on its side; nothing was charged, try again later. */
  paymentProviderUnavailable: 'PAYMENT_PROVIDER_UNAVAILABLE',
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
  /** The right password for an account whose address is not verified yet: follow the mailed link (or ask again). */
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  /** This deployment takes no public sign-up (SIGN_UP=invite-only): accounts come with an invitation. */
  signUpClosed: 'SIGN_UP_CLOSED',
  /** A signed download link whose time is up (exports). */
  linkExpired: 'LINK_EXPIRED',
  /** The current brand was suspended by a platform operator: its members are refused on brand routes. */
  brandSuspended: 'BRAND_SUSPENDED',
  /** The brand requires two-factor and this member (signing in with a password) has not turned it on yet. */
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  /** Signed in, but a member of no brand yet: the dashboard sends the person to create one (or accept an invitation). */
  noBrand: 'NO_BRAND',
  /** The change would leave the brand without an owner (remove, leave, or change the role of its last owner). */
  lastOwner: 'LAST_OWNER',
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
  BRAND_SUSPENDED: 403,
  TWO_FACTOR_REQUIRED: 403,
  MALFORMED_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  STALE_VERSION: 409,
  ILLEGAL_TRANSITION: 409,
  BUDGET_UNPAID: 402,
  PAYMENT_REQUIRED: 402,
  PAYMENT_DECLINED: 402,
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
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
  EMAIL_NOT_VERIFIED: 403,
  SIGN_UP_CLOSED: 403,
  LINK_EXPIRED: 410,
  NO_BRAND: 403,
  LAST_OWNER: 409,
  BAD_REQUEST: 400,
  INTERNAL: 500,
};
