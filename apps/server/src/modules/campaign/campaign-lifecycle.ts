import { ERROR_CODES, type TCampaign } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { returnUnspentBudget, unspentBudgetChanges } from '../billing/index.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { toApiCampaign } from './campaign.mapper.js';
import { deleteCampaignRewardRow } from './campaign.repository.js';
import { editCampaign } from './edit-campaign.js';

export interface DeleteCampaignRewardOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
  rewardId: number;
}

export async function deleteCampaignReward({ db, actor, campaignId, rewardId }: DeleteCampaignRewardOptions): Promise<TCampaign> {
  const { campaign: saved } = await editCampaign({ db, actor, permission: 'reward:delete', campaignId }, async (tx, { campaign }) => {
    const removed = await deleteCampaignRewardRow(tx, campaign.id, rewardId);
    if (!removed) throw notFound('Reward');
    return { action: 'reward.delete', changes: [{ field: 'rewards', old: removed, new: null }] };
  });
  return toApiCampaign(saved);
}

export interface EndCampaignOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
}

/**
 * Ends an active campaign now. The money budget nobody has won yet goes back, in the same transaction, to
 * the brands that paid it (billing's `returnUnspentBudget`: the owner and, in a shared campaign, each partner).
 */
export async function endCampaign({ db, actor, campaignId }: EndCampaignOptions): Promise<TCampaign> {
  const { campaign: saved } = await editCampaign({ db, actor, permission: 'campaign:launch', campaignId, status: 'any' }, async (tx, { campaign }) => {
    if (campaign.status !== 'active') {
      throw conflict(`Only an active campaign can be ended (this one is ${campaign.status})`, ERROR_CODES.illegalTransition, [
        { path: 'status', message: `cannot end from ${campaign.status}` },
      ]);
    }
    const returned = await returnUnspentBudget(tx, { campaign, why: 'was ended', createdBy: actor.userId });
    const changes: { field: string; old: unknown; new: unknown }[] = [
      { field: 'status', old: 'active', new: 'ended' },
      ...unspentBudgetChanges(returned),
    ];
    return { action: 'end', set: { status: 'ended', endedAt: new Date() }, changes };
  });
  return toApiCampaign(saved);
}
