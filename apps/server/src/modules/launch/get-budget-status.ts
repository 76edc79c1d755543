import { budgetDue, type TBudgetStatus } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { campaignMoney } from '../billing/index.js';
import { findCampaign } from '../campaign/index.js';
import { findBrandBilling, listLaunchRewards } from './launch.repository.js';

export interface GetBudgetStatusOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
}

/** What a launch of the campaign still owes on money budgets, the wallet that could pay it, and what the campaign holds. */
export async function getBudgetStatus({ db, actor, campaignId }: GetBudgetStatusOptions): Promise<TBudgetStatus> {
  const campaign = await findCampaign(db, actor.brandId, campaignId);
  if (!campaign) throw notFound('Campaign');
  const [brand, rewards, money] = await Promise.all([
    findBrandBilling(db, actor.brandId),
    listLaunchRewards(db, campaign.id),
    campaignMoney(db, campaign),
  ]);
  const owed = budgetDue(rewards, brand.paymentPlan);
  const dueById = new Map(owed.rewards.map((r) => [r.id, r.due]));
  return {
    paymentPlan: brand.paymentPlan,
    walletBalance: brand.walletBalanceCents,
    due: owed.due,
    rewards: rewards
      .filter((r) => r.type === 'money')
      .map((r) => ({ rewardId: r.id, title: r.title, budget: r.budgetCents ?? 0, budgetPaid: r.budgetPaidCents ?? 0, due: dueById.get(r.id) ?? 0 })),
    // What deleting the campaign, or cutting its budgets, would give back and to whom.
    money,
  };
}
