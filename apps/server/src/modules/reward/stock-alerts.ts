import { isCodeReward, type TRewardType, type TStockAlerts, type TStockAlertsBody } from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { invalid, notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { editCampaign } from '../campaign/index.js';
import { armCodesLowMark, stockLeft } from './reward-codes.repository.js';
import { findReward, updateReward } from './reward.repository.js';

/** Rewards paid from a money budget (a gift card's value leaves the budget with its code). */
const hasMoneyBudget = (type: TRewardType) => type === 'money' || type === 'gift_card';

type RewardRow = NonNullable<Awaited<ReturnType<typeof findReward>>>;

async function stockAlertsOf(db: DbOrTx, reward: RewardRow): Promise<TStockAlerts> {
  const left = await stockLeft(db, reward.id);
  const codesLeft = isCodeReward(reward.type) ? left.codesLeft : null;
  const budgetLeftCents = hasMoneyBudget(reward.type) ? left.budgetLeftCents : null;
  return {
    codesBelow: reward.codesLowThreshold,
    budgetBelowCents: reward.budgetLowThresholdCents,
    codesLeft,
    budgetLeftCents,
    codesLow: reward.codesLowThreshold !== null && codesLeft !== null && codesLeft < reward.codesLowThreshold,
    budgetLow: reward.budgetLowThresholdCents !== null && budgetLeftCents !== null && budgetLeftCents < reward.budgetLowThresholdCents,
  };
}

/** A reward's low-stock thresholds and what is left of it. */
export async function getStockAlerts(o: { db: Db; actor: RequestActor; campaignId: number; rewardId: number }): Promise<TStockAlerts> {
  requirePermission(o.actor, 'reward:read');
  const reward = await findReward(o.db, o.actor.brandId, o.campaignId, o.rewardId);
  if (!reward) throw notFound('Reward');
  return stockAlertsOf(o.db, reward);
}

/**
 * Sets a reward's low-stock thresholds (decision 0031), at any status — a running campaign's pool is the one that
 * runs low. An alert goes out when spending takes what is left from the threshold or above to under it: so a
 * threshold set above what is left now counts as already crossed (the editor shows it low; no mail), and the code
 * pool's mark is placed again for the new threshold.
 */
export async function setStockAlerts(o: { db: Db; actor: RequestActor; campaignId: number; rewardId: number; body: TStockAlertsBody }): Promise<TStockAlerts> {
  const { result } = await editCampaign({ db: o.db, actor: o.actor, permission: 'reward:update', campaignId: o.campaignId, status: 'any' }, async (tx, { campaign }) => {
    const reward = await findReward(tx, campaign.brandId, campaign.id, o.rewardId);
    if (!reward) throw notFound('Reward');
    const { codesBelow, budgetBelowCents } = o.body;
    if (codesBelow !== null && !isCodeReward(reward.type)) {
      throw invalid([{ path: 'codesBelow', message: 'only gift card, free product and discount rewards have codes' }]);
    }
    if (budgetBelowCents !== null && !hasMoneyBudget(reward.type)) {
      throw invalid([{ path: 'budgetBelowCents', message: 'only money and gift card rewards have a money budget' }]);
    }
    const changes = [
      { field: `rewards.${reward.id}.codesLowThreshold`, old: reward.codesLowThreshold, new: codesBelow },
      { field: `rewards.${reward.id}.budgetLowThresholdCents`, old: reward.budgetLowThresholdCents, new: budgetBelowCents },
    ].filter((c) => c.old !== c.new);
    if (changes.length === 0) return { action: 'reward.stock-alerts', unchanged: true, result: await stockAlertsOf(tx, reward) };
    const { budgetLeftCents } = await stockLeft(tx, reward.id);
    const saved = await updateReward(tx, reward.id, {
      codesLowThreshold: codesBelow,
      budgetLowThresholdCents: budgetBelowCents,
      ...(budgetBelowCents !== reward.budgetLowThresholdCents ? { budgetLowAlerted: budgetBelowCents !== null && budgetLeftCents < budgetBelowCents } : {}),
      updatedAt: new Date(),
    });
    if (codesBelow !== reward.codesLowThreshold) await armCodesLowMark(tx, reward.id);
    return { action: 'reward.stock-alerts', changes, result: await stockAlertsOf(tx, saved) };
  });
  return result;
}
