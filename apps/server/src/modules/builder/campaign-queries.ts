import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { canAddReward, REWARD_TYPES, type TActivityEntry, type TRewardRead } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { campaignAudit, campaignMissions, completions, rewardCodes, rewardUnlocks, rewards, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { findCampaign, findVisibleCampaign, toEpochSeconds } from '../campaign/index.js';
import { listRewardsForCampaign } from '../reward/index.js';
import { listCampaignMissions } from './builder.repository.js';

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

export async function getCampaignRewards({ db, actor, campaignId }: CampaignQueryOptions): Promise<TRewardRead[]> {
  const campaign = await visibleOrThrow(db, actor, campaignId);
  return listRewardsForCampaign(db, campaign.brandId, campaign.id);
}

/** Which reward types the wizard may offer for this campaign now, with the reason when none can be added. */
export async function getRewardTypes({ db, actor, campaignId }: CampaignQueryOptions) {
  const campaign = await findCampaign(db, actor.brandId, campaignId);
  if (!campaign) throw notFound('Campaign');
  const [[m], [r]] = await Promise.all([
    db.select({ n: count() }).from(campaignMissions).where(eq(campaignMissions.campaignId, campaign.id)),
    db.select({ n: count() }).from(rewards).where(eq(rewards.campaignId, campaign.id)),
  ]);
  const missionCount = m?.n ?? 0;
  const rewardCount = r?.n ?? 0;
  const allowed = canAddReward({ type: campaign.type, missionCount, rewardCount });
  const reason = allowed ? null : missionCount === 0 ? 'add a mission first' : 'a consumer campaign takes one reward';
  return { items: REWARD_TYPES.map((type) => ({ type, enabled: allowed, reason })) };
}

export async function getPauseDetails({ db, actor, campaignId }: CampaignQueryOptions) {
  const campaign = await findCampaign(db, actor.brandId, campaignId);
  if (!campaign) throw notFound('Campaign');
  const [[c], [u], [codes], [budget]] = await Promise.all([
    db.select({ n: count() }).from(completions).where(eq(completions.campaignId, campaign.id)),
    db.select({ n: count() }).from(rewardUnlocks).where(eq(rewardUnlocks.campaignId, campaign.id)),
    db
      .select({ n: count() })
      .from(rewardCodes)
      .innerJoin(rewards, eq(rewards.id, rewardCodes.rewardId))
      .where(and(eq(rewards.campaignId, campaign.id), isNull(rewardCodes.issuedAt))),
    db
      .select({ left: sql<number>`coalesce(sum(${rewards.budgetPaidCents} - reward_budget_spent(${rewards.id})), 0)::int` })
      .from(rewards)
      .where(eq(rewards.campaignId, campaign.id)),
  ]);
  return {
    status: campaign.status,
    canEnd: campaign.status === 'active',
    startDate: campaign.startDate ? toEpochSeconds(campaign.startDate) : null,
    endDate: campaign.endDate ? toEpochSeconds(campaign.endDate) : null,
    completions: c?.n ?? 0,
    rewardsUnlocked: u?.n ?? 0,
    codesLeft: codes?.n ?? 0,
    budgetLeft: Math.max(0, budget?.left ?? 0),
  };
}

/** The campaign's change history, newest first. */
export async function getActivity({ db, actor, campaignId }: CampaignQueryOptions): Promise<{ items: TActivityEntry[] }> {
  const campaign = await findCampaign(db, actor.brandId, campaignId);
  if (!campaign) throw notFound('Campaign');
  const rows = await db
    .select({ a: campaignAudit, userName: users.name })
    .from(campaignAudit)
    .leftJoin(users, eq(users.id, campaignAudit.userId))
    .where(and(eq(campaignAudit.brandId, actor.brandId), eq(campaignAudit.campaignId, campaign.id)))
    .orderBy(desc(campaignAudit.createdAt), desc(campaignAudit.id))
    .limit(200);
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
