import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.js';
import { EPOCH_SECONDS_MAX, zQueryInt } from './limits.js';

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

/**
 * Instants cross the API as whole epoch seconds (product rule R50), from 1970 to the end of year 9999
 * (EPOCH_SECONDS_MAX): the one date schema of every date a request carries, so none reaches the database
 * out of its range.
 */
export const ZEpochSeconds = z
  .number({ message: 'a date as whole epoch seconds' })
  .int({ message: 'a date as whole epoch seconds' })
  .min(0, { message: 'a date from 1970 on' })
  .max(EPOCH_SECONDS_MAX, { message: 'a date up to the end of year 9999' });

/** A calendar day as YYYY-MM-DD (filters): a day that exists, in years 0001–9999 like ZEpochSeconds' bound. */
export const ZCalendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'a date as YYYY-MM-DD' })
  .refine(
    (day) => {
      const [y, m, d] = day.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(2000, m - 1, d));
      date.setUTCFullYear(y);
      return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    },
    { message: 'a date that exists, as YYYY-MM-DD' },
  );

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
  currentPage: zQueryInt(1, 1_000_000).default(1),
  perPage: zQueryInt(1, MAX_PAGE_SIZE).optional(),
});

export function pageMeta(totalCount: number, currentPage: number, perPage: number): TPageMeta {
  return { totalCount, pageCount: Math.ceil(totalCount / perPage), currentPage, perPage };
}

export const ZOk = z.object({ ok: z.literal(true) });
