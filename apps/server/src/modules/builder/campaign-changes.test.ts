import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CHANGE_FEED_APPLICATION } from '../../db/client.js';
import { campaigns, missions, rewardCodes } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { loadTestEnv } from '../../config/test-env.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createCampaignChanges, type CampaignChanges } from './campaign-changes.js';

const serverUrl = loadTestEnv().TEST_DATABASE_URL;
let t: TestApp;
let f: ReturnType<typeof factories>;
let brand: string;
let changes: CampaignChanges;
let heard: (number | null)[];

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t.database.db);
  brand = t.brandIds.owner;
});
afterAll(() => t.close());

async function listening() {
  heard = [];
  changes = createCampaignChanges(t.database);
  changes.subscribe((id) => heard.push(id));
  changes.start();
  await vi.waitFor(() => expect(changes.isCurrent()).toBe(true), { timeout: 5_000, interval: 5 });
  heard = [];
}
afterEach(() => changes.stop());

const hears = (id: number | null) => vi.waitFor(() => expect(heard).toContain(id), { timeout: 2_000, interval: 5 });

describe('campaign change notifications', () => {
  it("announces a campaign's id when it, a mission it uses or a reward's codes change, and when it is deleted", async () => {
    await listening();
    const c = await f.campaign(brand, { type: 'learning' });
    const m = await f.mission(brand, { type: 'learning' }, 1);
    await f.campaignMission(brand, c.id, m.id, { passingGrade: 1 });
    const r = await f.reward(brand, c.id, { type: 'discount' });
    await hears(c.id);

    for (const change of [
      () => t.database.db.update(campaigns).set({ name: 'Renamed' }).where(eq(campaigns.id, c.id)),
      () => t.database.db.update(missions).set({ title: 'Edited in the library' }).where(eq(missions.id, m.id)),
      () => t.database.db.insert(rewardCodes).values({ brandId: brand, rewardId: r.id, code: '0001' }),
      () => t.database.db.delete(campaigns).where(eq(campaigns.id, c.id)),
    ]) {
      heard = [];
      await change();
      await hears(c.id);
    }
  });

  it('stays silent for a change rolled back', async () => {
    await listening();
    const c = await f.campaign(brand);
    const other = await f.campaign(brand);
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(campaigns).set({ name: 'Never' }).where(eq(campaigns.id, c.id));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    // A later commit is delivered after anything committed before it: by the time it is heard, a rollback's would have been too.
    await t.database.db.update(campaigns).set({ name: 'Later' }).where(eq(campaigns.id, other.id));
    await hears(other.id);
    expect(heard).not.toContain(c.id);
  });

  it("trusts cached views only once a fence sent after the last answered write has come back", async () => {
    await listening();
    changes.writeStarted();
    expect(changes.isCurrent()).toBe(false);
    changes.writeAnswered();
    // Asking sends the fence, a notification of its own; until it comes back the answer is no.
    expect(changes.isCurrent()).toBe(false);
    await vi.waitFor(() => expect(changes.isCurrent()).toBe(true), { timeout: 2_000, interval: 1 });
  });

  describe.runIf(serverUrl)('on a PostgreSQL server', () => {
    it('distrusts every cached view when its listening connection is dropped, and listens again', async () => {
      await listening();
      const killed = await t.database.rows<{ killed: boolean }>(sql`
        select pg_terminate_backend(pid) as killed from pg_stat_activity
        where datname = current_database() and application_name = ${CHANGE_FEED_APPLICATION}`);
      expect(killed.some((k) => k.killed)).toBe(true);
      await vi.waitFor(() => expect(changes.isCurrent()).toBe(false), { timeout: 2_000, interval: 1 });
      expect(heard).toContain(null);
      await vi.waitFor(() => expect(changes.isCurrent()).toBe(true), { timeout: 5_000, interval: 10 });
    });
  });
});
