import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZActivity, ZBuilderWriteResult, ZErrorBody, ZFormData, ZPauseDetails, ZRewardRead, ZRewardTypes, type TFormData } from '@rally/domain';
import { brands, campaignAudit, campaignMissions, campaignPartners, campaigns, missions, rewardCodes, walletLedger } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let owner: string;
let retailer: string;
let f: ReturnType<typeof factories>;
let brand: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('owner@brand.test');
  retailer = await t.signIn('retailer@retail.test');
  f = factories(t.database.db);
  brand = t.brandIds.owner;
});
afterAll(() => t.close());

const get = (url: string, cookie = owner) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, payload: unknown, cookie = owner) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });
const formData = async (id: number, cookie = owner) => ZFormData.parse((await get(`/api/v3/bundle/${id}/form-data`, cookie)).json());
const rowOf = async (id: number) => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;

describe('form-data', () => {
  it('loads campaign, missions in order, rewards prize and money first, progress and capabilities', async () => {
    const c = await f.campaign(brand, { name: 'Spring', type: 'learning' });
    const m1 = await f.mission(brand, { type: 'learning', title: 'Second' }, 2);
    const m2 = await f.mission(brand, { type: 'learning', title: 'First' }, 3);
    await f.campaignMission(brand, c.id, m1.id, { order: 1, passingGrade: 1 });
    await f.campaignMission(brand, c.id, m2.id, { order: 0, passingGrade: 2 });
    await f.reward(brand, c.id, { type: 'discount', title: 'Ten off', percentageDiscount: 10 });
    await f.reward(brand, c.id, { type: 'money', title: 'Cash', amountCents: 500, budgetCents: 10000 });
    await f.reward(brand, c.id, { type: 'prize' });
    const data = await formData(c.id);
    expect(data.mode).toBe('builder');
    expect(data.missions.map((m) => m.mission.title)).toEqual(['First', 'Second']);
    expect(data.missions[0]?.mission.itemCount).toBe(3);
    expect(data.rewards.map((r) => r.type)).toEqual(['prize', 'money', 'discount']);
    expect(data.progress.percent).toBe(100);
    expect(data.capabilities).toMatchObject({ canChangeType: true, canAddMission: true, canAddReward: true, canLaunch: true });
    expect(data.warnings).toEqual([]);
  });

  it('sends the same form-data gzipped to a client that accepts gzip, and plain otherwise', async () => {
    const c = await f.campaign(brand, { name: 'Zipped' });
    const plain = await get(`/api/v3/bundle/${c.id}/form-data`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await t.app.inject({
      method: 'GET',
      url: `/api/v3/bundle/${c.id}/form-data`,
      headers: { cookie: owner, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v3/bundle/${c.id}/form-data`,
      headers: { cookie: owner, 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('shows a learning warning when a mission has no reward', async () => {
    const c = await f.campaign(brand, { type: 'learning' });
    const m = await f.mission(brand, { type: 'learning' }, 1);
    await f.campaignMission(brand, c.id, m.id, { passingGrade: 1 });
    const data = await formData(c.id);
    expect(data.warnings).toContain('learning-missions-without-rewards');
    expect(data.progress.percent).toBe(67);
  });

  it('lets an invited partner open a shared campaign in view mode', async () => {
    const c = await f.campaign(t.brandIds.retailer, { type: 'contest', sharedCampaign: true, name: 'Shared' });
    await f.partner(t.brandIds.retailer, c.id, t.brandIds.partner, { inviteStatus: 'SENT' });
    const partner = await t.signIn('partner@partner.test');
    const data = await formData(c.id, partner);
    expect(data.mode).toBe('view');
    expect(data.owner.brandName).toBe('Metro Mart');
    expect(data.capabilities.canAddMission).toBe(false);
    expect(data.progress.steps.map((s) => s.step)).toEqual(['pendingRewards']);
  });

  it("answers 404 for another brand's campaign", async () => {
    const c = await f.campaign(t.brandIds.retailer);
    expect((await get(`/api/v3/bundle/${c.id}/form-data`)).statusCode).toBe(404);
  });

  // Another client's commit (here: statements on the test's own connection, as another server process
  // would write) reaches this app as a notification, delivered at commit; the app serves it from then on.
  const shows = async (id: number, check: (data: TFormData) => void) =>
    vi.waitFor(async () => check(await formData(id)), { timeout: 2_000, interval: 5 });

  it('shows library edits, reward codes and direct row changes made by other clients once they commit', async () => {
    const c = await f.campaign(brand, { type: 'learning', name: 'Fresh' });
    const m = await f.mission(brand, { type: 'learning', title: 'Old title' }, 1);
    await f.campaignMission(brand, c.id, m.id, { passingGrade: 1 });
    const r = await f.reward(brand, c.id, { type: 'discount', title: 'Codes' });
    expect((await formData(c.id)).missions[0]?.mission.title).toBe('Old title');
    await t.database.db.update(missions).set({ title: 'New title' }).where(eq(missions.id, m.id));
    await shows(c.id, (data) => expect(data.missions[0]?.mission.title).toBe('New title'));
    await t.database.db.insert(rewardCodes).values([
      { brandId: brand, rewardId: r.id, code: '0001' },
      { brandId: brand, rewardId: r.id, code: '0002' },
    ]);
    await shows(c.id, (data) => expect(data.rewards[0]).toMatchObject({ totalCodes: 2, availableCodes: 2 }));
    await t.database.db.update(campaigns).set({ name: 'Renamed elsewhere' }).where(eq(campaigns.id, c.id));
    await shows(c.id, (data) => expect(data.campaign.name).toBe('Renamed elsewhere'));
  });

  it('shows a save made through the API on the very next load, every time', async () => {
    const c = await f.campaign(brand, { name: 'Round 0' });
    let version = (await formData(c.id)).campaign.version;
    for (let round = 1; round <= 25; round += 1) {
      const saved = await post(`/api/v3/bundle/${c.id}`, { version, name: `Round ${round}` });
      expect(saved.statusCode).toBe(200);
      version = ZBuilderWriteResult.parse(saved.json()).campaign.version;
      const data = await formData(c.id);
      expect(data.campaign).toMatchObject({ name: `Round ${round}`, version });
    }
  });

  it('shows a mission removed through the API on the very next load', async () => {
    const c = await f.campaign(brand, { type: 'learning' });
    const m = await f.mission(brand, { type: 'learning' }, 1);
    const entry = await f.campaignMission(brand, c.id, m.id, { passingGrade: 1 });
    expect((await formData(c.id)).missions).toHaveLength(1);
    const removed = await post(`/api/v3/bundle/${c.id}/mission/${entry.id}/delete`, {});
    expect(removed.statusCode).toBe(200);
    expect((await formData(c.id)).missions).toHaveLength(0);
  });
});

describe('autosave of fields', () => {
  it('saves the name on the current version, bumps it and recomputes progress on the server', async () => {
    const c = await f.campaign(brand, { name: '' });
    const res = await post(`/api/v3/bundle/${c.id}`, { version: 1, name: 'Autumn push' });
    expect(res.statusCode).toBe(200);
    const { campaign } = ZBuilderWriteResult.parse(res.json());
    expect(campaign).toMatchObject({ name: 'Autumn push', version: 2, completionProgress: 33 });
  });

  it('rejects a 51-character name naming `name`, and keeps the saved one', async () => {
    const c = await f.campaign(brand, { name: 'Kept' });
    const res = await post(`/api/v3/bundle/${c.id}`, { version: 1, name: 'x'.repeat(51) });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields.map((x) => x.path)).toEqual(['name']);
    expect((await rowOf(c.id)).name).toBe('Kept');
  });

  it('rejects an unknown field', async () => {
    const c = await f.campaign(brand);
    const res = await post(`/api/v3/bundle/${c.id}`, { version: 1, completionProgress: 100 });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields).toEqual([{ path: 'completionProgress', message: 'unknown field' }]);
  });

  it('answers a stale version with 409 and changes nothing — two tabs never overwrite each other', async () => {
    const c = await f.campaign(brand, { name: 'Tab' });
    expect((await post(`/api/v3/bundle/${c.id}`, { version: 1, name: 'Tab one' })).statusCode).toBe(200);
    const stale = await post(`/api/v3/bundle/${c.id}`, { version: 1, name: 'Tab two' });
    expect(stale.statusCode).toBe(409);
    expect(ZErrorBody.parse(stale.json()).error.code).toBe('STALE_VERSION');
    expect((await rowOf(c.id)).name).toBe('Tab one');
  });

  it('recomputes progress from fresh facts when they changed between two saves of the name', async () => {
    const c = await f.campaign(brand, { type: 'learning', name: 'First' });
    const m = await f.mission(brand, { type: 'learning' }, 1);
    await t.database.db.update(missions).set({ isCompleteFill: false }).where(eq(missions.id, m.id));
    await f.campaignMission(brand, c.id, m.id, { passingGrade: 1 });
    const first = ZBuilderWriteResult.parse((await post(`/api/v3/bundle/${c.id}`, { version: 1, name: 'Second' })).json()).campaign;
    // Completed in the mission wizard (another request, maybe another process) before the next keystroke is saved.
    await t.database.db.update(missions).set({ isCompleteFill: true }).where(eq(missions.id, m.id));
    const next = await post(`/api/v3/bundle/${c.id}`, { version: first.version, name: 'Third' });
    expect(next.statusCode).toBe(200);
    const second = ZBuilderWriteResult.parse(next.json()).campaign;
    expect(second.completionProgress).toBeGreaterThan(first.completionProgress);
    expect((await rowOf(c.id)).completionProgress).toBe(second.completionProgress);
  });

  it('still answers 409 to a stale version after a run of saves', async () => {
    const c = await f.campaign(brand, { name: 'Typing' });
    let version = 1;
    for (const name of ['Typing a', 'Typing ab', 'Typing abc']) {
      version = ZBuilderWriteResult.parse((await post(`/api/v3/bundle/${c.id}`, { version, name })).json()).campaign.version;
    }
    expect((await post(`/api/v3/bundle/${c.id}`, { version: version - 1, name: 'Other tab' })).statusCode).toBe(409);
    await t.database.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, c.id));
    expect((await post(`/api/v3/bundle/${c.id}`, { version, name: 'After launch' })).statusCode).toBe(409);
    expect((await rowOf(c.id)).name).toBe('Typing abc');
  });

  it('lets exactly one of several simultaneous saves on one version win, with one audit entry', async () => {
    const c = await f.campaign(brand, { name: 'Race' });
    const results = await Promise.all(['A', 'B', 'C', 'D'].map((n) => post(`/api/v3/bundle/${c.id}`, { version: 1, name: `Tab ${n}` })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    const winner = ZBuilderWriteResult.parse(results.find((r) => r.statusCode === 200)!.json()).campaign;
    const row = await rowOf(c.id);
    expect(row.name).toBe(winner.name);
    expect(row.version).toBe(2);
    expect(winner.version).toBe(2);
    const audit = await t.database.db.select().from(campaignAudit).where(eq(campaignAudit.campaignId, c.id));
    expect(audit.map((a) => a.changes)).toEqual([expect.arrayContaining([{ field: 'name', old: 'Race', new: winner.name }])]);
  });

  it("answers 404 for another brand's campaign", async () => {
    const c = await f.campaign(t.brandIds.retailer);
    expect((await post(`/api/v3/bundle/${c.id}`, { version: 1, name: 'Mine now' })).statusCode).toBe(404);
    expect((await rowOf(c.id)).name).toBe('Test campaign');
  });

  it('needs confirmation to change the type of a campaign with missions, then deletes them', async () => {
    const c = await f.campaign(brand, { type: 'general' });
    const m = await f.mission(brand, { type: 'general' });
    await f.campaignMission(brand, c.id, m.id);
    const ask = await post(`/api/v3/bundle/${c.id}`, { version: 1, type: 'learning' });
    expect(ask.statusCode).toBe(409);
    expect(ZErrorBody.parse(ask.json()).error.code).toBe('TYPE_CHANGE_NEEDS_CONFIRMATION');
    expect(await t.database.db.select().from(campaignMissions).where(eq(campaignMissions.campaignId, c.id))).toHaveLength(1);
    const ok = await post(`/api/v3/bundle/${c.id}`, { version: 1, type: 'learning', confirmTypeChange: true });
    expect(ok.statusCode).toBe(200);
    expect(ZBuilderWriteResult.parse(ok.json()).campaign.type).toBe('learning');
    expect(await t.database.db.select().from(campaignMissions).where(eq(campaignMissions.campaignId, c.id))).toHaveLength(0);
  });

  it('refuses a type change once the campaign is scheduled', async () => {
    const c = await f.campaign(brand, { status: 'scheduled' });
    const res = await post(`/api/v3/bundle/${c.id}`, { version: 1, type: 'contest' });
    expect(res.statusCode).toBe(409);
  });

  it('forces sharedCampaign off for a non-contest and clears partners when sharing is turned off', async () => {
    const c = await f.campaign(t.brandIds.retailer, { type: 'contest', sharedCampaign: true });
    await f.partner(t.brandIds.retailer, c.id, t.brandIds.partner);
    const res = await post(`/api/v3/bundle/${c.id}`, { version: 1, type: 'general' }, retailer);
    expect(res.statusCode).toBe(200);
    expect(ZBuilderWriteResult.parse(res.json()).campaign.sharedCampaign).toBe(false);
    expect(await t.database.db.select().from(campaignPartners).where(eq(campaignPartners.campaignId, c.id))).toHaveLength(0);
  });

  it('refuses the shared switch to a brand that is not a retailer', async () => {
    const c = await f.campaign(brand, { type: 'contest' });
    const res = await post(`/api/v3/bundle/${c.id}`, { version: 1, sharedCampaign: true });
    expect(res.statusCode).toBe(403);
    expect(ZErrorBody.parse(res.json()).error.fields[0]?.path).toBe('sharedCampaign');
  });

  it('refuses edits to an ended campaign', async () => {
    const c = await f.campaign(brand, { status: 'ended' });
    expect((await post(`/api/v3/bundle/${c.id}`, { version: 1, name: 'Late' })).statusCode).toBe(409);
  });
});

describe('campaign missions', () => {
  it('adds a mission, then refuses a second one outside learning campaigns', async () => {
    const c = await f.campaign(brand, { type: 'general', name: 'One mission' });
    const m1 = await f.mission(brand);
    const m2 = await f.mission(brand);
    const added = await post(`/api/v3/bundle/${c.id}/mission`, { missionId: m1.id, maxEntriesPerUser: 3 });
    expect(added.statusCode).toBe(201);
    expect(ZBuilderWriteResult.parse(added.json()).campaign.completionProgress).toBe(67);
    const second = await post(`/api/v3/bundle/${c.id}/mission`, { missionId: m2.id });
    expect(second.statusCode).toBe(409);
    const list = (await get(`/api/v3/bundle/${c.id}/mission`)).json() as { items: { missionId: number; maxEntriesPerUser: number }[] };
    expect(list.items).toMatchObject([{ missionId: m1.id, maxEntriesPerUser: 3 }]);
  });

  it('refuses a mission of another type and a mission in use', async () => {
    const c = await f.campaign(brand, { type: 'general' });
    const contest = await f.mission(brand, { type: 'contest' });
    const inUse = await f.mission(brand, { status: 'pending_launch' });
    const wrong = await post(`/api/v3/bundle/${c.id}/mission`, { missionId: contest.id });
    expect(wrong.statusCode).toBe(400);
    expect(ZErrorBody.parse(wrong.json()).error.fields[0]?.path).toBe('missionId');
    expect((await post(`/api/v3/bundle/${c.id}/mission`, { missionId: inUse.id })).statusCode).toBe(409);
  });

  it("answers 404 for another brand's mission", async () => {
    const c = await f.campaign(brand);
    const foreign = await f.mission(t.brandIds.retailer);
    expect((await post(`/api/v3/bundle/${c.id}/mission`, { missionId: foreign.id })).statusCode).toBe(404);
  });

  it('names passingGrade when it exceeds the question count', async () => {
    const c = await f.campaign(brand, { type: 'learning' });
    const m = await f.mission(brand, { type: 'learning' }, 3);
    const res = await post(`/api/v3/bundle/${c.id}/mission`, { missionId: m.id, passingGrade: 4 });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields.map((x) => x.path)).toEqual(['passingGrade']);
  });

  it('names the custom rules URL when custom rules are on without one ("please enter information")', async () => {
    const c = await f.campaign(brand, { type: 'contest' });
    const m = await f.mission(brand, { type: 'contest' });
    const contest = {
      type: 'user',
      displayLeaderboard: true,
      rankLeadersBasedOn: 'sales_amount',
      displayLeadersByUserInfo: true,
      displayLeadersByStoreInfo: false,
      displayLeadersByNumberSubmissions: false,
      displayLeadersByTotalSalesAmount: true,
      rulesAndRegulations: { useCustom: true, customUrl: '' },
    };
    const res = await post(`/api/v3/bundle/${c.id}/mission`, { missionId: m.id, contest });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields).toEqual([
      { path: 'contest.rulesAndRegulations.customUrl', message: 'please enter information' },
    ]);
    const ok = await post(`/api/v3/bundle/${c.id}/mission`, {
      missionId: m.id,
      contest: { ...contest, rulesAndRegulations: { useCustom: true, customUrl: 'https://brand.example/rules' } },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('forces consumer missions to one entry per user and no store limit', async () => {
    const c = await f.campaign(brand, { type: 'consumer' });
    const m = await f.mission(brand, { type: 'consumer' });
    await post(`/api/v3/bundle/${c.id}/mission`, { missionId: m.id, maxEntriesPerUser: 9, maxEntriesPerStore: 9 });
    const [entry] = await t.database.db.select().from(campaignMissions).where(eq(campaignMissions.campaignId, c.id));
    expect(entry).toMatchObject({ maxEntriesPerUser: 1, maxEntriesPerStore: 0 });
  });

  it('reorders missions and keeps the order', async () => {
    const c = await f.campaign(brand, { type: 'learning' });
    const ids: number[] = [];
    for (const title of ['A', 'B', 'C']) {
      const m = await f.mission(brand, { type: 'learning', title }, 1);
      const res = await post(`/api/v3/bundle/${c.id}/mission`, { missionId: m.id, passingGrade: 1 });
      expect(res.statusCode).toBe(201);
      ids.push(m.id);
    }
    const entries = (await formData(c.id)).missions;
    const cEntry = entries.find((e) => e.mission.title === 'C')!;
    const moved = await post(`/api/v3/bundle/${c.id}/mission/${cEntry.id}/update`, { order: 0 });
    expect(moved.statusCode).toBe(200);
    expect((await formData(c.id)).missions.map((m) => [m.mission.title, m.order])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
  });

  it('deletes a mission only in draft: 409 on a scheduled campaign', async () => {
    const c = await f.campaign(brand, { status: 'scheduled' });
    const m = await f.mission(brand);
    const entry = await f.campaignMission(brand, c.id, m.id);
    const res = await post(`/api/v3/bundle/${c.id}/mission/${entry.id}/delete`, {});
    expect(res.statusCode).toBe(409);
    expect(await t.database.db.select().from(campaignMissions).where(eq(campaignMissions.id, entry.id))).toHaveLength(1);
  });

  it('deletes a mission of a draft with its mission-scoped rewards', async () => {
    const c = await f.campaign(brand, { type: 'learning' });
    const m = await f.mission(brand, { type: 'learning' }, 1);
    const entry = await f.campaignMission(brand, c.id, m.id, { passingGrade: 1 });
    await f.reward(brand, c.id, { scope: 'mission', missionId: m.id });
    const res = await post(`/api/v3/bundle/${c.id}/mission/${entry.id}/delete`, {});
    expect(res.statusCode).toBe(200);
    const data = await formData(c.id);
    expect(data.missions).toHaveLength(0);
    expect(data.rewards).toHaveLength(0);
  });

  it('leaves the campaign as it was when a write fails half-way', async () => {
    const c = await f.campaign(brand, { type: 'learning', name: 'Atomic' });
    const m = await f.mission(brand, { type: 'learning' }, 2);
    const before = await rowOf(c.id);
    const res = await post(`/api/v3/bundle/${c.id}/mission`, { missionId: m.id, passingGrade: 5 });
    expect(res.statusCode).toBe(400);
    const after = await rowOf(c.id);
    expect(after.version).toBe(before.version);
    expect(await t.database.db.select().from(campaignMissions).where(eq(campaignMissions.campaignId, c.id))).toHaveLength(0);
  });
});

describe('rewards, end, reward types, pause details, activity', () => {
  it('lists rewards and deletes one', async () => {
    const c = await f.campaign(brand);
    const r = await f.reward(brand, c.id);
    const list = (await get(`/api/v3/bundle/${c.id}/reward`)).json() as { items: unknown[] };
    expect(list.items.map((x) => ZRewardRead.parse(x).id)).toEqual([r.id]);
    expect((await post(`/api/v3/bundle/${c.id}/reward/${r.id}/delete`, {})).statusCode).toBe(200);
    expect(((await get(`/api/v3/bundle/${c.id}/reward`)).json() as { items: unknown[] }).items).toHaveLength(0);
    expect((await post(`/api/v3/bundle/${c.id}/reward/${r.id}/delete`, {})).statusCode).toBe(404);
  });

  it('offers reward types only once a mission exists, and one reward for consumer campaigns', async () => {
    const c = await f.campaign(brand, { type: 'consumer' });
    const none = ZRewardTypes.parse((await get(`/api/v4/bundle/${c.id}/reward-types`)).json());
    expect(none.items.every((i) => !i.enabled)).toBe(true);
    const m = await f.mission(brand, { type: 'consumer' });
    await f.campaignMission(brand, c.id, m.id);
    expect(ZRewardTypes.parse((await get(`/api/v4/bundle/${c.id}/reward-types`)).json()).items.every((i) => i.enabled)).toBe(true);
    await f.reward(brand, c.id);
    expect(ZRewardTypes.parse((await get(`/api/v4/bundle/${c.id}/reward-types`)).json()).items.every((i) => !i.enabled)).toBe(true);
  });

  it('ends an active campaign, and refuses to end a draft', async () => {
    const active = await f.campaign(brand, { status: 'active' });
    const pause = ZPauseDetails.parse((await get(`/api/campaign/bundle/${active.id}/pause-details`)).json());
    expect(pause.canEnd).toBe(true);
    const res = await post('/api/v3/bundle/end-campaign', { bundleId: active.id });
    expect(res.statusCode).toBe(200);
    expect(ZBuilderWriteResult.parse(res.json()).campaign.status).toBe('ended');
    const draft = await f.campaign(brand);
    expect((await post('/api/v3/bundle/end-campaign', { bundleId: draft.id })).statusCode).toBe(409);
  });

  it('shows codes and budget left before ending, and returns the unspent prepaid budget to the wallet as a refund', async () => {
    const active = await f.campaign(brand, { status: 'active' });
    await f.reward(brand, active.id, { type: 'money', title: 'Cash', amountCents: 500, budgetCents: 10_000, budgetPaidCents: 10_000 });
    const codes = await f.reward(brand, active.id, { type: 'discount', title: 'Ten off', percentageDiscount: 10 });
    await t.database.db.insert(rewardCodes).values([
      { brandId: brand, rewardId: codes.id, code: 'A1' },
      { brandId: brand, rewardId: codes.id, code: 'A2' },
      { brandId: brand, rewardId: codes.id, code: 'A3', issuedAt: new Date() },
    ]);
    const pause = ZPauseDetails.parse((await get(`/api/campaign/bundle/${active.id}/pause-details`)).json());
    expect(pause).toMatchObject({ codesLeft: 2, budgetLeft: 10_000, completions: 0, rewardsUnlocked: 0 });
    const [before] = await t.database.db.select({ balance: brands.walletBalanceCents }).from(brands).where(eq(brands.id, brand));

    expect((await post('/api/v3/bundle/end-campaign', { bundleId: active.id })).statusCode).toBe(200);

    const ledger = await t.database.db.select().from(walletLedger).where(eq(walletLedger.campaignId, active.id));
    expect(ledger).toMatchObject([{ kind: 'refund', amountCents: 10_000, brandId: brand }]);
    const [after] = await t.database.db.select({ balance: brands.walletBalanceCents }).from(brands).where(eq(brands.id, brand));
    expect(after!.balance - before!.balance).toBe(10_000);
    const activity = ZActivity.parse((await get(`/api/v3/bundle/${active.id}/activity`)).json());
    expect(activity.items[0]).toMatchObject({ action: 'end' });
    expect(activity.items[0]?.changes).toContainEqual({ field: 'budgetRefunded', old: 0, new: 10_000 });
    expect(ZPauseDetails.parse((await get(`/api/campaign/bundle/${active.id}/pause-details`)).json()).budgetLeft).toBe(0);
  });

  it('writes no audit entry for a save that changes nothing', async () => {
    const c = await f.campaign(brand, { name: 'Same', completionProgress: 33 });
    expect((await post(`/api/v3/bundle/${c.id}`, { version: 1, name: 'Same' })).statusCode).toBe(200);
    expect((await post(`/api/v3/bundle/${c.id}`, { version: 2 })).statusCode).toBe(200);
    const rows = await t.database.db.select().from(campaignAudit).where(eq(campaignAudit.campaignId, c.id));
    expect(rows).toEqual([]);
  });

  it('records who changed which field, old → new, and shows it newest first', async () => {
    const c = await f.campaign(brand, { name: 'Before' });
    await post(`/api/v3/bundle/${c.id}`, { version: 1, name: 'After' });
    const activity = ZActivity.parse((await get(`/api/v3/bundle/${c.id}/activity`)).json());
    expect(activity.items[0]).toMatchObject({ action: 'update', user: { name: 'Olivia Owner' } });
    expect(activity.items[0]?.changes).toContainEqual({ field: 'name', old: 'Before', new: 'After' });
    const rows = await t.database.db.select().from(campaignAudit).where(eq(campaignAudit.campaignId, c.id));
    expect(rows.every((r) => r.brandId === brand)).toBe(true);
  });

  it("answers 404 on every builder route for another brand's campaign", async () => {
    const c = await f.campaign(t.brandIds.retailer, { status: 'active' });
    const m = await f.mission(t.brandIds.retailer);
    const entry = await f.campaignMission(t.brandIds.retailer, c.id, m.id);
    const r = await f.reward(t.brandIds.retailer, c.id);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/v3/bundle/${c.id}/form-data`],
      ['GET', `/api/v3/bundle/${c.id}/mission`],
      ['GET', `/api/v3/bundle/${c.id}/reward`],
      ['GET', `/api/v4/bundle/${c.id}/reward-types`],
      ['GET', `/api/campaign/bundle/${c.id}/pause-details`],
      ['GET', `/api/v3/bundle/${c.id}/activity`],
      ['POST', `/api/v3/bundle/${c.id}`, { version: 1, name: 'x' }],
      ['POST', `/api/v3/bundle/${c.id}/mission`, { missionId: m.id }],
      ['POST', `/api/v3/bundle/${c.id}/mission/${entry.id}/update`, { order: 0 }],
      ['POST', `/api/v3/bundle/${c.id}/mission/${entry.id}/delete`, {}],
      ['POST', `/api/v3/bundle/${c.id}/reward/${r.id}/delete`, {}],
      ['POST', '/api/v3/bundle/end-campaign', { bundleId: c.id }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method: method as 'GET' | 'POST', url, headers: { cookie: owner }, payload: payload as object });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await rowOf(c.id)).status).toBe('active');
  });
});
