import { ERROR_CODES, launchSlices, sharedLaunchErrors, sliceTotal, type TInviteStatus, type TPaymentPlan } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { conflict } from '../../lib/app-error.js';
import { accrueInvoiceLine, debitWallet, PaymentDueError } from '../billing/index.js';
import type { CampaignRow } from '../campaign/index.js';
import { addPartnerPayment, listPartnerRows, listRewardPartners, listSharedLaunchRewards, lockPartnerWallets } from './partner.repository.js';

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The partners' part of launching (or scheduling) a shared campaign, inside the launch's transaction
 * (product rule R75, R76): at least one accepted partner and every partner reward filled (409
 * otherwise), then each accepted partner's own wallet pays its own slice — one ledger debit per
 * reward naming the campaign and the reward, or an invoice line on a postpaid plan. Brand rows are
 * locked in id order, every wallet is checked before any is debited, and a short wallet throws 402:
 * the transaction rolls back and no brand pays anything. The owner's own slice is the launch's usual
 * budget check (paid from its wallet beforehand, or invoiced when postpaid).
 */
export async function debitSharedLaunch(tx: DbOrTx, input: { campaign: CampaignRow; userId: string | null; ownerPlan: TPaymentPlan }) {
  const { campaign } = input;
  const partners = await listPartnerRows(tx, campaign.id);
  const rewardRows = await listSharedLaunchRewards(tx, campaign.id);
  const entries = await listRewardPartners(
    tx,
    rewardRows.map((r) => r.id),
  );
  const withPartners = rewardRows.map((r) => ({
    ...r,
    partners: entries.filter((e) => e.rewardId === r.id).map((e) => ({ brandId: e.partnerBrandId, budget: e.budgetCents, paid: e.paidCents, fillStatus: e.fillStatus })),
  }));
  const errors = sharedLaunchErrors({ partners: partners.map((p) => ({ inviteStatus: p.inviteStatus as TInviteStatus | null })), rewards: withPartners });
  if (errors.length > 0) throw conflict('A shared campaign launches with an accepted partner and every partner reward filled', ERROR_CODES.illegalTransition, errors);

  const partnerIds = partners.map((p) => p.partnerBrandId).sort();
  const wallets = await lockPartnerWallets(tx, partnerIds);
  const byId = new Map(wallets.map((w) => [w.id, w]));
  const slices = launchSlices({
    owner: { brandId: campaign.brandId, paymentPlan: input.ownerPlan },
    rewards: withPartners,
    partners: partners.map((p) => ({ brandId: p.partnerBrandId, inviteStatus: p.inviteStatus as TInviteStatus | null, paymentPlan: byId.get(p.partnerBrandId)?.plan ?? 'prepaid' })),
  }).filter((s) => s.brandId !== campaign.brandId);

  const short = slices
    .filter((s) => s.paymentPlan === 'prepaid')
    .map((s) => ({ s, lack: sliceTotal(s) - (byId.get(s.brandId)?.balance ?? 0) }))
    .filter((x) => x.lack > 0);
  if (short.length > 0) {
    throw new PaymentDueError(
      short.reduce((sum, x) => sum + x.lack, 0),
      `A partner's wallet does not cover its share: ${short.map((x) => `${byId.get(x.s.brandId)?.name} is ${dollars(x.lack)} short`).join(', ')}`,
      short.map((x) => ({ path: `partners.${x.s.brandId}.wallet`, message: `${byId.get(x.s.brandId)?.name}: wallet ${dollars(x.lack)} short of its share ${dollars(sliceTotal(x.s))}` })),
      ERROR_CODES.budgetUnpaid,
    );
  }

  const changes: { field: string; old: unknown; new: unknown }[] = [];
  for (const slice of slices) {
    const name = byId.get(slice.brandId)?.name ?? slice.brandId;
    for (const part of slice.rewards) {
      const title = rewardRows.find((r) => r.id === part.rewardId)?.title ?? `#${part.rewardId}`;
      const note = `${name}'s share of "${title}" in shared campaign "${campaign.name}"`;
      if (slice.paymentPlan === 'prepaid') {
        await debitWallet(tx, { brandId: slice.brandId, kind: 'partner_slice', amountCents: part.cents, campaignId: campaign.id, rewardId: part.rewardId, note, createdBy: input.userId });
      } else {
        await accrueInvoiceLine(tx, { brandId: slice.brandId, kind: 'budget', description: note, amountCents: part.cents, campaignId: campaign.id });
      }
      await addPartnerPayment(tx, part.rewardId, slice.brandId, part.cents);
      changes.push({ field: `rewards.${part.rewardId}.paidBy.${slice.brandId}`, old: 0, new: part.cents });
    }
  }
  return { changes };
}
