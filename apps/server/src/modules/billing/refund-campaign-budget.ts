import type { DbOrTx } from '../../db/client.js';
import { findBrandWallet } from './billing.repository.js';
import { accrueInvoiceLine, creditWallet } from './wallet-ledger.js';

/**
 * Returns the unspent part of a campaign's paid budgets when it ends. A prepaid brand paid from its wallet, so
 * the money goes back to the wallet (ledger kind refund); a postpaid brand was charged on its invoice, so the
 * month's open invoice gets a credit line instead.
 */
export async function refundCampaignBudget(
  tx: DbOrTx,
  input: { brandId: string; campaignId: number; amountCents: number; createdBy?: string | null; note?: string },
): Promise<{ to: 'wallet' | 'invoice' | 'nothing' }> {
  if (input.amountCents <= 0) return { to: 'nothing' };
  const brand = await findBrandWallet(tx, input.brandId);
  if (brand.paymentPlan === 'postpaid') {
    await accrueInvoiceLine(tx, {
      brandId: input.brandId,
      kind: 'budget_credit',
      description: `Unspent budget of campaign ${input.campaignId}`,
      amountCents: -input.amountCents,
      campaignId: input.campaignId,
    });
    return { to: 'invoice' };
  }
  await creditWallet(tx, {
    brandId: input.brandId,
    kind: 'refund',
    amountCents: input.amountCents,
    campaignId: input.campaignId,
    note: input.note ?? `unspent budget of campaign ${input.campaignId}`,
    createdBy: input.createdBy,
  });
  return { to: 'wallet' };
}
