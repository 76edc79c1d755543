import { isCodeReward, rewardEndDateMessage, type TRewardRead } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { editCampaign } from '../campaign/index.js';
import { findReward, listRewardsForCampaign, updateReward } from './reward.repository.js';

export interface UpdateRewardEndDateOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
  rewardId: number;
  endDate: number;
  timeZone: string;
  now?: Date;
}

/** The expiry of a code reward's codes; never before the campaign ends (product rule R12). */
export async function updateRewardEndDate(options: UpdateRewardEndDateOptions): Promise<TRewardRead> {
  const { db, actor, campaignId, rewardId, endDate, timeZone } = options;
  const { result } = await editCampaign({ db, actor, permission: 'reward:update', campaignId, status: 'any' }, async (tx, { campaign }) => {
    const reward = await findReward(tx, campaign.brandId, campaign.id, rewardId);
    if (!reward) throw notFound('Reward');
    if (!isCodeReward(reward.type)) throw invalid([{ path: 'endDate', message: 'only code rewards (gift card, free product, discount) expire' }]);
    const end = new Date(endDate * 1000);
    // Never in the past, never before the campaign ends (product rule R12) — the same rule launch applies.
    const message = rewardEndDateMessage(endDate, {
      now: Math.floor((options.now ?? new Date()).getTime() / 1000),
      campaignEndDate: campaign.endDate ? Math.floor(campaign.endDate.getTime() / 1000) : null,
    });
    if (message) throw invalid([{ path: 'endDate', message }]);
    await updateReward(tx, reward.id, { endDate: end, endTimeZone: timeZone, updatedAt: new Date() });
    return {
      action: 'reward.end-date',
      changes: [{ field: `rewards.${reward.id}.endDate`, old: reward.endDate?.toISOString() ?? null, new: end.toISOString() }],
      result: (await listRewardsForCampaign(tx, actor.brandId, campaign.id)).find((r) => r.id === reward.id)!,
    };
  });
  return result;
}
