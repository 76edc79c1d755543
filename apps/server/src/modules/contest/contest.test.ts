import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContestSettings } from '@rally/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { factories } from '../../testing/factories.js';
import { playCookie, runningCampaign, submit } from '../../testing/engine-kit.js';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('owner@brand.test');
});
afterAll(() => t.close());
const db = () => t.database.db;

const contest = (over: Partial<TContestSettings> = {}): TContestSettings => ({
  type: 'user',
  displayLeaderboard: true,
  rankLeadersBasedOn: 'sales_amount',
  displayLeadersByUserInfo: true,
  displayLeadersByStoreInfo: false,
  displayLeadersByNumberSubmissions: false,
  displayLeadersByTotalSalesAmount: true,
  rulesAndRegulations: { useCustom: false, customUrl: '' },
  ...over,
});

async function contestWithEntries(settings: TContestSettings) {
  const k = await runningCampaign(db(), t.brandIds.owner, { type: 'contest', campaignMission: { contest: settings }, participants: 3 });
  const cookies = await Promise.all(k.users.map((u) => playCookie(db(), t.brandIds.owner, u.id)));
  // User 1: 2 entries 300 in all; user 2: 1 entry 500; user 3: 3 entries 150 in all.
  const plan: [number, number][] = [[0, 100], [0, 200], [1, 500], [2, 50], [2, 50], [2, 50]];
  for (const [u, cents] of plan) expect((await submit(t.app, cookies[u]!, k.campaign.id, k.cm.id, { kind: 'contest', salesAmountCents: cents })).statusCode).toBe(201);
  return { k, cookies };
}

const rankData = (id: number, body: unknown, cookie = owner) =>
  t.app.inject({ method: 'POST', url: `/api/v4/bundle/${id}/contest-rank-data`, headers: { cookie }, payload: body as Record<string, unknown> });

describe('contest-rank-data', () => {
  it('ranks users by sales amount and shows only the fields the display flags allow', async () => {
    const { k } = await contestWithEntries(contest());
    const res = (await rankData(k.campaign.id, {})).json();
    expect(res.items.map((r: { userId: number }) => r.userId)).toEqual([k.users[1]!.id, k.users[0]!.id, k.users[2]!.id]);
    expect(res.items[0]).toEqual({ rank: 1, userId: k.users[1]!.id, userName: 'Participant 2', storeId: null, storeName: null, submissions: null, salesAmountCents: 500 });
    expect(res._meta).toEqual({ totalCount: 3, pageCount: 1, currentPage: 1, perPage: 20 });
    const page2 = (await rankData(k.campaign.id, { currentPage: 2, perPage: 2 })).json();
    expect(page2.items.map((r: { rank: number }) => r.rank)).toEqual([3]);
  });

  it('ranks by number of submissions, by store, and narrows by store and date filters', async () => {
    const { k } = await contestWithEntries(contest({ rankLeadersBasedOn: 'numbers_submissions', displayLeadersByNumberSubmissions: true, displayLeadersByTotalSalesAmount: false }));
    const bySubs = (await rankData(k.campaign.id, {})).json();
    expect(bySubs.items.map((r: { submissions: number }) => r.submissions)).toEqual([3, 2, 1]);
    const otherStore = await factories(db()).store(t.brandIds.owner);
    expect((await rankData(k.campaign.id, { filters: { storeIds: [otherStore.id] } })).json().items).toEqual([]);
    expect((await rankData(k.campaign.id, { filters: { from: Math.floor(Date.now() / 1000) + 3600 } })).json().items).toEqual([]);
    expect((await rankData(k.campaign.id, { filters: { from: 0, to: Math.floor(Date.now() / 1000) + 60 } })).json().items).toHaveLength(3);
    const bad = await rankData(k.campaign.id, { filters: { from: 10, to: 5 } });
    expect(bad.json().error.fields[0].path).toBe('filters.to');
    const { k: s } = await contestWithEntries(contest({ type: 'store', displayLeadersByStoreInfo: true }));
    const stores = (await rankData(s.campaign.id, {})).json();
    expect(stores.items).toEqual([{ rank: 1, userId: null, userName: null, storeId: s.store.id, storeName: 'Test store', submissions: null, salesAmountCents: 950 }]);
  });

  it("gives a participant their rank, and another brand's campaign is not found", async () => {
    const { k, cookies } = await contestWithEntries(contest());
    const rank = (await t.app.inject({ method: 'GET', url: `/api/play/campaigns/${k.campaign.id}/rank?top=2`, headers: { cookie: cookies[2]! } })).json();
    expect(rank.me).toMatchObject({ rank: 3, userId: k.users[2]!.id, salesAmountCents: 150, submissions: 3 });
    expect(rank.top).toHaveLength(2);
    expect(rank.totalRanked).toBe(3);
    const partner = await t.signIn('partner@partner.test');
    expect((await rankData(k.campaign.id, {}, partner)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v4/bundle/${k.campaign.id}/prize-list`, headers: { cookie: partner } })).statusCode).toBe(404);
  });
});

describe('prizes', () => {
  it('lists candidates and assigns a prize to a winner once, never more than totalAvailable', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner, { type: 'contest', campaignMission: { contest: contest() }, participants: 3 });
    const prize = await k.reward({ type: 'prize', title: 'Bike', totalAvailable: 2 });
    const cookies = await Promise.all(k.users.map((u) => playCookie(db(), t.brandIds.owner, u.id)));
    for (const c of cookies) await submit(t.app, c, k.campaign.id, k.cm.id, { kind: 'contest', salesAmountCents: 100 });
    const list = (await t.app.inject({ method: 'GET', url: `/api/v4/bundle/${k.campaign.id}/prize-list`, headers: { cookie: owner } })).json();
    expect(list.items[0]).toMatchObject({ rewardId: prize.id, totalAvailable: 2, assigned: 0 });
    expect(list.items[0].unlocks.map((u: { status: string }) => u.status)).toEqual(['awaiting_assignment', 'awaiting_assignment', 'awaiting_assignment']);
    const [u1, u2, u3] = list.items[0].unlocks as { unlockId: number; userId: number; storeId: number }[];
    const assign = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/reward/write/assign-prize', headers: { cookie: owner }, payload: { rewardId: prize.id, ...body } });
    const both = await Promise.all([assign({ userId: u1!.userId, unlockId: u1!.unlockId }), assign({ userId: u1!.userId, unlockId: u1!.unlockId })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 200)!.json().winner).toMatchObject({ status: 'assigned', userId: u1!.userId, storeId: k.store.id });
    expect((await assign({ userId: u2!.userId, unlockId: u2!.unlockId, unitId: 999999 })).json().error.fields[0].path).toBe('unitId');
    expect((await assign({ userId: u2!.userId, unlockId: u2!.unlockId, unitId: u2!.storeId })).statusCode).toBe(200);
    const none = await assign({ userId: u3!.userId, unlockId: u3!.unlockId });
    expect([none.statusCode, none.json().error.code]).toEqual([409, 'ALREADY_ASSIGNED']);
    const partner = await t.signIn('partner@partner.test');
    expect((await t.app.inject({ method: 'POST', url: '/api/reward/write/assign-prize', headers: { cookie: partner }, payload: { rewardId: prize.id, userId: u3!.userId } })).statusCode).toBe(404);
    const after = (await t.app.inject({ method: 'GET', url: `/api/v4/bundle/${k.campaign.id}/prize-list`, headers: { cookie: owner } })).json();
    expect(after.items[0].assigned).toBe(2);
  });
});
