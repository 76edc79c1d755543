import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pageMeta, ZErrorBody, ZId } from './api-schemas.js';

describe('pageMeta', () => {
  it('counts pages by rounding up', () => {
    expect(pageMeta(0, 1, 10)).toEqual({ totalCount: 0, pageCount: 0, currentPage: 1, perPage: 10 });
    expect(pageMeta(21, 2, 10).pageCount).toBe(3);
  });
  it('always has enough pages for every row', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.integer({ min: 1, max: 100 }), (total, per) => {
        const { pageCount } = pageMeta(total, 1, per);
        expect(pageCount * per).toBeGreaterThanOrEqual(total);
        expect((pageCount - 1) * per).toBeLessThan(Math.max(total, 1));
      }),
    );
  });
});

describe('ZId', () => {
  it('accepts positive integers from strings and rejects the rest', () => {
    expect(ZId.parse('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999']) expect(ZId.safeParse(bad).success, bad).toBe(false);
  });
});

describe('ZErrorBody', () => {
  it('requires code, message and fields', () => {
    expect(ZErrorBody.safeParse({ error: { code: 'X', message: 'y', fields: [] } }).success).toBe(true);
    expect(ZErrorBody.safeParse({ error: { code: 'X', message: 'y' } }).success).toBe(false);
  });
});
