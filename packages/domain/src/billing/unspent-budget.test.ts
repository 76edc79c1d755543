import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitUnspentBudget } from './unspent-budget.js';

describe('splitUnspentBudget', () => {
  it('gives each payer back its share of what is left, in proportion to what it paid', () => {
    expect(
      splitUnspentBudget(600, [
        { brandId: 'retailer', paidCents: 1000 },
        { brandId: 'peak', paidCents: 2000 },
      ]),
    ).toEqual([
      { brandId: 'retailer', paidCents: 200 },
      { brandId: 'peak', paidCents: 400 },
    ]);
  });

  it('hands the odd cent to the largest remainder, the owner first on a tie', () => {
    expect(
      splitUnspentBudget(1, [
        { brandId: 'retailer', paidCents: 500 },
        { brandId: 'peak', paidCents: 500 },
      ]),
    ).toEqual([{ brandId: 'retailer', paidCents: 1 }]);
    expect(
      splitUnspentBudget(100, [
        { brandId: 'a', paidCents: 300 },
        { brandId: 'b', paidCents: 300 },
        { brandId: 'c', paidCents: 300 },
      ]).map((p) => p.paidCents),
    ).toEqual([34, 33, 33]);
  });

  it('returns nothing when nothing is left or nobody paid, and leaves out brands that paid nothing', () => {
    expect(splitUnspentBudget(0, [{ brandId: 'a', paidCents: 10 }])).toEqual([]);
    expect(splitUnspentBudget(10, [])).toEqual([]);
    expect(
      splitUnspentBudget(10, [
        { brandId: 'a', paidCents: 0 },
        { brandId: 'b', paidCents: 10 },
      ]),
    ).toEqual([{ brandId: 'b', paidCents: 10 }]);
  });

  it('refuses to return more than was paid', () => {
    expect(() => splitUnspentBudget(11, [{ brandId: 'a', paidCents: 10 }])).toThrow(RangeError);
  });

  it('always adds up to exactly the unspent amount, never gives a payer more than it paid, even at the money limit', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 1, maxLength: 6 })
          .filter((paid) => paid.some((p) => p > 0)),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (paid, fraction) => {
          const total = paid.reduce((s, p) => s + p, 0);
          const unspent = Math.floor(total * fraction);
          const parts = splitUnspentBudget(
            unspent,
            paid.map((p, i) => ({ brandId: `b${i}`, paidCents: p })),
          );
          expect(parts.reduce((s, p) => s + p.paidCents, 0)).toBe(unspent);
          for (const part of parts) expect(part.paidCents).toBeLessThanOrEqual(paid[Number(part.brandId.slice(1))]!);
        },
      ),
    );
  });
});
