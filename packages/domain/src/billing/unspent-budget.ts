/** One brand that put money into a reward's paid budget: the campaign owner or a partner. */
export interface BudgetPayer {
  brandId: string;
  paidCents: number;
}

/**
 * Who gets back what of a reward's unspent budget when its campaign ends (product rule R135): each brand that
 * paid into it, in proportion to what it paid — participants were paid out of one pot, so each payer carried
 * its share of what was spent. Cents are whole: the shares are rounded down and the cents left over go, one
 * each, to the largest remainders (ties to the earlier payer, the owner first), so the parts always add up to
 * exactly `unspentCents`. Payers that paid nothing get nothing; the result leaves out zero parts.
 */
export function splitUnspentBudget(unspentCents: number, payers: readonly BudgetPayer[]): BudgetPayer[] {
  const paying = payers.filter((p) => p.paidCents > 0);
  const totalPaid = paying.reduce((sum, p) => sum + BigInt(p.paidCents), 0n);
  if (unspentCents <= 0 || totalPaid === 0n) return [];
  if (BigInt(unspentCents) > totalPaid)
    throw new RangeError(`unspent ${unspentCents} exceeds what was paid (${totalPaid})`);
  // BigInt: cents up to 10^10 times cents up to 10^10 leaves JavaScript's safe integers.
  const exact = paying.map((p, index) => {
    const numerator = BigInt(unspentCents) * BigInt(p.paidCents);
    return { brandId: p.brandId, index, floor: numerator / totalPaid, remainder: numerator % totalPaid };
  });
  let left = BigInt(unspentCents) - exact.reduce((sum, e) => sum + e.floor, 0n);
  const byRemainder = [...exact].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const e of byRemainder) {
    if (left === 0n) break;
    e.floor += 1n;
    left -= 1n;
  }
  return exact.filter((e) => e.floor > 0n).map((e) => ({ brandId: e.brandId, paidCents: Number(e.floor) }));
}
