import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TCampaignMission, TCampaignPartner, TInviteStatus, TSharedDataOption } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { itemCountsSubquery } from '../../lib/sql-helpers.js';
import {
  brands,
  campaignAudit,
  campaignMissions,
  campaignPartners,
  completions,
  missions,
  rewardCodes,
  rewardUnlocks,
  rewards,
  users,
} from '../../db/schema/index.js';

export async function listCampaignMissions(db: DbOrTx, campaignId: number): Promise<TCampaignMission[]> {
  const itemCounts = itemCountsSubquery(db);
  const rows = await db
    .select({ cm: campaignMissions, m: missions, itemCount: itemCounts.n })
    .from(campaignMissions)
    .innerJoin(missions, eq(missions.id, campaignMissions.missionId))
    .leftJoin(itemCounts, eq(itemCounts.missionId, missions.id))
    .where(eq(campaignMissions.campaignId, campaignId))
    .orderBy(asc(campaignMissions.order), asc(campaignMissions.id));
  return rows.map(({ cm, m, itemCount }) => ({
    id: cm.id,
    missionId: cm.missionId,
    order: cm.order,
    type: m.type,
    mission: {
      title: m.title,
      imageUrl: m.imageUrl,
      type: m.type,
      subtype: m.subtype,
      isCompleteFill: m.isCompleteFill,
      status: m.status,
      itemCount: itemCount ?? 0,
    },
    maxEntriesPerUser: cm.maxEntriesPerUser,
    maxEntriesPerStore: cm.maxEntriesPerStore,
    contest: cm.contest,
    passingGrade: cm.passingGrade,
    sharedData: cm.sharedData as TSharedDataOption[],
  }));
}

export async function listCampaignPartners(db: DbOrTx, campaignId: number): Promise<TCampaignPartner[]> {
  const rows = await db
    .select({ p: campaignPartners, b: brands })
    .from(campaignPartners)
    .innerJoin(brands, eq(brands.id, campaignPartners.partnerBrandId))
    .where(eq(campaignPartners.campaignId, campaignId))
    .orderBy(asc(campaignPartners.order), asc(campaignPartners.id));
  return rows.map(({ p, b }) => ({
    brandId: b.id,
    brandName: b.name,
    brandLogoUrl: b.logo,
    industries: b.industries.map((name) => ({ name })),
    inviteStatus: p.inviteStatus as TInviteStatus | null,
    order: p.order,
    respondedAt: p.respondedAt ? Math.floor(p.respondedAt.getTime() / 1000) : null,
    rejectReason: p.inviteStatus === 'REJECTED' ? p.rejectReason : null,
  }));
}


/** What the pause dialog shows: completions, unlocks, codes nobody received, and budget paid but not spent. */
export async function pauseFacts(db: DbOrTx, campaignId: number) {
  const [[c], [u], [codes], [budget]] = await Promise.all([
    db.select({ n: count() }).from(completions).where(eq(completions.campaignId, campaignId)),
    db.select({ n: count() }).from(rewardUnlocks).where(eq(rewardUnlocks.campaignId, campaignId)),
    db
      .select({ n: count() })
      .from(rewardCodes)
      .innerJoin(rewards, eq(rewards.id, rewardCodes.rewardId))
      .where(and(eq(rewards.campaignId, campaignId), isNull(rewardCodes.issuedAt))),
    db
      .select({ left: sql<number>`coalesce(sum(${rewards.budgetPaidCents} - reward_budget_spent(${rewards.id})), 0)::int` })
      .from(rewards)
      .where(eq(rewards.campaignId, campaignId)),
  ]);
  return { completions: c?.n ?? 0, rewardsUnlocked: u?.n ?? 0, codesLeft: codes?.n ?? 0, budgetLeft: budget?.left ?? 0 };
}

/** The campaign's audit rows with their authors' names, newest first. */
export async function listActivity(db: DbOrTx, brandId: string, campaignId: number, limit: number) {
  return db
    .select({ a: campaignAudit, userName: users.name })
    .from(campaignAudit)
    .leftJoin(users, eq(users.id, campaignAudit.userId))
    .where(and(eq(campaignAudit.brandId, brandId), eq(campaignAudit.campaignId, campaignId)))
    .orderBy(desc(campaignAudit.createdAt), desc(campaignAudit.id))
    .limit(limit);
}

/** The viewing brand's flags the builder's form depends on. */
export async function findViewerFlags(db: DbOrTx, brandId: string) {
  const [row] = await db.select({ isRetailer: brands.isRetailer, consumerEnabled: brands.consumerEnabled }).from(brands).where(eq(brands.id, brandId));
  return row;
}
