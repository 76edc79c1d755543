import { budgetDue, type TAddBudgetBody, type TAddBudgetResult } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { invalid } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { debitWallet, PaymentDueError } from '../billing/index.js';
import { editCampaign } from '../campaign/index.js';
import { startIfDue, type CampaignJob } from '../scheduler/index.js';
import { findBrandBilling, listLaunchRewards, setBudgetPaid } from './launch.repository.js';
import { payDueBudgetFromWallet } from './pay-due-budget.js';

export interface AddBudgetOptions {
  db: Db;
  /** Queues the end job of a campaign that starts because this payment unblocked it. */
  replaceJobs?: (campaignId: number, jobs: CampaignJob[]) => Promise<void>;
  actor: RequestActor;
  body: TAddBudgetBody;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * Pays money rewards' budgets from the wallet (product rule R15): one ledger debit,
 * the rewards' paid amounts, and the campaign's audit entry, all in one transaction. The ledger's
 * trigger moves the balance and refuses to take it below zero.
 */
export async function addBudget({ db, actor, body, replaceJobs }: AddBudgetOptions): Promise<TAddBudgetResult> {
  const { result } = await editCampaign({ db, actor, permission: 'wallet:pay', campaignId: body.bundleId, status: 'any' }, async (tx, { campaign }) => {
    // Locking the brand row serialises payments from one wallet.
    const brand = await findBrandBilling(tx, actor.brandId, true);
    const list = await listLaunchRewards(tx, campaign.id);
    const owed = budgetDue(list, 'prepaid');
    if (owed.due === 0) throw invalid([{ path: 'amount', message: 'nothing is due: every money budget is paid' }]);
    if (body.amount > owed.due) throw invalid([{ path: 'amount', message: `more than is due (${dollars(owed.due)})` }]);
    if (brand.walletBalanceCents < body.amount) {
      // Say so before touching any reward; the 402 carries the difference the payment form prefills.
      const short = body.amount - brand.walletBalanceCents;
      throw new PaymentDueError(short, `The wallet holds ${dollars(brand.walletBalanceCents)}; ${dollars(body.amount)} is needed`, [
        { path: 'amount', message: `wallet balance ${dollars(brand.walletBalanceCents)} is less than ${dollars(body.amount)}` },
      ]);
    }

    let left = body.amount;
    const paid: TAddBudgetResult['rewards'] = [];
    for (const { id, due } of owed.rewards) {
      if (left === 0) break;
      const pay = Math.min(due, left);
      left -= pay;
      const reward = list.find((r) => r.id === id)!;
      const budgetPaid = (reward.budgetPaidCents ?? 0) + pay;
      await setBudgetPaid(tx, id, budgetPaid);
      paid.push({ rewardId: id, budget: reward.budgetCents ?? 0, budgetPaid });
    }
    await debitWallet(tx, {
      brandId: actor.brandId,
      kind: 'budget_debit',
      amountCents: body.amount,
      campaignId: campaign.id,
      note: body.amountPerEntry !== undefined ? `budget of campaign ${campaign.id}, ${dollars(body.amountPerEntry)} per entry` : `budget of campaign ${campaign.id}`,
      createdBy: actor.userId,
    });
    const after = await findBrandBilling(tx, actor.brandId);
    return {
      action: 'budget.pay',
      changes: paid.map((p) => ({
        field: `rewards.${p.rewardId}.budgetPaid`,
        old: list.find((r) => r.id === p.rewardId)!.budgetPaidCents ?? 0,
        new: p.budgetPaid,
      })),
      result: { walletBalance: after.walletBalanceCents, paid: body.amount, rewards: paid },
    };
  });
  // A scheduled campaign whose start was blocked by this unpaid budget starts now that it is paid.
  if (replaceJobs) await startIfDue(db, body.bundleId, replaceJobs, payDueBudgetFromWallet);
  return result;
}
