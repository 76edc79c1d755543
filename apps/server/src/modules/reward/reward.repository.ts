import { and, asc, count, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
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

type RewardValues = Omit<typeof rewards.$inferInsert, 'id' | 'brandId' | 'campaignId'>;

/** A reward of the brand, whatever its campaign. */
export async function findBrandReward(db: DbOrTx, brandId: string, rewardId: number): Promise<RewardRow | undefined> {
  const [row] = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.brandId, brandId), eq(rewards.id, rewardId)));
  return row;
}

export async function insertReward(db: DbOrTx, values: RewardValues & { brandId: string; campaignId: number }): Promise<RewardRow> {
  const [row] = await db.insert(rewards).values(values).returning();
  return row!;
}

export async function updateReward(db: DbOrTx, rewardId: number, set: Partial<RewardValues>): Promise<RewardRow> {
  const [row] = await db.update(rewards).set(set).where(eq(rewards.id, rewardId)).returning();
  return row!;
}

/** The campaign's other rewards' item assignments (items one reward took are not another's). */
export async function listOtherAssignments(db: DbOrTx, campaignId: number, exceptRewardId: number | undefined) {
  return db
    .select({ id: rewards.id, title: rewards.title, assignment: rewards.assignment })
    .from(rewards)
    .where(and(eq(rewards.campaignId, campaignId), exceptRewardId !== undefined ? ne(rewards.id, exceptRewardId) : undefined));
}

/** The codes a reward holds, issued or not. */
export async function listRewardCodes(db: DbOrTx, rewardId: number): Promise<string[]> {
  const rows = await db.select({ code: rewardCodes.code }).from(rewardCodes).where(eq(rewardCodes.rewardId, rewardId));
  return rows.map((r) => r.code);
}

/**
 * The codes a reward holds as one JSON array of strings, '[]' for none: a single value from the database, handed as
 * it is to the parse thread that checks a file against it (decision 0007 §12), rather than a string per code here.
 */
export async function listRewardCodesJson(db: DbOrTx, rewardId: number): Promise<string> {
  const [row] = await db
    .select({ codes: sql<string>`coalesce(json_agg(${rewardCodes.code})::text, '[]')` })
    .from(rewardCodes)
    .where(eq(rewardCodes.rewardId, rewardId));
  return row?.codes ?? '[]';
}

export async function deleteRewardCodes(db: DbOrTx, rewardId: number): Promise<void> {
  await db.delete(rewardCodes).where(eq(rewardCodes.rewardId, rewardId));
}

/** The code files the brand's rewards still refer to. */
export async function listReferencedCodeFiles(db: DbOrTx, brandId: string): Promise<Set<string | null>> {
  const rows = await db
    .select({ url: rewards.codesFileUrl })
    .from(rewards)
    .where(and(eq(rewards.brandId, brandId), isNotNull(rewards.codesFileUrl)));
  return new Set(rows.map((r) => r.url));
}
