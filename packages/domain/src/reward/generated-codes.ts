import { z } from 'zod';
import { ZCents } from '../shared/limits.js';

/**
 * Generated codes (issue 31, decision 0031): a code reward's pool made from a pattern — prefix, length, alphabet,
 * count — instead of (or beside) an uploaded file. The rules are here; the server draws the characters from
 * node:crypto and lets the database's unique index on (reward, code) decide what is new.
 */
export const GENERATED_CODE_LIMITS = {
  /** Codes one generation makes at most. */
  maxCount: 100_000,
  minLength: 4,
  maxLength: 32,
  maxPrefix: 20,
  minAlphabet: 2,
  maxAlphabet: 64,
  /**
   * The pattern must allow this many times the codes asked for (alphabet^length ≥ count × 1,000): codes are then hard
   * to guess from one another and a draw rarely meets a code the reward already has.
   */
  spaceFactor: 1_000,
} as const;

/** Alphabets offered by the editor; `unambiguous` leaves out characters read alike (0/O, 1/I/L). */
export const CODE_ALPHABETS = {
  unambiguous: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
  alphanumeric: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  digits: '0123456789',
} as const;
export type TCodeAlphabetName = keyof typeof CODE_ALPHABETS;

/** Characters a prefix or an alphabet may hold: letters, digits, dash and underscore (safe in CSV, URLs, mail). */
const CODE_CHARS = /^[A-Za-z0-9_-]*$/;

/** log10 of the number of codes a pattern can make. */
export const codeSpaceLog10 = (alphabetSize: number, length: number): number => length * Math.log10(alphabetSize);

/** Whether `length` characters of an alphabet of `alphabetSize` allow `count` codes with the margin above. */
export const codeSpaceSuffices = (alphabetSize: number, length: number, count: number): boolean =>
  codeSpaceLog10(alphabetSize, length) >= Math.log10(count * GENERATED_CODE_LIMITS.spaceFactor);

/** POST /api/v3/bundle/{id}/reward/{rewardId}/generate-codes. */
export const ZGenerateCodesBody = z
  .object({
    prefix: z
      .string()
      .max(GENERATED_CODE_LIMITS.maxPrefix)
      .regex(CODE_CHARS, { message: 'letters, digits, - and _ only' })
      .default(''),
    length: z.number().int().min(GENERATED_CODE_LIMITS.minLength).max(GENERATED_CODE_LIMITS.maxLength),
    alphabet: z
      .string()
      .min(GENERATED_CODE_LIMITS.minAlphabet)
      .max(GENERATED_CODE_LIMITS.maxAlphabet)
      .regex(CODE_CHARS, { message: 'letters, digits, - and _ only' })
      .refine((a) => new Set(a).size === a.length, { message: 'each character once' }),
    count: z
      .number()
      .int()
      .min(1)
      .max(GENERATED_CODE_LIMITS.maxCount, { message: `at most ${GENERATED_CODE_LIMITS.maxCount.toLocaleString('en-US')} codes per generation` }),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (!codeSpaceSuffices(b.alphabet.length, b.length, b.count)) {
      ctx.addIssue({
        code: 'custom',
        path: ['length'],
        message: `too short for ${b.count} codes from ${b.alphabet.length} characters: make the codes longer or the alphabet larger`,
      });
    }
  });
export type TGenerateCodesBody = z.input<typeof ZGenerateCodesBody>;

export const ZGenerateCodesResult = z.object({
  added: z.number().int().describe('codes added to the pool'),
  regenerated: z.number().int().describe('draws that met a code the reward already had (uploaded or generated) and were drawn again'),
  availableCodes: z.number().int().describe('unissued codes in the pool now'),
});
export type TGenerateCodesResult = z.infer<typeof ZGenerateCodesResult>;

/**
 * `count` distinct codes of the pattern, drawn from `randomBytes` (the server's node:crypto): each character is a byte
 * taken only below the largest multiple of the alphabet's size (rejection sampling), so every character is equally
 * likely. Codes in `avoid` are not returned.
 */
export function drawCodes(
  pattern: { prefix: string; alphabet: string; length: number },
  count: number,
  randomBytes: (n: number) => Uint8Array,
  avoid?: ReadonlySet<string>,
): string[] {
  const { prefix, alphabet, length } = pattern;
  const size = alphabet.length;
  const limit = 256 - (256 % size);
  const out = new Set<string>();
  let bytes = randomBytes(0);
  let at = 0;
  const nextIndex = () => {
    for (;;) {
      if (at >= bytes.length) {
        bytes = randomBytes(Math.max(64, Math.ceil((count - out.size) * length * 1.3)));
        at = 0;
      }
      const b = bytes[at++]!;
      if (b < limit) return b % size;
    }
  };
  while (out.size < count) {
    let code = prefix;
    for (let i = 0; i < length; i++) code += alphabet[nextIndex()];
    if (!avoid?.has(code)) out.add(code);
  }
  return [...out];
}

// ---- Low-stock alerts ----

/** PUT /api/v3/bundle/{id}/reward/{rewardId}/stock-alerts: the thresholds (null: no alert). */
export const ZStockAlertsBody = z
  .object({
    codesBelow: z.number().int().min(1).max(1_000_000).nullable().describe('alert when fewer codes than this are left in the pool'),
    budgetBelowCents: ZCents.min(1).nullable().describe('alert when less than this is left of the paid budget (integer cents)'),
  })
  .strict();
export type TStockAlertsBody = z.infer<typeof ZStockAlertsBody>;

export const ZStockAlerts = z.object({
  codesBelow: z.number().int().nullable(),
  budgetBelowCents: z.number().int().nullable(),
  codesLeft: z.number().int().nullable().describe('unissued codes; null for a reward without codes'),
  budgetLeftCents: z.number().int().nullable().describe('paid budget not spent; null for a reward without a money budget'),
  /** Whether what is left is under the threshold now. */
  codesLow: z.boolean(),
  budgetLow: z.boolean(),
});
export type TStockAlerts = z.infer<typeof ZStockAlerts>;
