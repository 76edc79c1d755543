import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZFormData, type TFormData } from '@rally/domain';
import { campaigns, missions, rewardCodes } from '../../db/schema/index.js';
import { REVISION_POLL_MS } from '../../lib/revision-watch.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
let brand: string;
let owner: string;
let queries: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ onQuery: (q) => queries.push(q) });
  f = factories(t.database.db);
  brand = t.brandIds.owner;
  owner = await t.signIn('owner@brand.test');
});
afterAll(() => t.close());

const load = async (id: number) => {
  queries = [];
  const res = await t.app.inject({ method: 'GET', url: `/api/v3/bundle/${id}/form-data`, headers: { cookie: owner } });
  return { status: res.statusCode, data: res.statusCode === 200 ? ZFormData.parse(res.json()) : undefined, statements: queries.length };
};
/** Until the builder answers from memory: a comparison that started after the entry was stored has checked it. */
const servedFromMemory = async (id: number) =>
  vi.waitFor(async () => expect((await load(id)).statements).toBe(0), { timeout: 20 * REVISION_POLL_MS, interval: REVISION_POLL_MS });
/** Until another client's change shows. */
const shows = (id: number, check: (data: TFormData | undefined, status: number) => void) =>
  vi.waitFor(
    async () => {
      const { data, status } = await load(id);
      check(data, status);
    },
    { timeout: 20 * REVISION_POLL_MS, interval: 10 },
  );

describe('cached builder form-data', () => {
  it('is served without a query once a revision comparison has checked it', async () => {
    const c = await f.campaign(brand, { name: 'Held' });
    expect((await load(c.id)).statements).toBeGreaterThan(0);
    await servedFromMemory(c.id);
    expect((await load(c.id)).data?.campaign.name).toBe('Held');
  });

  it('shows changes other clients commit to the campaign, a mission it uses or a reward’s codes, and its deletion', async () => {
    const c = await f.campaign(brand, { type: 'learning', name: 'Before' });
    const m = await f.mission(brand, { type: 'learning', title: 'Old title' }, 1);
    await f.campaignMission(brand, c.id, m.id, { passingGrade: 1 });
    const r = await f.reward(brand, c.id, { type: 'discount' });
    await servedFromMemory(c.id);

    await t.database.db.update(campaigns).set({ name: 'Renamed elsewhere' }).where(eq(campaigns.id, c.id));
    await shows(c.id, (data) => expect(data?.campaign.name).toBe('Renamed elsewhere'));
    await servedFromMemory(c.id);
    await t.database.db.update(missions).set({ title: 'Edited in the library' }).where(eq(missions.id, m.id));
    await shows(c.id, (data) => expect(data?.missions[0]?.mission.title).toBe('Edited in the library'));
    await servedFromMemory(c.id);
    await t.database.db.insert(rewardCodes).values({ brandId: brand, rewardId: r.id, code: '0001' });
    await shows(c.id, (data) => expect(data?.rewards[0]).toMatchObject({ totalCodes: 1 }));
    await servedFromMemory(c.id);
    await t.database.db.delete(campaigns).where(eq(campaigns.id, c.id));
    await shows(c.id, (_data, status) => expect(status).toBe(404));
  });

  it('asks the database again after this process answers a write, until a comparison has seen it', async () => {
    const c = await f.campaign(brand, { name: 'Typing' });
    await servedFromMemory(c.id);
    const saved = await t.app.inject({ method: 'POST', url: `/api/v3/bundle/${c.id}`, headers: { cookie: owner }, payload: { version: 1, name: 'Typed' } });
    expect(saved.statusCode).toBe(200);
    const next = await load(c.id);
    expect(next.data?.campaign).toMatchObject({ name: 'Typed', version: 2 });
    expect(next.statements).toBeGreaterThan(0);
    await servedFromMemory(c.id);
  });
});
