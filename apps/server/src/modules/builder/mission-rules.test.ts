import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZErrorBody, ZMission } from '@rally/domain';
import { campaignMissions, missions } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let owner: string;
let f: ReturnType<typeof factories>;
let brand: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('owner@brand.test');
  f = factories(t.database.db);
  brand = t.brandIds.owner;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: { cookie: owner }, payload: payload as object });
const fieldsOf = (res: { json: () => unknown }) => ZErrorBody.parse(res.json()).error.fields;

const contest = {
  type: 'user',
  displayLeaderboard: true,
  rankLeadersBasedOn: 'numbers_submissions',
  displayLeadersByUserInfo: true,
  displayLeadersByStoreInfo: false,
  displayLeadersByNumberSubmissions: true,
  displayLeadersByTotalSalesAmount: false,
  rulesAndRegulations: { useCustom: false, customUrl: '' },
};

async function contestCampaign() {
  const c = await f.campaign(brand, { type: 'contest' });
  const m = await f.mission(brand, { type: 'contest' });
  return { c, m };
}

describe('contest settings the spec forbids are refused by the server', () => {
  it('refuses display flags on while the leaderboard is off, naming each flag, and stores nothing', async () => {
    const { c, m } = await contestCampaign();
    const res = await post(`/api/v3/bundle/${c.id}/mission`, { missionId: m.id, contest: { ...contest, displayLeaderboard: false } });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).map((x) => x.path)).toEqual(['contest.displayLeadersByUserInfo', 'contest.displayLeadersByNumberSubmissions']);
    expect(await t.database.db.select().from(campaignMissions).where(eq(campaignMissions.campaignId, c.id))).toHaveLength(0);
  });

  it('accepts the leaderboard off with every display flag off', async () => {
    const { c, m } = await contestCampaign();
    const off = { ...contest, displayLeaderboard: false, displayLeadersByUserInfo: false, displayLeadersByNumberSubmissions: false };
    const res = await post(`/api/v3/bundle/${c.id}/mission`, { missionId: m.id, contest: off });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a store contest whose leaderboard hides store info', async () => {
    const { c, m } = await contestCampaign();
    const res = await post(`/api/v3/bundle/${c.id}/mission`, { missionId: m.id, contest: { ...contest, type: 'store' } });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).map((x) => x.path)).toEqual(['contest.displayLeadersByStoreInfo']);
    const ok = await post(`/api/v3/bundle/${c.id}/mission`, { missionId: m.id, contest: { ...contest, type: 'store', displayLeadersByStoreInfo: true } });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses custom rules with an empty URL on update too, keeping the stored settings', async () => {
    const { c, m } = await contestCampaign();
    const added = await post(`/api/v3/bundle/${c.id}/mission`, { missionId: m.id, contest });
    expect(added.statusCode).toBe(201);
    const [entry] = await t.database.db.select().from(campaignMissions).where(eq(campaignMissions.campaignId, c.id));
    const res = await post(`/api/v3/bundle/${c.id}/mission/${entry!.id}/update`, {
      contest: { ...contest, rulesAndRegulations: { useCustom: true, customUrl: '   ' } },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([{ path: 'contest.rulesAndRegulations.customUrl', message: 'please enter information' }]);
    const [after] = await t.database.db.select().from(campaignMissions).where(eq(campaignMissions.id, entry!.id));
    expect(after!.contest).toEqual(contest);
  });
});

describe('itemSold only on mission types that sell items', () => {
  it.each(['general', 'consumer'] as const)('refuses creating an itemSold %s mission, naming subtype', async (type) => {
    const res = await post('/api/v3/mission', { title: 'Sold', type, subtype: 'itemSold' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).map((x) => x.path)).toEqual(['subtype']);
  });

  it.each(['contest', 'learning'] as const)('creates an itemSold %s mission', async (type) => {
    const res = await post('/api/v3/mission', { title: 'Sold', type, subtype: 'itemSold' });
    expect(res.statusCode).toBe(201);
    expect(ZMission.parse(res.json()).subtype).toBe('itemSold');
  });

  it('refuses turning a general mission into itemSold, and an itemSold contest mission into a general one', async () => {
    const general = await f.mission(brand, { type: 'general' });
    const toSold = await post(`/api/v3/mission/${general.id}/update`, { subtype: 'itemSold' });
    expect(toSold.statusCode).toBe(400);
    expect(fieldsOf(toSold).map((x) => x.path)).toEqual(['subtype']);
    const sold = await f.mission(brand, { type: 'contest', subtype: 'itemSold' });
    const toGeneral = await post(`/api/v3/mission/${sold.id}/update`, { type: 'general' });
    expect(toGeneral.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(missions).where(eq(missions.id, sold.id));
    expect(row).toMatchObject({ type: 'contest', subtype: 'itemSold' });
  });
});
