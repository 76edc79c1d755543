import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.js';

/** The one error body every failing /api call returns. */
export const ZErrorField = z.object({ path: z.string(), message: z.string() });
export const ZErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.array(ZErrorField),
    /** PAYMENT_REQUIRED / BUDGET_UNPAID: what is missing, in integer cents (the payment form prefills it). */
    dueCents: z.number().int().nonnegative().optional(),
  }),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
export type TErrorField = z.infer<typeof ZErrorField>;

export { ERROR_CODES, ERROR_STATUS, type TErrorCode } from './error-codes.js';

/** Instants cross the API as whole epoch seconds (product rule R50). */
export const ZEpochSeconds = z.number().int().nonnegative();

/** An id taken from a path or query string (one definition, in limits.ts). */
export { ZIdParam as ZId } from './limits.js';

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
