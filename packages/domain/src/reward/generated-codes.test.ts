import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZV1ConsumerBody } from '../public-api/consumers.schema.js';
import { CODE_ALPHABETS, GENERATED_CODE_LIMITS, ZGenerateCodesBody, ZStockAlertsBody, codeSpaceSuffices, drawCodes } from './generated-codes.js';

// The server passes node:crypto's randomBytes; the rules only need bytes (the Web Crypto API's here).
const bytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const pathsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (r.error?.issues ?? []).map((i) => i.path.join('.'));

describe('drawCodes', () => {
  it('draws distinct codes of the pattern, none of those to avoid', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(CODE_ALPHABETS), 'AB', 'xyz-_'),
        fc.integer({ min: 4, max: 12 }),
        fc.integer({ min: 1, max: 50 }),
        fc.stringMatching(/^[A-Z-]{0,5}$/),
        (alphabet, length, count, prefix) => {
          fc.pre(codeSpaceSuffices(alphabet.length, length, count));
          const avoid = new Set(drawCodes({ prefix, alphabet, length }, Math.min(count, 5), bytes));
          const codes = drawCodes({ prefix, alphabet, length }, count, bytes, avoid);
          expect(codes).toHaveLength(count);
          expect(new Set(codes).size).toBe(count);
          for (const code of codes) {
            expect(code.startsWith(prefix)).toBe(true);
            expect(code).toHaveLength(prefix.length + length);
            expect([...code.slice(prefix.length)].every((c) => alphabet.includes(c))).toBe(true);
            expect(avoid.has(code)).toBe(false);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('gives every character of an alphabet whose size does not divide 256 the same chance (bytes past the last multiple are skipped)', () => {
    // 3 characters: 255 of the 256 byte values map evenly (85 each); 255 itself is skipped.
    const seen = { A: 0, B: 0, C: 0 };
    let feed = 0;
    const counting = (n: number) => Uint8Array.from({ length: n }, () => feed++ % 256);
    const codes = drawCodes({ prefix: '', alphabet: 'ABC', length: 1 }, 3, counting);
    expect(new Set(codes)).toEqual(new Set(['A', 'B', 'C']));
    for (const code of drawCodes({ prefix: '', alphabet: 'ABC', length: 255 }, 1, (n) => Uint8Array.from({ length: n }, (_, i) => i % 256)))
      for (const c of code) seen[c as 'A' | 'B' | 'C'] += 1;
    expect(seen).toEqual({ A: 85, B: 85, C: 85 });
  });
});

describe('the generate-codes body', () => {
  const ok = { prefix: 'SPRING-', length: 8, alphabet: CODE_ALPHABETS.unambiguous, count: 1000 };
  it('takes a pattern whose space is at least 1,000 times its count', () => {
    expect(ZGenerateCodesBody.parse(ok)).toEqual(ok);
    expect(ZGenerateCodesBody.parse({ length: 12, alphabet: 'AB', count: 4 })).toMatchObject({ prefix: '' });
  });
  it('refuses, naming the field: a count over the cap, a pattern too small for its count, a repeated or unsafe character', () => {
    expect(pathsOf(ZGenerateCodesBody.safeParse({ ...ok, length: 16, count: GENERATED_CODE_LIMITS.maxCount + 1 }))).toEqual(['count']);
    expect(pathsOf(ZGenerateCodesBody.safeParse({ ...ok, length: 4, alphabet: CODE_ALPHABETS.digits, count: 100 }))).toEqual(['length']);
    expect(pathsOf(ZGenerateCodesBody.safeParse({ ...ok, alphabet: 'ABCA' }))).toContain('alphabet');
    expect(pathsOf(ZGenerateCodesBody.safeParse({ ...ok, prefix: 'a,b' }))).toEqual(['prefix']);
    expect(pathsOf(ZGenerateCodesBody.safeParse({ ...ok, extra: 1 }))).toEqual(['']);
  });
  it('checks the space with the margin at the edge', () => {
    // 10^6 = 1,000 × 1,000: allowed; one code more is not.
    expect(codeSpaceSuffices(10, 6, 1000)).toBe(true);
    expect(codeSpaceSuffices(10, 6, 1001)).toBe(false);
  });
});

describe('the stock-alerts body', () => {
  it('takes thresholds or null, and refuses zero and fractions naming the field', () => {
    expect(ZStockAlertsBody.parse({ codesBelow: 100, budgetBelowCents: null })).toEqual({ codesBelow: 100, budgetBelowCents: null });
    expect(pathsOf(ZStockAlertsBody.safeParse({ codesBelow: 0, budgetBelowCents: 1.5 }))).toEqual(['codesBelow', 'budgetBelowCents']);
  });
});

describe('the public API consumer body', () => {
  it('keys an address in lower case, a country in upper case, and refuses an unknown country or an empty reference', () => {
    expect(ZV1ConsumerBody.parse({ email: ' Alex@Example.TEST ', name: ' Alex ', countryCode: 'us', externalRef: ' crm-1 ' })).toEqual({
      email: 'alex@example.test',
      name: 'Alex',
      countryCode: 'US',
      externalRef: 'crm-1',
    });
    expect(pathsOf(ZV1ConsumerBody.safeParse({ email: 'a@b.test', name: 'A', countryCode: 'ZZ', externalRef: '  ' }))).toEqual(['externalRef', 'countryCode']);
  });
});
