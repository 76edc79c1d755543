import { and, eq } from 'drizzle-orm';
import { ERROR_CODES, type TCampaign } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { rewards } from '../../db/schema/index.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/request-context.js';
import { toApiCampaign } from '../campaign/campaign.mapper.js';
import { lockCampaign } from './builder.repository.js';
import { lockEditableCampaign } from './builder-guards.js';
import { saveCampaignChange } from './save-campaign-change.js';

export interface DeleteCampaignRewardOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
  rewardId: number;
}

export async function deleteCampaignReward({ db, actor, campaignId, rewardId }: DeleteCampaignRewardOptions): Promise<TCampaign> {
  requirePermission(actor, 'reward:delete');
  return db.transaction(async (tx) => {
    const campaign = await lockEditableCampaign(tx, actor.brandId, campaignId);
    const [removed] = await tx
      .delete(rewards)
      .where(and(eq(rewards.campaignId, campaign.id), eq(rewards.id, rewardId)))
      .returning({ id: rewards.id, type: rewards.type, title: rewards.title });
    if (!removed) throw notFound('Reward');
    const row = await saveCampaignChange({
      tx,
      actor,
      campaign,
      action: 'reward.delete',
      changes: [{ field: 'rewards', old: removed, new: null }],
    });
    return toApiCampaign(row);
  });
}

export interface EndCampaignOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
}

/** Ends an active campaign now. */
export async function endCampaign({ db, actor, campaignId }: EndCampaignOptions): Promise<TCampaign> {
  requirePermission(actor, 'campaign:launch');
  return db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, actor.brandId, campaignId);
    if (!campaign) throw notFound('Campaign');
    if (campaign.status !== 'active') {
      throw conflict(`Only an active campaign can be ended (this one is ${campaign.status})`, ERROR_CODES.illegalTransition, [
        { path: 'status', message: `cannot end from ${campaign.status}` },
      ]);
    }
    const row = await saveCampaignChange({
      tx,
      actor,
      campaign,
      action: 'end',
      set: { status: 'ended', endedAt: new Date() },
      changes: [{ field: 'status', old: 'active', new: 'ended' }],
    });
    return toApiCampaign(row);
  });
}
