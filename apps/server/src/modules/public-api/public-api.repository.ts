import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { campaigns, rewardCodes, rewardUnlocks } from '../../db/schema/index.js';

/** A page of the brand's campaigns by id, after `afterId` (keyset: the (brand_id, id) primary lookups). */
export async function campaignsAfter(db: DbOrTx, brandId: string, afterId: number, limit: number) {
  return db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.brandId, brandId), gt(campaigns.id, afterId)))
    .orderBy(asc(campaigns.id))
    .limit(limit);
}

/** A page of the brand's unlocks by id (reward_unlocks_brand_id_idx), with the code each issued. */
export async function unlocksAfter(db: DbOrTx, brandId: string, o: { afterId: number; campaignId?: number; limit: number }) {
  const where: SQL[] = [eq(rewardUnlocks.brandId, brandId), gt(rewardUnlocks.id, o.afterId)];
  if (o.campaignId !== undefined) where.push(eq(rewardUnlocks.campaignId, o.campaignId));
  return db
    .select({
      id: rewardUnlocks.id,
      campaignId: rewardUnlocks.campaignId,
      rewardId: rewardUnlocks.rewardId,
      storeUserId: rewardUnlocks.storeUserId,
      consumerId: rewardUnlocks.consumerId,
      completionId: rewardUnlocks.completionId,
      code: rewardCodes.code,
      amountCents: rewardUnlocks.amountCents,
      createdAt: rewardUnlocks.createdAt,
    })
    .from(rewardUnlocks)
    .leftJoin(rewardCodes, eq(rewardCodes.id, rewardUnlocks.codeId))
    .where(and(...where))
    .orderBy(asc(rewardUnlocks.id))
    .limit(o.limit);
}

