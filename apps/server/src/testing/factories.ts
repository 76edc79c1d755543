import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { campaignMissions, campaignPartners, campaigns, missionItems, missions, rewards } from '../db/schema/index.js';

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
  };
}
