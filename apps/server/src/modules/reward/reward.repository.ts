import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { REWARD_TYPE_ORDER, type TRewardRead } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { missions, rewardCodes, rewardPartners, rewards } from '../../db/schema/index.js';
import { toEpochSeconds } from '../campaign/index.js';

export type RewardRow = typeof rewards.$inferSelect;
type PartnerRow = typeof rewardPartners.$inferSelect;

/** Rewards of a campaign as the API reads them, prize and money first; a fixed four queries. */
export async function listRewardsForCampaign(db: DbOrTx, brandId: string, campaignId: number): Promise<TRewardRead[]> {
  const rows = await db
    .select({ reward: rewards, missionTitle: missions.title, missionImage: missions.imageUrl })
    .from(rewards)
    .leftJoin(missions, eq(missions.id, rewards.missionId))
    .where(and(eq(rewards.brandId, brandId), eq(rewards.campaignId, campaignId)))
    .orderBy(asc(rewards.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.reward.id);
  const [partnerRows, codeRows] = await Promise.all([
    db.select().from(rewardPartners).where(inArray(rewardPartners.rewardId, ids)),
    db
      .select({
        rewardId: rewardCodes.rewardId,
        total: count(),
        available: sql<number>`count(*) filter (where ${rewardCodes.issuedAt} is null)`.mapWith(Number),
      })
      .from(rewardCodes)
      .where(inArray(rewardCodes.rewardId, ids))
      .groupBy(rewardCodes.rewardId),
  ]);
  const partnersBy = new Map<number, PartnerRow[]>();
  for (const p of partnerRows) partnersBy.set(p.rewardId, [...(partnersBy.get(p.rewardId) ?? []), p]);
  const codesBy = new Map(codeRows.map((c) => [c.rewardId, c]));
  return rows
    .map(({ reward, missionTitle, missionImage }) =>
      toRewardRead(
        reward,
        missionTitle === null ? null : { name: missionTitle, imageUrl: missionImage },
        partnersBy.get(reward.id) ?? [],
        codesBy.get(reward.id),
      ),
    )
    .sort((a, b) => REWARD_TYPE_ORDER[a.type] - REWARD_TYPE_ORDER[b.type] || a.id - b.id);
}

export function toRewardRead(
  r: RewardRow,
  mission: { name: string; imageUrl: string | null } | null,
  partners: PartnerRow[],
  codes: { total: number; available: number } | undefined,
): TRewardRead {
  const partnerBudget = partners.reduce((s, p) => s + p.budgetCents, 0);
  const partnerPaid = partners.reduce((s, p) => s + p.paidCents, 0);
  const total = codes?.total ?? 0;
  const available = codes?.available ?? 0;
  return {
    id: r.id,
    bundleId: r.campaignId,
    type: r.type,
    key: r.key,
    title: r.title,
    autoTitle: r.autoTitle,
    description: r.description,
    isShared: r.isShared,
    filledByPartners: r.filledByPartners,
    completionsToUnlock: r.completionsToUnlock,
    maxPerUser: r.maxPerUser,
    isUnlimited: r.isUnlimited,
    scope: r.scope,
    missionId: r.missionId,
    mission,
    itemsId: r.itemsId,
    assignment: r.assignment,
    amount: r.amountCents,
    budget: r.budgetCents,
    dynamicActive: r.dynamicActive,
    dynamicAmounts: r.dynamicAmounts,
    percentageDiscount: r.percentageDiscount,
    linkToShop: r.linkToShop,
    noFinePrint: r.noFinePrint,
    finePrint: r.finePrint,
    value: r.valueCents,
    totalAvailable: r.totalAvailable,
    imageUrl: r.imageUrl,
    imageArgs: r.imageArgs,
    endDate: r.endDate ? toEpochSeconds(r.endDate) : null,
    partners: partners.map((p) => ({ brandId: p.partnerBrandId, budget: p.budgetCents, paid: p.paidCents, fillStatus: p.fillStatus })),
    totalAllocatedBudget: (r.budgetCents ?? 0) + partnerBudget,
    budgetPaid: r.budgetPaidCents + partnerPaid,
    totalCodes: total,
    availableCodes: available,
    unlockedCodes: total - available,
  };
}

export async function findReward(db: DbOrTx, brandId: string, campaignId: number, rewardId: number) {
  const [row] = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.brandId, brandId), eq(rewards.campaignId, campaignId), eq(rewards.id, rewardId)));
  return row;
}

export async function countUnissuedCodes(db: DbOrTx, rewardId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(rewardCodes)
    .where(and(eq(rewardCodes.rewardId, rewardId), isNull(rewardCodes.issuedAt)));
  return row?.n ?? 0;
}
