import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import {
  campaignMissions,
  campaignPartners,
  campaigns,
  missionItems,
  missions,
  rewardCodes,
  rewards,
  storeGroupMembers,
  storeGroups,
  storeUsers,
  stores,
} from '../db/schema/index.js';

/** Test data with sensible defaults; each factory takes overrides for what a test is about. */
export function factories(db: Db) {
  return {
    async campaign(brandId: string, over: Partial<typeof campaigns.$inferInsert> = {}) {
      const [row] = await db
        .insert(campaigns)
        .values({ brandId, publicUid: randomBytes(9).toString('base64url'), type: 'general', name: 'Test campaign', ...over })
        .returning();
      return row!;
    },
    async mission(brandId: string, over: Partial<typeof missions.$inferInsert> = {}, itemCount = 0) {
      const [row] = await db
        .insert(missions)
        .values({ brandId, title: 'Test mission', type: 'general', status: 'ready', isCompleteFill: true, ...over })
        .returning();
      for (let i = 0; i < itemCount; i++) {
        await db.insert(missionItems).values({
          brandId,
          missionId: row!.id,
          kind: 'question',
          title: `Question ${i + 1}`,
          order: i,
          data: { options: [{ id: 'a', text: 'Yes' }, { id: 'b', text: 'No' }], correctOptionId: 'a' },
        });
      }
      return row!;
    },
    async campaignMission(brandId: string, campaignId: number, missionId: number, over: Partial<typeof campaignMissions.$inferInsert> = {}) {
      const [row] = await db.insert(campaignMissions).values({ brandId, campaignId, missionId, ...over }).returning();
      return row!;
    },
    async reward(brandId: string, campaignId: number, over: Partial<typeof rewards.$inferInsert> = {}) {
      const [row] = await db
        .insert(rewards)
        .values({ brandId, campaignId, type: 'prize', title: 'Headphones', description: 'Wireless', valueCents: 9900, totalAvailable: 3, ...over })
        .returning();
      return row!;
    },
    async partner(brandId: string, campaignId: number, partnerBrandId: string, over: Partial<typeof campaignPartners.$inferInsert> = {}) {
      const [row] = await db.insert(campaignPartners).values({ brandId, campaignId, partnerBrandId, ...over }).returning();
      return row!;
    },
    async store(brandId: string, over: Partial<typeof stores.$inferInsert> = {}) {
      const [row] = await db
        .insert(stores)
        .values({ brandId, name: 'Test store', countryCode: 'US', formattedAddress: '1 Main St', status: 'approved', ...over })
        .returning();
      return row!;
    },
    /** A store user (participant); passwordHash lets them sign in to /play with a password. */
    async storeUser(brandId: string, storeId: number, over: Partial<typeof storeUsers.$inferInsert> = {}) {
      const [row] = await db
        .insert(storeUsers)
        .values({ brandId, storeId, name: 'Sam Staff', email: `staff-${randomBytes(5).toString('hex')}@store.test`, ...over })
        .returning();
      return row!;
    },
    async group(brandId: string, storeIds: number[], over: Partial<typeof storeGroups.$inferInsert> = {}) {
      const [row] = await db.insert(storeGroups).values({ brandId, name: 'Test group', ...over }).returning();
      if (storeIds.length) await db.insert(storeGroupMembers).values(storeIds.map((storeId) => ({ brandId, groupId: row!.id, storeId })));
      return row!;
    },
    /** n unissued codes of a code reward. */
    async codes(brandId: string, rewardId: number, n: number, prefix = 'CODE') {
      const values = Array.from({ length: n }, (_, i) => ({ brandId, rewardId, code: `${prefix}-${rewardId}-${i + 1}` }));
      for (let i = 0; i < values.length; i += 5000) await db.insert(rewardCodes).values(values.slice(i, i + 5000));
    },
  };
}
