import { splitUnspentBudget } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { capPaidBudgetAtSpent, lockRewardsWithUnspentBudget, partnerPaymentsFor } from './billing.repository.js';
import { refundCampaignBudget } from './refund-campaign-budget.js';

export interface UnspentBudgetReturned {
  totalCents: number;
  /** Per brand that paid into the campaign's rewards (the owner and, in a shared campaign, its partners). */
  byBrand: { brandId: string; cents: number; to: 'wallet' | 'invoice' }[];
}

/**
 * When a campaign ends — by hand, at its end date or when its finish criteria are met — the paid budget nobody
 * won yet goes back to whoever paid it, inside the ending's transaction: each reward's paid budget drops to
 * what was spent (nothing more can be spent) and each paying brand gets its part (R135: in proportion to what
 * it paid; a shared campaign's partners get theirs, not the retailer), to its wallet when prepaid, as a credit
 * line on its open invoice when postpaid (R132).
 */
export async function returnUnspentBudget(
  tx: DbOrTx,
  input: { campaign: { id: number; brandId: string; name: string }; why: string; createdBy?: string | null },
): Promise<UnspentBudgetReturned> {
  const unspent = await lockRewardsWithUnspentBudget(tx, input.campaign.id);
  if (unspent.length === 0) return { totalCents: 0, byBrand: [] };
  const partnerPaid = await partnerPaymentsFor(
    tx,
    unspent.map((r) => r.id),
  );
  const perBrand = new Map<string, number>();
  for (const reward of unspent) {
    const partners = partnerPaid.filter((p) => p.rewardId === reward.id);
    // What the partners did not pay of the reward's budget, the owner did (its own rewards: all of it).
    const ownerPaid = reward.paidCents - partners.reduce((sum, p) => sum + p.paidCents, 0);
    const parts = splitUnspentBudget(reward.paidCents - reward.spentCents, [
      { brandId: input.campaign.brandId, paidCents: Math.max(0, ownerPaid) },
      ...partners.map((p) => ({ brandId: p.brandId, paidCents: p.paidCents })),
    ]);
    for (const part of parts) perBrand.set(part.brandId, (perBrand.get(part.brandId) ?? 0) + part.paidCents);
  }
  await capPaidBudgetAtSpent(
    tx,
    unspent.map((r) => r.id),
  );
  const byBrand: UnspentBudgetReturned['byBrand'] = [];
  for (const [brandId, cents] of perBrand) {
    const own = brandId === input.campaign.brandId;
    const { to } = await refundCampaignBudget(tx, {
      brandId,
      campaignId: input.campaign.id,
      amountCents: cents,
      note: `${own ? 'unspent budget' : 'unspent partner share'} of campaign "${input.campaign.name}", returned when it ${input.why}`,
      createdBy: input.createdBy ?? null,
    });
    if (to !== 'nothing') byBrand.push({ brandId, cents, to });
  }
  return { totalCents: byBrand.reduce((sum, b) => sum + b.cents, 0), byBrand };
}

/** The audit entry's change for it (the activity panel shows `budgetRefunded` as an amount): none when nothing went back. */
export function unspentBudgetChanges(returned: UnspentBudgetReturned): { field: string; old: unknown; new: unknown }[] {
  return returned.totalCents > 0 ? [{ field: 'budgetRefunded', old: 0, new: returned.totalCents }] : [];
}
