import { z } from 'zod';

/**
 * Bounds every input must respect because the database holds no more: one module, read by the
 * zod schemas (browser and server) and by the server's text guard, so a value the API accepts
 * always fits its column.
 */

/** Largest PostgreSQL `integer` (int4): every id column and most counters. */
export const INT4_MAX = 2_147_483_647;

/**
 * Largest money value accepted anywhere, in integer cents ($100,000,000). The cent columns are
 * bigint; the bound keeps every sum the ledger forms (budgets × rewards, wallet balances) far
 * inside both bigint and JavaScript's safe integers.
 */
export const MONEY_MAX_CENTS = 100_000_000_00;

/** Text fields the spec gives no limit keep to this many characters (UI search boxes, labels). */
export const TEXT_DEFAULT_MAX = 1000;

export const TEXT_MESSAGES = {
  nul: 'must not contain the NUL character (\\u0000)',
  surrogate: 'must not contain an unpaired UTF-16 surrogate',
} as const;

/**
 * What is wrong with a piece of text PostgreSQL cannot store faithfully, or null: NUL is refused by
 * `text`/`jsonb` columns (an error, not a value), an unpaired surrogate has no UTF-8 encoding and
 * would be silently replaced.
 */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return TEXT_MESSAGES.nul;
  // String.prototype.isWellFormed is Node 20+/ES2024; the regex is the same test for older browsers.
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)) return TEXT_MESSAGES.surrogate;
  return null;
}

/**
 * The first string (value or object key) in a parsed request part that textProblem refuses, with its
 * dotted path; null when all text is storable. Walks at most `maxNodes` nodes: parsed JSON is bounded by
 * the body limit, the cap only keeps a pathological body from costing more than the parse did.
 */
export function findTextProblem(value: unknown, base = '', maxNodes = 200_000): { path: string; message: string } | null {
  const stack: [unknown, string][] = [[value, base]];
  let seen = 0;
  while (stack.length > 0 && seen++ < maxNodes) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      const problem = textProblem(node);
      if (problem) return { path: path || '(root)', message: problem };
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], path ? `${path}.${i}` : String(i)]);
    } else if (node !== null && typeof node === 'object') {
      for (const key of Object.keys(node).reverse()) {
        const at = path ? `${path}.${key}` : key;
        const problem = textProblem(key);
        if (problem) return { path: at, message: `key ${problem}` };
        stack.push([(node as Record<string, unknown>)[key], at]);
      }
    }
  }
  return null;
}

/** A text input: at most `max` characters and storable (no NUL, no unpaired surrogate). */
export function zText(max: number = TEXT_DEFAULT_MAX) {
  return z
    .string()
    .max(max, { message: `too long (max ${max})` })
    .superRefine((text, ctx) => {
      const problem = textProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** An id sent in a JSON body: a positive int4. */
export const ZIdRef = z
  .number({ message: 'an id (a positive whole number)' })
  .int({ message: 'an id (a positive whole number)' })
  .positive({ message: 'an id (a positive whole number)' })
  .max(INT4_MAX, { message: `an id of at most ${INT4_MAX}` });

/**
 * A whole number as text (path, query string, multipart field) is spelt in decimal digits and nothing else: no
 * sign, space, newline, `0x`, exponent, fraction or leading zero. `Number()` and `z.coerce` read `0x10` as 16,
 * `' 5'` and `5.0` as 5 and `1\n` as 1, so one resource answered to many spellings; here anything else is left
 * as text and refused by `schema` with its own message. A number (a JSON body) goes to `schema` as it is.
 * The OpenAPI document describes the result as `schema` (an integer with its bounds).
 */
export function zDigits<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess<unknown, T, string | number>((value) => (typeof value === 'string' && /^(0|[1-9][0-9]{0,15})$/.test(value) ? Number(value) : value), schema);
}

/** An id taken from a path, a query string or a multipart field: decimal digits, 1..2147483647. */
export const ZIdParam = zDigits(ZIdRef);

/** A whole number from a query string (page, page size, a count): decimal digits within [min, max]. */
export function zQueryInt(min: number, max: number) {
  return zDigits(
    z
      .number({ message: 'a whole number' })
      .int({ message: 'a whole number' })
      .min(min, { message: `at least ${min}` })
      .max(max, { message: `at most ${max}` }),
  );
}

/**
 * Latest instant accepted anywhere, in epoch seconds: 9999-12-31T23:59:59Z. PostgreSQL's timestamptz goes
 * further, but a later JavaScript Date is written as `+010000-…`, which PostgreSQL reads as a broken time zone
 * ("time zone displacement out of range"), and no campaign, reward or filter needs a later date.
 */
export const EPOCH_SECONDS_MAX = 253_402_300_799;

/** Integer cents, 0 up to MONEY_MAX_CENTS. */
export const ZCents = z
  .number({ message: 'an amount in integer cents' })
  .int({ message: 'an amount in integer cents' })
  .min(0, { message: 'at least 0' })
  .max(MONEY_MAX_CENTS, { message: `at most ${MONEY_MAX_CENTS} cents` });

/** A count stored in an int4 column (entries, totals, orders). */
export const ZCount = z
  .number({ message: 'a whole number' })
  .int({ message: 'a whole number' })
  .min(0, { message: 'at least 0' })
  .max(INT4_MAX, { message: `at most ${INT4_MAX}` });
