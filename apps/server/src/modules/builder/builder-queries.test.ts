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

describe('name autosave', () => {
  it('reads the campaign once: the next save, on the version the last one returned, is a single statement', async () => {
    const f = factories(t.database.db);
    const c = await f.campaign(t.brandIds.owner, { name: 'Typing' });
    const cookie = await t.signIn('owner@brand.test');
    // The first request records the session's brand and the second caches the session; only the saves are counted.
    for (let i = 0; i < 2; i++) await t.app.inject({ method: 'GET', url: `/api/v3/bundle/${c.id}/form-data`, headers: { cookie } });
    const save = async (version: number, name: string) => {
      queries = [];
      recording = true;
      const res = await t.app.inject({ method: 'POST', url: `/api/v3/bundle/${c.id}`, headers: { cookie }, payload: { version, name } });
      recording = false;
      expect(res.statusCode).toBe(200);
      return { version: (res.json() as { campaign: { version: number } }).campaign.version, statements: queries.length };
    };
    const first = await save(1, 'Typing a');
    const second = await save(first.version, 'Typing ab');
    const third = await save(second.version, 'Typing abc');
    expect(first.statements).toBe(2);
    expect([second.statements, third.statements]).toEqual([1, 1]);
  });
});

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
