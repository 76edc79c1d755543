import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { TCampaignMission, TCampaignPartner, TInviteStatus, TSharedDataOption } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import {
  brands,
  campaignMissions,
  campaignPartners,
  campaigns,
  missionItems,
  missions,
  rewardPartners,
  rewards,
} from '../../db/schema/index.js';
import type { CampaignRow } from '../campaign/campaign.mapper.js';

/** A campaign the brand owns, or one it was invited to as a partner. */
export async function findVisibleCampaign(db: DbOrTx, brandId: string, id: number) {
  const [row] = await db
    .select({ campaign: campaigns, ownerName: brands.name, ownerLogo: brands.logo })
    .from(campaigns)
    .innerJoin(brands, eq(brands.id, campaigns.brandId))
    .where(
      and(
        eq(campaigns.id, id),
        or(
          eq(campaigns.brandId, brandId),
          sql`exists (select 1 from ${campaignPartners} cp where cp.campaign_id = ${campaigns.id} and cp.partner_brand_id = ${brandId})`,
        ),
      ),
    );
  return row;
}

/** Locks the campaign row for the rest of the transaction (writes to one campaign are serialised). */
export async function lockCampaign(tx: DbOrTx, brandId: string, id: number): Promise<CampaignRow | undefined> {
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.brandId, brandId), eq(campaigns.id, id)))
    .for('update');
  return row;
}

export async function listCampaignMissions(db: DbOrTx, campaignId: number): Promise<TCampaignMission[]> {
  const itemCounts = db
    .select({ missionId: missionItems.missionId, n: count().as('n') })
    .from(missionItems)
    .groupBy(missionItems.missionId)
    .as('item_counts');
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
  }));
}

/** What progress is computed from: two small queries whatever the campaign's size. */
export async function loadProgressFacts(db: DbOrTx, campaignId: number) {
  const [missionRows, rewardRows, partnerRows] = await Promise.all([
    db
      .select({ missionId: campaignMissions.missionId, isCompleteFill: missions.isCompleteFill })
      .from(campaignMissions)
      .innerJoin(missions, eq(missions.id, campaignMissions.missionId))
      .where(eq(campaignMissions.campaignId, campaignId)),
    db
      .select({
        id: rewards.id,
        scope: rewards.scope,
        missionId: rewards.missionId,
        filledByPartners: rewards.filledByPartners,
      })
      .from(rewards)
      .where(eq(rewards.campaignId, campaignId)),
    db
      .select({ brandId: campaignPartners.partnerBrandId, inviteStatus: campaignPartners.inviteStatus })
      .from(campaignPartners)
      .where(eq(campaignPartners.campaignId, campaignId)),
  ]);
  const rewardIds = rewardRows.map((r) => r.id);
  const fills =
    rewardIds.length === 0
      ? []
      : await db
          .select({ rewardId: rewardPartners.rewardId, brandId: rewardPartners.partnerBrandId, fill: rewardPartners.fillStatus })
          .from(rewardPartners)
          .where(inArray(rewardPartners.rewardId, rewardIds));
  return {
    missions: missionRows,
    rewards: rewardRows.map((r) => ({
      scope: r.scope,
      missionId: r.missionId,
      filledByPartners: r.filledByPartners,
      partners: fills.filter((f) => f.rewardId === r.id).map((f) => ({ brandId: f.brandId, filled: f.fill === 'filled' })),
    })),
    partners: partnerRows.map((p) => ({ brandId: p.brandId, inviteStatus: p.inviteStatus as TInviteStatus | null })),
  };
}
