import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REWARD_MESSAGES, ZErrorBody, ZRewardRead } from '@rally/domain';
import { brands, campaigns, missionItems, rewardCodes } from '../../db/schema/index.js';
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

const save = (payload: object, cookie = owner) =>
  t.app.inject({ method: 'POST', url: '/api/reward/write/save-reward', headers: { cookie }, payload });
const paths = (res: { json(): unknown }) => ZErrorBody.parse(res.json()).error.fields.map((x) => x.path);

async function campaignWithMission(type: 'general' | 'learning' | 'consumer' | 'contest' = 'general', subtype: 'standard' | 'itemSold' = 'standard') {
  const c = await f.campaign(brand, { type });
  const m = await f.mission(brand, { type, subtype });
  await f.campaignMission(brand, c.id, m.id);
  return { c, m };
}

const discount = { type: 'discount', title: 'Ten off', description: 'Any drink', percentageDiscount: 10, linkToShop: 'https://shop.example.com', finePrint: 'One a visit', uploadedCodes: { codes: ['0001', '0002', ' 0002 '] } };
const prize = { type: 'prize', title: 'Headphones', description: 'Wireless', value: 9_900, totalAvailable: 3, imageUrl: '/api/media/file/x', noFinePrint: true };

describe('save-reward', () => {
  it('saves one valid reward of each type and lists them prize and money first', async () => {
    const { c } = await campaignWithMission();
    const bodies = [
      discount,
      { ...discount, type: 'free_product', percentageDiscount: undefined, title: 'Free can', uploadedCodes: { codes: ['A1'] } },
      { ...discount, type: 'gift_card', percentageDiscount: undefined, title: 'Gift card', amount: 2_500, uploadedCodes: { codes: ['G1'] } },
      { type: 'money', amount: 500, budget: 10_000 },
      prize,
    ];
    for (const body of bodies) {
      const res = await save({ ...body, bundleId: c.id });
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
    }
    const list = (await t.app.inject({ method: 'GET', url: `/api/reward/read/bundle-rewards?bundleId=${c.id}`, headers: { cookie: owner } })).json() as { items: unknown[] };
    const items = list.items.map((i) => ZRewardRead.parse(i));
    expect(items.map((i) => i.type)).toEqual(['prize', 'money', 'discount', 'free_product', 'gift_card']);
    const d = items.find((i) => i.type === 'discount')!;
    expect(d).toMatchObject({ totalCodes: 2, availableCodes: 2, unlockedCodes: 0 });
    const codes = await t.database.db.select({ code: rewardCodes.code }).from(rewardCodes).where(eq(rewardCodes.rewardId, d.id));
    expect(codes.map((x) => x.code).sort()).toEqual(['0001', '0002']);
    expect(items.find((i) => i.type === 'money')).toMatchObject({ amount: 500, budget: 10_000, isUnlimited: true, completionsToUnlock: 1 });
  });

  it.each([
    ['a title of 81 characters', { ...discount, title: 'x'.repeat(81) }, ['title']],
    ['no percentage', { ...discount, percentageDiscount: 0 }, ['percentageDiscount']],
    ['an invalid link', { ...discount, linkToShop: 'shop' }, ['linkToShop']],
    ['no codes', { ...discount, uploadedCodes: { codes: [] } }, ['uploadedCodes']],
    ['no fine print', { ...discount, finePrint: '' }, ['finePrint']],
    ['a prize without image', { ...prize, imageUrl: null }, ['imageUrl']],
    ['a prize of value 0 and none available', { ...prize, value: 0, totalAvailable: 0 }, ['value', 'totalAvailable']],
    ['a money reward without amount', { type: 'money', amount: 0, budget: 100 }, ['amount']],
    ['a gift card of 0', { ...discount, type: 'gift_card', percentageDiscount: undefined, amount: 0 }, ['amount']],
  ])('refuses %s with 400 naming the field', async (_label, body, expected) => {
    const { c } = await campaignWithMission();
    const res = await save({ ...body, bundleId: c.id });
    expect(res.statusCode).toBe(400);
    expect(paths(res)).toEqual(expected);
  });

  it('needs a budget of at least the amount on prepaid, and accepts it on postpaid', async () => {
    const { c } = await campaignWithMission();
    const low = await save({ type: 'money', amount: 5_000, budget: 1_000, bundleId: c.id });
    expect(low.statusCode).toBe(400);
    expect(ZErrorBody.parse(low.json()).error.fields).toEqual([{ path: 'budget', message: REWARD_MESSAGES.budgetValid2 }]);
    await t.database.db.update(brands).set({ paymentPlan: 'postpaid' }).where(eq(brands.id, brand));
    try {
      expect((await save({ type: 'money', amount: 5_000, budget: 1_000, bundleId: c.id })).statusCode).toBe(200);
    } finally {
      await t.database.db.update(brands).set({ paymentPlan: 'prepaid' }).where(eq(brands.id, brand));
    }
  });

  it('needs a mission for mission scope and clears it for campaign scope', async () => {
    const { c, m } = await campaignWithMission('learning');
    const missing = await save({ ...prize, bundleId: c.id, scope: 'mission' });
    expect(missing.statusCode).toBe(400);
    expect(ZErrorBody.parse(missing.json()).error.fields).toEqual([{ path: 'missionId', message: 'select mission to continue' }]);
    const ok = ZRewardRead.parse((await save({ ...prize, bundleId: c.id, scope: 'campaign', missionId: m.id })).json());
    expect(ok).toMatchObject({ scope: 'campaign', missionId: null, mission: null });
  });

  it('saves a mission-scoped reward in a learning campaign and reads back its mission', async () => {
    const { c, m } = await campaignWithMission('learning');
    const second = await f.mission(brand, { type: 'learning', title: 'Cold brew 101' });
    await f.campaignMission(brand, c.id, second.id, { order: 1 });
    const res = await save({ ...prize, bundleId: c.id, scope: 'mission', missionId: second.id });
    expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
    expect(ZRewardRead.parse(res.json())).toMatchObject({ scope: 'mission', missionId: second.id, mission: { name: 'Cold brew 101' } });
    // Re-scoping it to the campaign drops the mission.
    const id = ZRewardRead.parse(res.json()).id;
    const back = ZRewardRead.parse((await save({ ...prize, id, bundleId: c.id, scope: 'campaign', missionId: m.id })).json());
    expect(back).toMatchObject({ id, scope: 'campaign', missionId: null });
  });

  it("refuses a mission that is not one of the campaign's, and mission scope outside learning campaigns", async () => {
    const { c } = await campaignWithMission('learning');
    const elsewhere = await campaignWithMission('learning');
    const foreign = await save({ ...prize, bundleId: c.id, scope: 'mission', missionId: elsewhere.m.id });
    expect(foreign.statusCode).toBe(400);
    expect(ZErrorBody.parse(foreign.json()).error.fields).toEqual([{ path: 'missionId', message: 'select mission to continue' }]);

    const general = await campaignWithMission('general');
    const res = await save({ ...prize, bundleId: general.c.id, scope: 'mission', missionId: general.m.id });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields).toEqual([{ path: 'scope', message: 'campaign scope only' }]);
  });

  it('takes one reward in a consumer campaign and none before a mission exists', async () => {
    const { c } = await campaignWithMission('consumer');
    expect((await save({ ...prize, bundleId: c.id })).statusCode).toBe(200);
    expect((await save({ ...prize, bundleId: c.id })).statusCode).toBe(409);
    const empty = await f.campaign(brand);
    expect((await save({ ...prize, bundleId: empty.id })).statusCode).toBe(409);
  });

  it('saves a learning reward with no assignment (the step is optional)', async () => {
    const { c } = await campaignWithMission('learning');
    const res = await save({ ...discount, type: 'gift_card', percentageDiscount: undefined, amount: 1_000, bundleId: c.id });
    expect(res.statusCode).toBe(200);
    expect(ZRewardRead.parse(res.json()).assignment).toBeNull();
  });

  it('accepts amountTrashold for amountThreshold and refuses items already assigned to another reward', async () => {
    const { c, m } = await campaignWithMission('learning', 'itemSold');
    const [item] = await t.database.db
      .insert(missionItems)
      .values({ brandId: brand, missionId: m.id, kind: 'option', title: 'Lemon 330ml', data: {} })
      .returning();
    const sales = ZRewardRead.parse(
      (await save({ ...discount, bundleId: c.id, assignment: { type: 'salesAmount', amountTrashold: 50_000, amountThresholdType: 'accumulated' } })).json(),
    );
    expect(sales.assignment).toEqual({ type: 'salesAmount', itemsId: [], amountThreshold: 50_000, amountThresholdType: 'accumulated' });
    const first = await save({ ...discount, bundleId: c.id, title: 'Lemon bonus', assignment: { type: 'itemSold', itemsId: [item!.id] } });
    expect(first.statusCode).toBe(200);
    const second = await save({ ...discount, bundleId: c.id, title: 'Again', assignment: { type: 'itemSold', itemsId: [item!.id] } });
    expect(second.statusCode).toBe(400);
    expect(ZErrorBody.parse(second.json()).error.fields[0]?.message).toContain('Lemon bonus');
  });

  it('sets unlimited as max one per user and clears fine print with no-fine-print', async () => {
    const { c } = await campaignWithMission();
    const res = ZRewardRead.parse(
      (await save({ ...discount, bundleId: c.id, isUnlimited: true, maxPerUser: 9, noFinePrint: true, finePrint: 'ignored' })).json(),
    );
    expect(res).toMatchObject({ isUnlimited: true, maxPerUser: 1, noFinePrint: true, finePrint: null });
  });

  it("answers 404 for another brand's campaign or reward, and changes nothing", async () => {
    const c = await f.campaign(t.brandIds.retailer);
    const r = await f.reward(t.brandIds.retailer, c.id);
    expect((await save({ ...prize, bundleId: c.id })).statusCode).toBe(404);
    const { c: mine } = await campaignWithMission();
    expect((await save({ ...prize, bundleId: mine.id, id: r.id })).statusCode).toBe(404);
    const read = await t.app.inject({ method: 'GET', url: `/api/reward/read/bundle-rewards?bundleId=${c.id}`, headers: { cookie: owner } });
    expect(read.statusCode).toBe(404);
  });
});

describe('update-end-date', () => {
  it('sets a code reward expiry, not before the campaign end date', async () => {
    const end = new Date(Date.UTC(2027, 0, 31));
    const { c } = await campaignWithMission();
    await t.database.db.update(campaigns).set({ endDate: end }).where(eq(campaigns.id, c.id));
    const d = ZRewardRead.parse((await save({ ...discount, bundleId: c.id })).json());
    const url = `/api/v3/bundle/${c.id}/reward/${d.id}/update-end-date`;
    const early = await t.app.inject({ method: 'POST', url, headers: { cookie: owner }, payload: { endDate: end.getTime() / 1000 - 86_400, timeZone: 'Europe/Madrid' } });
    expect(early.statusCode).toBe(400);
    expect(paths(early)).toEqual(['endDate']);
    const ok = await t.app.inject({ method: 'POST', url, headers: { cookie: owner }, payload: { endDate: end.getTime() / 1000 + 86_400, timeZone: 'Europe/Madrid' } });
    expect(ok.statusCode).toBe(200);
    expect(ZRewardRead.parse(ok.json()).endDate).toBe(end.getTime() / 1000 + 86_400);
    const badZone = await t.app.inject({ method: 'POST', url, headers: { cookie: owner }, payload: { endDate: end.getTime() / 1000, timeZone: 'Mars/Base' } });
    expect(paths(badZone)).toEqual(['timeZone']);
  });
});
