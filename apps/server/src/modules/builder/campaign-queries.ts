import { canAddReward, REWARD_TYPES, type TActivityEntry } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { countMissionsAndRewards, findCampaign, findVisibleCampaign, toEpochSeconds } from '../campaign/index.js';
import { listActivity, listCampaignMissions, pauseFacts } from './builder.repository.js';

interface CampaignQueryOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
}

async function visibleOrThrow(db: Db, actor: RequestActor, campaignId: number) {
  const found = await findVisibleCampaign(db, actor.brandId, campaignId);
  if (!found) throw notFound('Campaign');
  return found.campaign;
}

export async function getCampaignMissions({ db, actor, campaignId }: CampaignQueryOptions) {
  const campaign = await visibleOrThrow(db, actor, campaignId);
  return listCampaignMissions(db, campaign.id);
}

/** Which reward types the wizard may offer for this campaign now, with the reason when none can be added. */
export async function getRewardTypes({ db, actor, campaignId }: CampaignQueryOptions) {
  const campaign = await findCampaign(db, actor.brandId, campaignId);
  if (!campaign) throw notFound('Campaign');
  const { missions: missionCount, rewards: rewardCount } = await countMissionsAndRewards(db, campaign.id);
  const allowed = canAddReward({ type: campaign.type, missionCount, rewardCount });
  const reason = allowed ? null : missionCount === 0 ? 'add a mission first' : 'a consumer campaign takes one reward';
  return { items: REWARD_TYPES.map((type) => ({ type, enabled: allowed, reason })) };
}

export async function getPauseDetails({ db, actor, campaignId }: CampaignQueryOptions) {
  const campaign = await findCampaign(db, actor.brandId, campaignId);
  if (!campaign) throw notFound('Campaign');
  const facts = await pauseFacts(db, campaign.id);
  return {
    status: campaign.status,
    canEnd: campaign.status === 'active',
    startDate: campaign.startDate ? toEpochSeconds(campaign.startDate) : null,
    endDate: campaign.endDate ? toEpochSeconds(campaign.endDate) : null,
    ...facts,
    budgetLeft: Math.max(0, facts.budgetLeft),
  };
}

/** The campaign's change history, newest first. */
export async function getActivity({ db, actor, campaignId }: CampaignQueryOptions): Promise<{ items: TActivityEntry[] }> {
  const campaign = await findCampaign(db, actor.brandId, campaignId);
  if (!campaign) throw notFound('Campaign');
  const rows = await listActivity(db, actor.brandId, campaign.id, 200);
  return {
    items: rows.map(({ a, userName }) => ({
      id: a.id,
      action: a.action,
      user: a.userId && userName !== null ? { id: a.userId, name: userName } : null,
      changes: a.changes,
      createdAt: toEpochSeconds(a.createdAt),
    })),
  };
}
