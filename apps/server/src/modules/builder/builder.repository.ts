import { asc, eq } from 'drizzle-orm';
import type { TCampaignMission, TCampaignPartner, TInviteStatus, TSharedDataOption } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { itemCountsSubquery } from '../../lib/sql-helpers.js';
import { brands, campaignMissions, campaignPartners, missions } from '../../db/schema/index.js';

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

