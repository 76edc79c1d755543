import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaigns, missions, rewardCodes } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createCampaignRevisionWatch, REVISION_POLL_MS, type CampaignRevisionWatch } from './campaign-revision-watch.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
let brand: string;
let watch: CampaignRevisionWatch;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t.database.db);
  brand = t.brandIds.owner;
});
afterAll(() => t.close());
afterEach(() => watch.stop());

const revOf = async (id: number) => (await t.database.db.select({ rev: campaigns.cacheRev }).from(campaigns).where(eq(campaigns.id, id)))[0]?.rev;

/** A cache holding one campaign at its current revision; records what the watch reports moved. */
async function watching(campaignId: number) {
  const held = new Map([[campaignId, (await revOf(campaignId))!]]);
  const moved: number[] = [];
  watch = createCampaignRevisionWatch(t.database.db);
  watch.add({
    held: () => held,
    moved: (ids) => {
      moved.push(...ids);
      for (const id of ids) held.delete(id);
    },
  });
  watch.start();
  await vi.waitFor(() => expect(watch.isCurrent()).toBe(true), { timeout: 2_000, interval: 5 });
  return {
    moved,
    async hold() {
      held.set(campaignId, (await revOf(campaignId))!);
    },
  };
}

const within = { timeout: 10 * REVISION_POLL_MS, interval: 5 };

describe('campaign revision watch', () => {
  it('reports a held campaign once it, a mission it uses or a reward’s codes change, and once it is deleted', async () => {
    const c = await f.campaign(brand, { type: 'learning' });
    const m = await f.mission(brand, { type: 'learning' }, 1);
    await f.campaignMission(brand, c.id, m.id, { passingGrade: 1 });
    const r = await f.reward(brand, c.id, { type: 'discount' });
    const cache = await watching(c.id);
    for (const change of [
      () => t.database.db.update(campaigns).set({ name: 'Renamed elsewhere' }).where(eq(campaigns.id, c.id)),
      () => t.database.db.update(missions).set({ title: 'Edited in the library' }).where(eq(missions.id, m.id)),
      () => t.database.db.insert(rewardCodes).values({ brandId: brand, rewardId: r.id, code: '0001' }),
      () => t.database.db.delete(campaigns).where(eq(campaigns.id, c.id)),
    ]) {
      await cache.hold();
      cache.moved.length = 0;
      await change();
      await vi.waitFor(() => expect(cache.moved).toEqual([c.id]), within);
    }
  });

  it('reports nothing for a change rolled back', async () => {
    const c = await f.campaign(brand);
    const cache = await watching(c.id);
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(campaigns).set({ name: 'Never' }).where(eq(campaigns.id, c.id));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 3 * REVISION_POLL_MS));
    expect(cache.moved).toEqual([]);
  });

  it('trusts held views again only after a comparison that started after the last answered write', async () => {
    const c = await f.campaign(brand);
    await watching(c.id);
    watch.writeStarted();
    expect(watch.isCurrent()).toBe(false);
    watch.writeAnswered();
    expect(watch.isCurrent()).toBe(false);
    await vi.waitFor(() => expect(watch.isCurrent()).toBe(true), within);
  });

  it('stops trusting held views when comparisons stop', async () => {
    const c = await f.campaign(brand);
    await watching(c.id);
    watch.stop();
    expect(watch.isCurrent()).toBe(false);
  });
});
