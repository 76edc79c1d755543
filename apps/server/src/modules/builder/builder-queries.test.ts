import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZFormData } from '@rally/domain';
import { rewardCodes, users } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loadFormData } from './load-form-data.js';

let t: TestApp;
let queries: string[] = [];
let recording = false;

beforeAll(async () => {
  t = await createTestApp({ onQuery: (q) => recording && queries.push(q) });
});
afterAll(() => t.close());

async function campaignWith(size: number) {
  const f = factories(t.database.db);
  const brand = t.brandIds.owner;
  const c = await f.campaign(brand, { type: 'learning', name: `Size ${size}` });
  for (let i = 0; i < size; i++) {
    const m = await f.mission(brand, { type: 'learning', title: `Lesson ${i}` }, 2);
    await f.campaignMission(brand, c.id, m.id, { order: i, passingGrade: 1 });
    const r = await f.reward(brand, c.id, { type: i % 2 ? 'prize' : 'discount', scope: 'mission', missionId: m.id });
    await t.database.db.insert(rewardCodes).values({ brandId: brand, rewardId: r.id, code: `C${i}` });
  }
  return c.id;
}

async function countQueries(campaignId: number) {
  const [owner] = await t.database.db.select().from(users).where(eq(users.email, 'owner@brand.test'));
  const actor = {
    userId: owner!.id,
    userName: 'Olivia Owner',
    email: 'owner@brand.test',
    sessionId: 's',
    brandId: t.brandIds.owner,
    role: 'owner' as const,
    permissions: ['campaign:launch' as const],
  };
  queries = [];
  recording = true;
  const data = await loadFormData({ db: t.database.db, actor, campaignId });
  recording = false;
  return { count: queries.length, data: ZFormData.parse(data) };
}

describe('builder load', () => {
  it('runs the same fixed number of queries for 1 and for 20 missions and rewards (no N+1)', async () => {
    const small = await countQueries(await campaignWith(1));
    const large = await countQueries(await campaignWith(20));
    expect(small.data.missions).toHaveLength(1);
    expect(large.data.missions).toHaveLength(20);
    expect(large.data.rewards).toHaveLength(20);
    expect(large.count).toBe(small.count);
    expect(large.count).toBeLessThanOrEqual(8);
  });
});
