import { z } from 'zod';

/**
 * What a campaign that is not live (draft, scheduled, rejected) may keep of the money paid into it, and what goes back
 * to whom (issue 29, decision 0021). One rule for every change — a lowered budget, a removed money reward, a reward
 * that is no longer money, a partner no longer supplying, a deleted campaign:
 *
 * - a money reward supplied by the owner needs its budget from the owner; one supplied by partners needs each
 *   partner's budget from that partner; anything else needs nothing;
 * - each payer keeps, per reward, the smaller of what it paid and what is needed (a reward that already spent
 *   keeps everything: only a running campaign spends, and its money goes back when it ends);
 * - each payer gets back what its ledger rows say it put into the campaign (debits less refunds) minus what it
 *   keeps — which also covers rewards that were removed, whose rows are gone but whose ledger rows stay; and never
 *   more than the ledger holds, so a paid mark without a payment behind it never makes money.
 */

export interface MoneyReward {
  id: number;
  type: string;
  filledByPartners: boolean;
  budgetCents: number | null;
  /** The reward's paid budget: the owner's part plus every partner's. */
  budgetPaidCents: number;
  /** Spent and allotted to running slices: more than 0 only once the campaign ran. */
  usedCents: number;
  partners: readonly { brandId: string; budgetCents: number; paidCents: number }[];
}

/** What a brand's ledger rows for the campaign hold: paid from its wallet, charged on its invoice (net of refunds). */
export interface LedgerHolding {
  brandId: string;
  walletCents: number;
  invoiceCents: number;
}

export interface MoneySettlement {
  /** The paid amounts to write back, per reward: the reward's total and each partner's. */
  rewards: { id: number; budgetPaidCents: number; partners: { brandId: string; paidCents: number }[] }[];
  /** What goes back to each payer, to its wallet first (what it paid from there), then as an invoice credit. */
  refunds: { brandId: string; walletCents: number; invoiceCents: number }[];
}

/** `release`: the campaign is deleted, so nothing is needed and every payer gets back all it holds. */
export function settleCampaignMoney(input: {
  ownerBrandId: string;
  rewards: readonly MoneyReward[];
  ledger: readonly LedgerHolding[];
  release?: boolean;
}): MoneySettlement {
  const kept = new Map<string, number>();
  const keep = (brandId: string, cents: number) => kept.set(brandId, (kept.get(brandId) ?? 0) + cents);
  const rewards: MoneySettlement['rewards'] = [];
  for (const r of input.rewards) {
    const partnerPaid = r.partners.reduce((sum, p) => sum + p.paidCents, 0);
    const ownerPaid = Math.max(0, r.budgetPaidCents - partnerPaid);
    if (r.usedCents > 0 && !input.release) {
      keep(input.ownerBrandId, ownerPaid);
      for (const p of r.partners) keep(p.brandId, p.paidCents);
      rewards.push({ id: r.id, budgetPaidCents: r.budgetPaidCents, partners: r.partners.map((p) => ({ brandId: p.brandId, paidCents: p.paidCents })) });
      continue;
    }
    const money = r.type === 'money' && !input.release;
    const ownerKeeps = Math.min(ownerPaid, money && !r.filledByPartners ? Math.max(0, r.budgetCents ?? 0) : 0);
    const partners = r.partners.map((p) => ({
      brandId: p.brandId,
      paidCents: Math.min(p.paidCents, money && r.filledByPartners ? Math.max(0, p.budgetCents) : 0),
    }));
    keep(input.ownerBrandId, ownerKeeps);
    for (const p of partners) keep(p.brandId, p.paidCents);
    rewards.push({ id: r.id, budgetPaidCents: ownerKeeps + partners.reduce((sum, p) => sum + p.paidCents, 0), partners });
  }
  const refunds: MoneySettlement['refunds'] = [];
  for (const h of [...input.ledger].sort((a, b) => (a.brandId < b.brandId ? -1 : a.brandId > b.brandId ? 1 : 0))) {
    let back = h.walletCents + h.invoiceCents - (kept.get(h.brandId) ?? 0);
    if (back <= 0) continue;
    const walletCents = Math.min(back, Math.max(0, h.walletCents));
    back -= walletCents;
    const invoiceCents = Math.min(back, Math.max(0, h.invoiceCents));
    if (walletCents + invoiceCents > 0) refunds.push({ brandId: h.brandId, walletCents, invoiceCents });
  }
  return { rewards, refunds };
}

/** What saving a money reward's budget gives back at once: the part of what was paid the new budget no longer needs. */
export function budgetGivesBack(paidCents: number, newBudgetCents: number | null | undefined, stillMoney = true): number {
  return Math.max(0, paidCents - (stillMoney ? Math.max(0, newBudgetCents ?? 0) : 0));
}

/** What a campaign holds, by payer (the builder, the launch modal and the delete confirmation show it). */
export const ZCampaignMoney = z.object({
  heldCents: z.number().int(),
  payers: z.array(
    z.object({
      brandId: z.string(),
      name: z.string(),
      /** Paid from its wallet, net of refunds. */
      walletCents: z.number().int(),
      /** Charged on its invoice (postpaid), net of credits. */
      invoiceCents: z.number().int(),
      own: z.boolean(),
    }),
  ),
});
export type TCampaignMoney = z.infer<typeof ZCampaignMoney>;
