import type { TRewardRead } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { findVisibleCampaign } from '../campaign/index.js';
import { listRewardsForCampaign } from './reward.repository.js';

/** The rewards of a campaign the brand owns or was invited to. */
export async function getCampaignRewards({ db, actor, campaignId }: { db: Db; actor: RequestActor; campaignId: number }): Promise<TRewardRead[]> {
  const found = await findVisibleCampaign(db, actor.brandId, campaignId);
  if (!found) throw notFound('Campaign');
  return listRewardsForCampaign(db, found.campaign.brandId, found.campaign.id);
}
