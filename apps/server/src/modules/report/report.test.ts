import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  ZCampaignReport,
  ZErrorBody,
  formatZoned,
  parseZoned,
  type TCampaignReport,
} from '@rally/domain';
import { completions, rewardUnlocks, storeUsers, stores } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
let owner: string;
let retailer: string;
let brand: string;
const queries: string[] = [];
let recording = false;

const DAY = 86_400;
const NY = 'America/New_York';
const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await createTestApp({ onQuery: (q) => recording && queries.push(q) });
  f = factories(t.database.db);
  owner = await t.signIn('owner@brand.test');
  retailer = await t.signIn('retailer@retail.test');
  brand = t.brandIds.owner;
});
afterAll(() => t.close());

const get = (url: string, cookie = owner) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, payload: object, cookie = owner) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

function report(res: Awaited<ReturnType<typeof get>>): TCampaignReport {
  expect(res.statusCode, res.body).toBe(200);
  return ZCampaignReport.parse(res.json());
}
const fieldsOf = (body: string) => ZErrorBody.parse(JSON.parse(body)).error.fields;

async function store(brandId: string, name: string) {
  const [row] = await t.database.db
    .insert(stores)
    .values({ brandId, name, countryCode: 'US', formattedAddress: `${name}, Main St`, status: 'approved' })
    .returning();
  return row!;
}
async function storeUser(brandId: string, storeId: number, name: string) {
  const [row] = await t.database.db.insert(storeUsers).values({ brandId, storeId, name }).returning();
  return row!;
}
async function completion(values: {
  campaignId: number;
  campaignMissionId: number;
  storeUserId: number;
  storeId: number;
  at: number;
}) {
  const [row] = await t.database.db
    .insert(completions)
    .values({ brandId: brand, ...values, createdAt: new Date(values.at * 1000) })
    .returning();
  return row!;
}
const at = (wall: string, timeZone: string) => {
  const parsed = parseZoned(wall, timeZone);
  if (!parsed.ok) throw new Error(`bad wall time ${wall}`);
  return parsed.epochSeconds;
};

/**
 * An active campaign run in New York with two missions and two rewards: at store A, Ann
 * completed mission 1 twice and Bob once; at store B, Cleo completed mission 2 once. Ann
 * unlocked the $4 money reward twice, Cleo the prize once.
 */
async function runningCampaign(over: Parameters<typeof f.campaign>[1] = {}) {
  const now = nowSeconds();
  const campaign = await f.campaign(brand, {
    name: 'Cooler check',
    status: 'active',
    startDate: new Date((now - 5 * DAY) * 1000),
    endDate: new Date((now + 10 * DAY) * 1000),
    timeZone: NY,
    ...over,
  });
  const m1 = await f.campaignMission(brand, campaign.id, (await f.mission(brand, { title: 'Cooler placement' })).id, {
    order: 0,
  });
  const m2 = await f.campaignMission(brand, campaign.id, (await f.mission(brand, { title: 'Price tags' })).id, {
    order: 1,
  });
  const money = await f.reward(brand, campaign.id, {
    type: 'money',
    title: '$4 per check',
    amountCents: 400,
    budgetCents: 10_000,
  });
  const prize = await f.reward(brand, campaign.id, { type: 'prize', title: 'Headphones' });
  const storeA = await store(brand, `Store A ${campaign.id}`);
  const storeB = await store(brand, `Store B ${campaign.id}`);
  const ann = await storeUser(brand, storeA.id, 'Ann');
  const bob = await storeUser(brand, storeA.id, 'Bob');
  const cleo = await storeUser(brand, storeB.id, 'Cleo');
  // Late evening in New York two days ago: already the next day in UTC.
  const twoDaysAgo = formatZoned(now - 2 * DAY, NY).slice(0, 10);
  const lateEvening = at(`${twoDaysAgo} 23:30`, NY);
  const c1 = await completion({
    campaignId: campaign.id,
    campaignMissionId: m1.id,
    storeUserId: ann.id,
    storeId: storeA.id,
    at: lateEvening,
  });
  const c2 = await completion({
    campaignId: campaign.id,
    campaignMissionId: m1.id,
    storeUserId: ann.id,
    storeId: storeA.id,
    at: now - DAY,
  });
  await completion({
    campaignId: campaign.id,
    campaignMissionId: m1.id,
    storeUserId: bob.id,
    storeId: storeA.id,
    at: now - DAY,
  });
  const c4 = await completion({
    campaignId: campaign.id,
    campaignMissionId: m2.id,
    storeUserId: cleo.id,
    storeId: storeB.id,
    at: now - 60,
  });
  await t.database.db.insert(rewardUnlocks).values([
    {
      brandId: brand,
      campaignId: campaign.id,
      rewardId: money.id,
      storeUserId: ann.id,
      completionId: c1.id,
      amountCents: 400,
    },
    {
      brandId: brand,
      campaignId: campaign.id,
      rewardId: money.id,
      storeUserId: ann.id,
      completionId: c2.id,
      amountCents: 400,
    },
    { brandId: brand, campaignId: campaign.id, rewardId: prize.id, storeUserId: cleo.id, completionId: c4.id },
  ]);
  return { campaign, m1, m2, money, prize, storeA, storeB, twoDaysAgo };
}

describe('GET /api/v3/bundle/{id}/report', () => {
  it('totals completions, distinct participants and stores, unlocks and money paid', async () => {
    const { campaign, m1, m2, money, prize } = await runningCampaign();
    const body = report(await get(`/api/v3/bundle/${campaign.id}/report`));

    expect(body.campaign).toMatchObject({ id: campaign.id, name: 'Cooler check', status: 'active', timeZone: NY });
    expect(body.totals).toEqual({
      completions: 4,
      participants: 3,
      storesActive: 2,
      rewardsUnlocked: 3,
      amountPaidCents: 800,
      pendingCompletions: 0,
      codesLeft: null,
      budgetLeftCents: 0,
    });
    expect(body.missions).toEqual([
      { campaignMissionId: m1.id, title: 'Cooler placement', completions: 3 },
      { campaignMissionId: m2.id, title: 'Price tags', completions: 1 },
    ]);
    expect(body.rewards).toEqual([
      { rewardId: money.id, type: 'money', title: '$4 per check', unlocked: 2, codesLeft: null, budgetLeftCents: 0 },
      { rewardId: prize.id, type: 'prize', title: 'Headphones', unlocked: 1, codesLeft: null, budgetLeftCents: null },
    ]);
  });

  it('counts each day in the campaign time zone, from the start day to today, days without completions included', async () => {
    const { campaign, twoDaysAgo } = await runningCampaign();
    const body = report(await get(`/api/v3/bundle/${campaign.id}/report`));

    const today = formatZoned(nowSeconds(), NY).slice(0, 10);
    const startDay = formatZoned(nowSeconds() - 5 * DAY, NY).slice(0, 10);
    expect(body.daily[0]?.date).toBe(startDay);
    expect(body.daily.at(-1)?.date).toBe(today);
    expect(body.daily.length).toBeGreaterThanOrEqual(5);
    expect(body.daily.reduce((sum, d) => sum + d.completions, 0)).toBe(4);
    // 23:30 in New York is filed under New York's date, not the UTC one.
    expect(body.daily.find((d) => d.date === twoDaysAgo)?.completions).toBeGreaterThanOrEqual(1);
    expect(body.daily.filter((d) => d.completions === 0).length).toBeGreaterThan(0);
  });

  it('shows only the last 30 days of a long campaign', async () => {
    const now = nowSeconds();
    const { campaign } = await runningCampaign({ startDate: new Date((now - 90 * DAY) * 1000) });
    const body = report(await get(`/api/v3/bundle/${campaign.id}/report`));
    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1)?.date).toBe(formatZoned(now, NY).slice(0, 10));
  });

  it('narrows every figure to the store named by storeKey', async () => {
    const { campaign, m1, m2, storeA, storeB } = await runningCampaign();

    const atA = report(await get(`/api/v3/bundle/${campaign.id}/report?storeKey=${storeA.id}`));
    expect(atA.totals).toEqual({
      completions: 3,
      participants: 2,
      storesActive: 1,
      rewardsUnlocked: 2,
      amountPaidCents: 800,
      pendingCompletions: 0,
      codesLeft: null,
      budgetLeftCents: 0,
    });
    expect(atA.missions.map((m) => [m.campaignMissionId, m.completions])).toEqual([
      [m1.id, 3],
      [m2.id, 0],
    ]);
    expect(atA.rewards.map((r) => r.unlocked)).toEqual([2, 0]);
    expect(atA.daily.reduce((sum, d) => sum + d.completions, 0)).toBe(3);

    const atB = report(await get(`/api/v3/bundle/${campaign.id}/report?storeKey=${storeB.id}`));
    expect(atB.totals).toEqual({
      completions: 1,
      participants: 1,
      storesActive: 1,
      rewardsUnlocked: 1,
      amountPaidCents: 0,
      pendingCompletions: 0,
      codesLeft: null,
      budgetLeftCents: 0,
    });
  });

  it('refuses a storeKey that is not a store of the brand, naming storeKey', async () => {
    const { campaign } = await runningCampaign();
    const elsewhere = await store(t.brandIds.retailer, 'Metro Mart downtown');
    for (const storeKey of [String(elsewhere.id), '2147483000', 'abc']) {
      const res = await get(`/api/v3/bundle/${campaign.id}/report?storeKey=${storeKey}`);
      expect(res.statusCode, `${storeKey}: ${res.body}`).toBe(400);
      expect(fieldsOf(res.body).map((x) => x.path)).toEqual(['storeKey']);
    }
  });

  it('reports a draft without completions: every mission and reward at zero, no days', async () => {
    const draft = await f.campaign(brand, { name: 'Not yet', status: 'draft' });
    const cm = await f.campaignMission(brand, draft.id, (await f.mission(brand, { title: 'Shelf check' })).id);
    const reward = await f.reward(brand, draft.id);
    const body = report(await get(`/api/v3/bundle/${draft.id}/report`));
    expect(body.campaign.status).toBe('draft');
    expect(body.totals).toEqual({
      completions: 0,
      participants: 0,
      storesActive: 0,
      rewardsUnlocked: 0,
      amountPaidCents: 0,
      pendingCompletions: 0,
      codesLeft: null,
      budgetLeftCents: null,
    });
    expect(body.missions).toEqual([{ campaignMissionId: cm.id, title: 'Shelf check', completions: 0 }]);
    expect(body.rewards).toEqual([{ rewardId: reward.id, type: 'prize', title: 'Headphones', unlocked: 0, codesLeft: null, budgetLeftCents: null }]);
    expect(body.daily).toEqual([]);
  });

  it('stops the daily series at the end of an ended campaign', async () => {
    const now = nowSeconds();
    const end = now - 3 * DAY;
    const { campaign } = await runningCampaign({
      status: 'ended',
      startDate: new Date((now - 10 * DAY) * 1000),
      endDate: new Date(end * 1000),
      endedAt: new Date(end * 1000),
    });
    const body = report(await get(`/api/v3/bundle/${campaign.id}/report`));
    expect(body.daily.at(-1)?.date).toBe(formatZoned(end, NY).slice(0, 10));
  });

  it('falls back to the default zone for a campaign whose stored zone is unknown', async () => {
    const { campaign } = await runningCampaign({ timeZone: 'Mars/Olympus_Mons' });
    const body = report(await get(`/api/v3/bundle/${campaign.id}/report`));
    expect(body.totals.completions).toBe(4);
    expect(body.daily.at(-1)?.date).toBe(formatZoned(nowSeconds(), DEFAULT_TIME_ZONE).slice(0, 10));
  });

  it("answers 404 for another brand's campaign and 401 without a session", async () => {
    const { campaign } = await runningCampaign();
    const res = await get(`/api/v3/bundle/${campaign.id}/report`, retailer);
    expect(res.statusCode).toBe(404);
    expect(ZErrorBody.parse(res.json()).error.code).toBe('NOT_FOUND');
    expect((await get(`/api/v3/bundle/${campaign.id}/report`, '')).statusCode).toBe(401);
    expect((await get('/api/v3/bundle/2147483000/report')).statusCode).toBe(404);
  });

  it('runs the same number of queries whatever the number of missions and rewards', async () => {
    const { campaign: small } = await runningCampaign();
    const { campaign: large } = await runningCampaign();
    for (let i = 0; i < 4; i++) {
      await f.campaignMission(brand, large.id, (await f.mission(brand, { title: `Extra ${i}` })).id, { order: 2 + i });
      await f.reward(brand, large.id, { title: `Extra prize ${i}` });
    }
    async function countQueries(id: number) {
      queries.length = 0;
      recording = true;
      report(await get(`/api/v3/bundle/${id}/report`));
      recording = false;
      return queries.length;
    }
    await countQueries(small.id); // warm the session cache
    const forSmall = await countQueries(small.id);
    expect(await countQueries(large.id)).toBe(forSmall);
    // The campaign, the two aggregates, and the session lookup at most.
    expect(forSmall).toBeLessThanOrEqual(4);
  });
});

describe('POST /api/completion/bundle/consumer-report', () => {
  it('returns the report of a consumer campaign', async () => {
    const { campaign } = await runningCampaign({ type: 'consumer' });
    const body = report(await post('/api/completion/bundle/consumer-report', { bundleId: campaign.id }));
    expect(body.campaign).toMatchObject({ id: campaign.id, type: 'consumer' });
    expect(body.totals.completions).toBe(4);
  });

  it('refuses a campaign that is not a consumer one, naming bundleId', async () => {
    const { campaign } = await runningCampaign();
    const res = await post('/api/completion/bundle/consumer-report', { bundleId: campaign.id });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)).toEqual([{ path: 'bundleId', message: 'not a consumer campaign' }]);
  });

  it("answers 404 for another brand's consumer campaign and 400 for a malformed body", async () => {
    const { campaign } = await runningCampaign({ type: 'consumer' });
    expect((await post('/api/completion/bundle/consumer-report', { bundleId: campaign.id }, retailer)).statusCode).toBe(
      404,
    );
    const bad = await post('/api/completion/bundle/consumer-report', { bundleId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.body).map((x) => x.path)).toEqual(['bundleId']);
  });
});
