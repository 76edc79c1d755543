import { describe, expect, it } from 'vitest';
import { budgetGivesBack, settleCampaignMoney, type MoneyReward } from './campaign-money.js';

const money = (over: Partial<MoneyReward> = {}): MoneyReward => ({
  id: 1,
  type: 'money',
  filledByPartners: false,
  budgetCents: 10_000,
  budgetPaidCents: 10_000,
  usedCents: 0,
  partners: [],
  ...over,
});

describe('settleCampaignMoney', () => {
  it('a lowered budget keeps the new budget and gives the owner the difference to its wallet', () => {
    const result = settleCampaignMoney({
      ownerBrandId: 'own',
      rewards: [money({ budgetCents: 600, budgetPaidCents: 600_000 })],
      ledger: [{ brandId: 'own', walletCents: 600_000, invoiceCents: 0 }],
    });
    expect(result.rewards).toEqual([{ id: 1, budgetPaidCents: 600, partners: [] }]);
    expect(result.refunds).toEqual([{ brandId: 'own', walletCents: 599_400, invoiceCents: 0 }]);
  });

  it('a removed reward (gone from the rows, still in the ledger) and a reward no longer money give everything back', () => {
    expect(settleCampaignMoney({ ownerBrandId: 'own', rewards: [], ledger: [{ brandId: 'own', walletCents: 5_000, invoiceCents: 0 }] }).refunds).toEqual([
      { brandId: 'own', walletCents: 5_000, invoiceCents: 0 },
    ]);
    const prize = settleCampaignMoney({ ownerBrandId: 'own', rewards: [money({ type: 'prize' })], ledger: [{ brandId: 'own', walletCents: 10_000, invoiceCents: 0 }] });
    expect(prize.rewards[0]?.budgetPaidCents).toBe(0);
    expect(prize.refunds).toEqual([{ brandId: 'own', walletCents: 10_000, invoiceCents: 0 }]);
  });

  it("partners get their own slices back, the owner nothing of theirs; release gives back all, wallet first then invoice", () => {
    const shared = money({
      filledByPartners: true,
      budgetCents: 8_000,
      budgetPaidCents: 8_000,
      partners: [
        { brandId: 'peak', budgetCents: 5_000, paidCents: 5_000 },
        { brandId: 'bright', budgetCents: 1_000, paidCents: 3_000 },
      ],
    });
    const cut = settleCampaignMoney({
      ownerBrandId: 'own',
      rewards: [shared],
      ledger: [
        { brandId: 'bright', walletCents: 3_000, invoiceCents: 0 },
        { brandId: 'peak', walletCents: 0, invoiceCents: 5_000 },
      ],
    });
    expect(cut.refunds).toEqual([{ brandId: 'bright', walletCents: 2_000, invoiceCents: 0 }]);
    expect(cut.rewards[0]).toEqual({ id: 1, budgetPaidCents: 6_000, partners: [{ brandId: 'peak', paidCents: 5_000 }, { brandId: 'bright', paidCents: 1_000 }] });
    const all = settleCampaignMoney({ ownerBrandId: 'own', rewards: [shared], ledger: [{ brandId: 'peak', walletCents: 1_000, invoiceCents: 4_000 }], release: true });
    expect(all.refunds).toEqual([{ brandId: 'peak', walletCents: 1_000, invoiceCents: 4_000 }]);
  });

  it('never gives back more than the ledger holds (a paid mark without a payment), and leaves a reward that spent alone', () => {
    const seeded = settleCampaignMoney({ ownerBrandId: 'own', rewards: [money({ budgetCents: 0 })], ledger: [] });
    expect(seeded.refunds).toEqual([]);
    expect(seeded.rewards[0]?.budgetPaidCents).toBe(0);
    const spent = settleCampaignMoney({ ownerBrandId: 'own', rewards: [money({ budgetCents: 0, usedCents: 10 })], ledger: [{ brandId: 'own', walletCents: 10_000, invoiceCents: 0 }] });
    expect(spent.refunds).toEqual([]);
    expect(spent.rewards[0]?.budgetPaidCents).toBe(10_000);
  });
});

describe('budgetGivesBack', () => {
  it('is what a lower budget leaves over of what was paid, nothing for a higher one', () => {
    expect(budgetGivesBack(600_000, 6_000)).toBe(594_000);
    expect(budgetGivesBack(6_000, 10_000)).toBe(0);
    expect(budgetGivesBack(6_000, null)).toBe(6_000);
    expect(budgetGivesBack(6_000, 10_000, false)).toBe(6_000);
  });
});
