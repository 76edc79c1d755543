import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { LAUNCH_MESSAGES, ZCampaign, ZErrorBody, ZRewardRead, type TLaunchFormInput } from '@rally/domain';
import { campaignMissions, campaignPartners, campaigns, rewardCodes, rewards } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let owner: string;
let retailer: string;
let f: ReturnType<typeof factories>;
let brand: string;

const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('owner@brand.test');
  retailer = await t.signIn('retailer@retail.test');
  f = factories(t.database.db);
  brand = t.brandIds.owner;
});
afterAll(() => t.close());

const put = (id: number, payload: Partial<TLaunchFormInput>) =>
  t.app.inject({ method: 'PUT', url: `/api/campaign/${id}/status`, headers: { cookie: owner }, payload: { bundleId: id, ...payload } });
const post = (url: string, payload: object, cookie = owner) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const fieldsOf = (res: { json(): unknown }) => ZErrorBody.parse(res.json()).error.fields;
const statusOf = async (id: number) => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!.status;

const launch = (end = nowSeconds() + 10 * DAY): Partial<TLaunchFormInput> => ({ action: 'launch', endDate: end, scope: 'all', finishCriteria: ['days_over'] });
const schedule = (): Partial<TLaunchFormInput> => ({
  action: 'schedule',
  startDate: nowSeconds() + DAY,
  endDate: nowSeconds() + 10 * DAY,
  scope: 'all',
  finishCriteria: ['days_over'],
});

/** A complete campaign with one code reward expiring well after the campaign ends; `codes` unissued codes. */
async function withCodeReward(type: 'discount' | 'free_product' | 'gift_card', codes: number) {
  const c = await f.campaign(brand, { name: 'Codes', completionProgress: 100 });
  const m = await f.mission(brand, { type: 'general' });
  await f.campaignMission(brand, c.id, m.id);
  const r = await f.reward(brand, c.id, {
    type,
    title: `${type} reward`,
    percentageDiscount: type === 'discount' ? 10 : null,
    amountCents: type === 'gift_card' ? 2_500 : null,
    endDate: new Date((nowSeconds() + 60 * DAY) * 1000),
  });
  if (codes > 0) await f.codes(brand, r.id, codes);
  return { c, r };
}

describe('a code reward without codes cannot go live', () => {
  it.each(['discount', 'free_product', 'gift_card'] as const)('launch refuses a %s with no codes, naming the reward', async (type) => {
    const { c, r } = await withCodeReward(type, 0);
    const res = await put(c.id, launch());
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([{ path: `rewards.${r.id}`, message: LAUNCH_MESSAGES.rewardWithoutCodes }]);
    expect(await statusOf(c.id)).toBe('draft');
  });

  it('schedule refuses it too, and both pass once the reward has codes', async () => {
    const { c, r } = await withCodeReward('discount', 0);
    const refused = await put(c.id, schedule());
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused).map((x) => x.path)).toEqual([`rewards.${r.id}`]);
    await f.codes(brand, r.id, 2);
    const ok = await put(c.id, schedule());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await statusOf(c.id)).toBe('scheduled');
  });

  it('counts only codes nobody received yet', async () => {
    const { c, r } = await withCodeReward('gift_card', 1);
    await t.database.db.update(rewardCodes).set({ issuedAt: new Date() }).where(eq(rewardCodes.rewardId, r.id));
    const res = await put(c.id, launch());
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).map((x) => x.path)).toEqual([`rewards.${r.id}`]);
  });
});

describe('filledByPartners only on a shared campaign with partners', () => {
  const partnerDiscount = { type: 'discount', title: 'Partner off', description: 'Supplied by a partner', isShared: true, filledByPartners: true };

  it('does not excuse codes (or anything) on a campaign that is not shared', async () => {
    const c = await f.campaign(brand, { type: 'general' });
    const m = await f.mission(brand, { type: 'general' });
    await f.campaignMission(brand, c.id, m.id);
    const res = await post('/api/reward/write/save-reward', { ...partnerDiscount, bundleId: c.id });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).map((x) => x.path)).toContain('uploadedCodes');
    expect(await t.database.db.select().from(rewards).where(eq(rewards.campaignId, c.id))).toHaveLength(0);
  });

  it('does not excuse codes on a shared campaign with no partners, and is stored only where it means something', async () => {
    const c = await f.campaign(t.brandIds.retailer, { type: 'contest', sharedCampaign: true });
    const m = await f.mission(t.brandIds.retailer, { type: 'contest' });
    await f.campaignMission(t.brandIds.retailer, c.id, m.id);
    const refused = await post('/api/reward/write/save-reward', { ...partnerDiscount, bundleId: c.id }, retailer);
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused).map((x) => x.path)).toContain('uploadedCodes');

    await f.partner(t.brandIds.retailer, c.id, t.brandIds.partner, { inviteStatus: 'ACCEPTED' });
    const ok = await post('/api/reward/write/save-reward', { ...partnerDiscount, bundleId: c.id }, retailer);
    expect(ok.statusCode, ok.body).toBe(200);
    const saved = ZRewardRead.parse(ok.json());
    const [row] = await t.database.db.select().from(rewards).where(eq(rewards.id, saved.id));
    expect(row!.filledByPartners).toBe(true);
  });
});

describe('duplicate', () => {
  it('copies no codes, issued or not — a code is given once — and recomputes progress', async () => {
    const { c, r } = await withCodeReward('discount', 3);
    // The source claims 100 % but has lost its mission: the copy's progress comes from what it holds.
    await t.database.db.delete(campaignMissions).where(eq(campaignMissions.campaignId, c.id));
    const [first] = await t.database.db.select().from(rewardCodes).where(eq(rewardCodes.rewardId, r.id)).limit(1);
    await t.database.db.update(rewardCodes).set({ issuedAt: new Date() }).where(eq(rewardCodes.id, first!.id));
    const res = await t.app.inject({ method: 'POST', url: `/api/campaign/${c.id}/duplicate`, headers: { cookie: owner } });
    expect(res.statusCode).toBe(201);
    const copy = ZCampaign.parse(res.json());
    const [copied] = await t.database.db.select().from(rewards).where(eq(rewards.campaignId, copy.id));
    expect(await t.database.db.select().from(rewardCodes).where(eq(rewardCodes.rewardId, copied!.id))).toEqual([]);
    // The source keeps its own: the one given out and the two nobody received.
    expect(await t.database.db.select().from(rewardCodes).where(and(eq(rewardCodes.rewardId, r.id), isNull(rewardCodes.issuedAt)))).toHaveLength(2);
    // Progress recomputed: a name and a reward, no mission.
    expect(copy.completionProgress).toBeLessThan(100);
  });

  it('refuses to launch a copy whose code reward has no codes of its own yet, naming the reward', async () => {
    const { c } = await withCodeReward('free_product', 1);
    const copy = ZCampaign.parse((await t.app.inject({ method: 'POST', url: `/api/campaign/${c.id}/duplicate`, headers: { cookie: owner } })).json());
    const [copied] = await t.database.db.select().from(rewards).where(eq(rewards.campaignId, copy.id));
    // Force the copy complete and give the reward an expiry, so only the codes stand in the way.
    await t.database.db.update(campaigns).set({ completionProgress: 100 }).where(eq(campaigns.id, copy.id));
    await t.database.db.update(rewards).set({ endDate: new Date((nowSeconds() + 60 * DAY) * 1000) }).where(eq(rewards.id, copied!.id));
    const res = await put(copy.id, launch());
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).map((x) => x.path)).toEqual([`rewards.${copied!.id}`]);
  });

  it('keeps filledByPartners on the copy, whose partner is copied as one to invite (issue 29: duplicate copies the design)', async () => {
    const c = await f.campaign(t.brandIds.retailer, { type: 'contest', sharedCampaign: true });
    await f.partner(t.brandIds.retailer, c.id, t.brandIds.partner, { inviteStatus: 'ACCEPTED' });
    await f.reward(t.brandIds.retailer, c.id, { type: 'discount', isShared: true, filledByPartners: true });
    const res = await t.app.inject({ method: 'POST', url: `/api/campaign/${c.id}/duplicate`, headers: { cookie: retailer } });
    const copy = ZCampaign.parse(res.json());
    const [copied] = await t.database.db.select().from(rewards).where(eq(rewards.campaignId, copy.id));
    expect(copied!.filledByPartners).toBe(true);
    const partners = await t.database.db.select().from(campaignPartners).where(eq(campaignPartners.campaignId, copy.id));
    expect(partners.map((p) => [p.partnerBrandId, p.inviteStatus ?? null])).toEqual([[t.brandIds.partner, null]]);
  });
});

describe('reward expiry (spec §5) on the server', () => {
  it('launch refuses codes that expired in 1970', async () => {
    const { c, r } = await withCodeReward('discount', 2);
    await t.database.db.update(rewards).set({ endDate: new Date(0) }).where(eq(rewards.id, r.id));
    const res = await put(c.id, launch());
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([{ path: `rewards.${r.id}.endDate`, message: LAUNCH_MESSAGES.rewardEndInPast }]);
  });

  it('launch refuses codes that expire before the campaign ends', async () => {
    const { c, r } = await withCodeReward('gift_card', 2);
    const res = await put(c.id, launch(nowSeconds() + 90 * DAY));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([{ path: `rewards.${r.id}.endDate`, message: LAUNCH_MESSAGES.rewardEndBeforeCampaignEnd }]);
  });

  it('update-end-date refuses a past date even when the campaign has no end date', async () => {
    const { c, r } = await withCodeReward('discount', 1);
    const url = `/api/v3/bundle/${c.id}/reward/${r.id}/update-end-date`;
    const past = await post(url, { endDate: nowSeconds() - DAY, timeZone: 'UTC' });
    expect(past.statusCode).toBe(400);
    expect(fieldsOf(past)).toEqual([{ path: 'endDate', message: LAUNCH_MESSAGES.rewardEndInPast }]);
    const epoch = await post(url, { endDate: 0, timeZone: 'UTC' });
    expect(epoch.statusCode).toBe(400);
    const ok = await post(url, { endDate: nowSeconds() + DAY, timeZone: 'UTC' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('update-end-date refuses a date before the campaign end date', async () => {
    const { c, r } = await withCodeReward('discount', 1);
    const end = nowSeconds() + 30 * DAY;
    await t.database.db.update(campaigns).set({ endDate: new Date(end * 1000) }).where(eq(campaigns.id, c.id));
    const res = await post(`/api/v3/bundle/${c.id}/reward/${r.id}/update-end-date`, { endDate: end - DAY, timeZone: 'UTC' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([{ path: 'endDate', message: LAUNCH_MESSAGES.rewardEndBeforeCampaignEnd }]);
  });
});
