import { ZErrorBody } from '@rally/domain';

/** The error answers every authenticated route can give, for its OpenAPI description. */
export const errorResponses = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
} as const;

/**
 * A 429 whose limit lifts by itself, sent with Retry-After (seconds): the export caps, the sign-in throttles, the
 * code-file parse pool. The OpenAPI document shows the header (the conformance test holds every 429 to it).
 */
export const rateLimitedResponse = ZErrorBody.meta({
  description: 'Too many requests: try again after Retry-After seconds',
  headers: { 'Retry-After': { type: 'string', description: 'Seconds to wait before trying again' } },
});

/** 503 of a call that needs the payment service: nothing was done; Retry-After says when to try again. */
export const providerUnavailableResponse = ZErrorBody.meta({
  description: 'The payment service cannot be reached; nothing was charged. Try again after Retry-After seconds',
  headers: { 'Retry-After': { type: 'string', description: 'Seconds to wait before trying again' } },
});

/** 429 and 413 of a route that reads a code or store file (the parse pool is busy; the file is too large). */
export const fileReadingResponses = {
  413: ZErrorBody.meta({ description: 'The file is too large' }),
  429: rateLimitedResponse,
} as const;
