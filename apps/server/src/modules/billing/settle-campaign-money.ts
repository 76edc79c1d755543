import { settleCampaignMoney as settle, type TCampaignMoney } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { campaignLedgerHoldings, lockCampaignRewardMoney, setRewardPaid } from './billing.repository.js';
import { accrueInvoiceLine, creditWallet } from './wallet-ledger.js';

export interface CampaignMoneyBack {
  totalCents: number;
  byBrand: { brandId: string; name: string; walletCents: number; invoiceCents: number }[];
}

const nothingBack: CampaignMoneyBack = { totalCents: 0, byBrand: [] };

/**
 * The one place that answers "what does this campaign hold, and who paid it" while it is not live (decision 0021):
 * in the caller's transaction (the campaign row already locked), each paid budget drops to what the campaign as it
 * now stands needs (the domain's `settleCampaignMoney`), and each payer — the owner, and each partner of a shared
 * contest for its own slices — gets the rest back through the ledger: to its wallet what it paid from there, as a
 * credit line on its open invoice what it was charged there. `release` (deleting the campaign) gives back everything.
 * Called by the campaign's unit of work after every change of a campaign that is not live, and by delete.
 */
export async function settleCampaignMoney(
  tx: DbOrTx,
  input: { campaign: { id: number; brandId: string; name: string }; release?: boolean; why: string; createdBy: string | null },
): Promise<CampaignMoneyBack> {
  const ledger = await campaignLedgerHoldings(tx, input.campaign.id);
  // Nothing paid through the ledger: nothing to give back (the common case: a draft without a paid budget).
  if (!ledger.some((h) => h.walletCents + h.invoiceCents > 0)) return nothingBack;
  const rewardRows = await lockCampaignRewardMoney(tx, input.campaign.id);
  const result = settle({ ownerBrandId: input.campaign.brandId, rewards: rewardRows, ledger, release: input.release ?? false });
  for (const next of result.rewards) {
    const before = rewardRows.find((r) => r.id === next.id)!;
    const changed =
      before.budgetPaidCents !== next.budgetPaidCents ||
      next.partners.some((p) => before.partners.find((b) => b.brandId === p.brandId)?.paidCents !== p.paidCents);
    if (changed) await setRewardPaid(tx, next.id, next.budgetPaidCents, next.partners);
  }
  const byBrand: CampaignMoneyBack['byBrand'] = [];
  // Refunds come sorted by brand id: brand rows are locked in one order, as a shared launch locks them.
  for (const refund of result.refunds) {
    const payer = ledger.find((h) => h.brandId === refund.brandId)!;
    const own = refund.brandId === input.campaign.brandId;
    const what = own ? `budget of campaign "${input.campaign.name}"` : `${payer.name}'s share of shared campaign "${input.campaign.name}"`;
    if (refund.walletCents > 0) {
      await creditWallet(tx, {
        brandId: refund.brandId,
        kind: 'refund',
        amountCents: refund.walletCents,
        campaignId: input.campaign.id,
        note: `${what} given back: ${input.why}`,
        createdBy: input.createdBy,
      });
    }
    if (refund.invoiceCents > 0) {
      await accrueInvoiceLine(tx, {
        brandId: refund.brandId,
        kind: 'budget_credit',
        description: `${what[0]!.toUpperCase()}${what.slice(1)} given back: ${input.why}`,
        amountCents: -refund.invoiceCents,
        campaignId: input.campaign.id,
      });
    }
    byBrand.push({ brandId: refund.brandId, name: payer.name, walletCents: refund.walletCents, invoiceCents: refund.invoiceCents });
  }
  return { totalCents: byBrand.reduce((sum, b) => sum + b.walletCents + b.invoiceCents, 0), byBrand };
}

/** What the campaign holds, by payer, from the ledger (the builder, the launch modal and the delete confirmation). */
export async function campaignMoney(db: DbOrTx, campaign: { id: number; brandId: string }): Promise<TCampaignMoney> {
  const ledger = await campaignLedgerHoldings(db, campaign.id);
  const payers = ledger
    .filter((h) => h.walletCents + h.invoiceCents > 0)
    .map((h) => ({ ...h, own: h.brandId === campaign.brandId }))
    // The owner first, then partners by name.
    .sort((a, b) => Number(b.own) - Number(a.own) || a.name.localeCompare(b.name));
  return { heldCents: payers.reduce((sum, p) => sum + p.walletCents + p.invoiceCents, 0), payers };
}
