import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TContestSettings, TPlayRank } from '@rally/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { playCookie, runningCampaign, submit } from '../../testing/engine-kit.js';
import { standingOf } from './rank-index.js';

let t: TestApp;
let recording = false;
const queries: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ onQuery: (q) => recording && queries.push(q) });
});
afterAll(() => t.close());

const contest: TContestSettings = {
  type: 'user',
  displayLeaderboard: true,
  rankLeadersBasedOn: 'sales_amount',
  displayLeadersByUserInfo: true,
  displayLeadersByStoreInfo: false,
  displayLeadersByNumberSubmissions: true,
  displayLeadersByTotalSalesAmount: true,
  rulesAndRegulations: { useCustom: false, customUrl: '' },
};

describe('contest standings held in memory', () => {
  it('rank me and count the ranked exactly, right after new entries move the order, ties to the lower id', async () => {
    const k = await runningCampaign(t.database.db, t.brandIds.owner, { type: 'contest', campaignMission: { contest }, participants: 4 });
    const cookies = await Promise.all(k.users.map((u) => playCookie(t.database.db, t.brandIds.owner, u.id)));
    const sell = async (i: number, cents: number) =>
      expect((await submit(t.app, cookies[i]!, k.campaign.id, k.cm.id, { kind: 'contest', salesAmountCents: cents })).statusCode).toBe(201);
    const rank = async (i: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/play/campaigns/${k.campaign.id}/rank?top=50`, headers: { cookie: cookies[i]! } })).json() as TPlayRank;

    await sell(0, 300);
    await sell(1, 200);
    await sell(2, 100);
    // Reading builds the standings; the entries that follow must show at once.
    expect((await rank(2)).me?.rank).toBe(3);
    await sell(2, 250); // 350: first
    await sell(3, 200); // 200: tied with user 1, who has the lower id
    const third = await rank(3);
    expect(third.me).toMatchObject({ rank: 4, salesAmountCents: 200 });
    expect(third.totalRanked).toBe(4);
    expect(third.top.map((r) => [r.rank, r.userId])).toEqual([
      [1, k.users[2]!.id],
      [2, k.users[0]!.id],
      [3, k.users[1]!.id],
      [4, k.users[3]!.id],
    ]);
    expect((await rank(2)).me?.rank).toBe(1);
    expect((await rank(1)).me?.rank).toBe(3);
  });

  it('answers repeated rank requests from memory, fresh for this process\'s own entries', async () => {
    const k = await runningCampaign(t.database.db, t.brandIds.owner, { type: 'contest', campaignMission: { contest }, participants: 3 });
    const cookies = await Promise.all(k.users.map((u) => playCookie(t.database.db, t.brandIds.owner, u.id)));
    for (const [i, c] of cookies.entries())
      expect((await submit(t.app, c, k.campaign.id, k.cm.id, { kind: 'contest', salesAmountCents: 100 * (i + 1) })).statusCode).toBe(201);
    const rank = async (i: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/play/campaigns/${k.campaign.id}/rank?top=50`, headers: { cookie: cookies[i]! } })).json() as TPlayRank;
    await Promise.all([rank(0), rank(1), rank(2)]);
    queries.length = 0;
    recording = true;
    const answers = [await rank(0), await rank(1), await rank(2), await rank(0), await rank(1), await rank(2)];
    recording = false;
    expect(answers.map((a) => a.me?.rank)).toEqual([3, 2, 1, 3, 2, 1]);
    expect(answers.map((a) => a.me?.salesAmountCents)).toEqual([100, 200, 300, 100, 200, 300]);
    expect(answers.every((a) => a.top.map((r) => r.userId).join() === [k.users[2]!.id, k.users[1]!.id, k.users[0]!.id].join())).toBe(true);
    // Repeated requests read nothing: reach and contest mission are kept 10 s per participant, my place and the top
    // page come from the standings; at most a page or standings refresh when a second passed meanwhile.
    expect(queries.filter((q) => /from campaigns c\s+left join lateral/.test(q))).toEqual([]);
    expect(queries.filter((q) => /play_sessions/.test(q))).toEqual([]);
    expect(queries.length).toBeLessThanOrEqual(2);
    // An entry recorded here shows on the next request.
    expect((await submit(t.app, cookies[0]!, k.campaign.id, k.cm.id, { kind: 'contest', salesAmountCents: 1_000 })).statusCode).toBe(201);
    expect((await rank(1)).top[0]?.userId).toBe(k.users[0]!.id);
  });
});

describe('standings past their time to live', () => {
  it('are served while one rebuild reads the next, which then shows entries made meanwhile elsewhere', async () => {
    const k = await runningCampaign(t.database.db, t.brandIds.owner, { type: 'contest', campaignMission: { contest }, participants: 2 });
    const cookies = await Promise.all(k.users.map((u) => playCookie(t.database.db, t.brandIds.owner, u.id)));
    expect((await submit(t.app, cookies[0]!, k.campaign.id, k.cm.id, { kind: 'contest', salesAmountCents: 100 })).statusCode).toBe(201);
    const db = t.database.db;
    expect(await standingOf(t.app.caches.engine, db, k.cm.id, 'sales_amount_cents', k.users[0]!.id)).toMatchObject({ place: 1, sales: 100, submissions: 1 });
    // Another process's entry: written to contest_scores without passing through this process.
    await db.execute(sql`insert into contest_scores (brand_id, campaign_mission_id, store_user_id, store_id, submissions, sales_amount_cents, last_at)
      values (${t.brandIds.owner}, ${k.cm.id}, ${k.users[1]!.id}, ${k.users[1]!.storeId}, 1, 500, now())`);
    await new Promise((r) => setTimeout(r, 1_100));
    // The database answers slowly from now on: the rebuild takes 1.5 s more.
    const originalExecute = db.execute.bind(db);
    const slow = vi.spyOn(db, 'execute').mockImplementation(((...args: Parameters<typeof db.execute>) =>
      new Promise((r) => setTimeout(r, 1_500)).then(() => originalExecute(...args))) as unknown as typeof db.execute);
    const started = Date.now();
    const stale = await standingOf(t.app.caches.engine, db, k.cm.id, 'sales_amount_cents', k.users[0]!.id);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(stale).toMatchObject({ place: 1, sales: 100 });
    await new Promise((r) => setTimeout(r, 2_000));
    slow.mockRestore();
    expect(await standingOf(t.app.caches.engine, db, k.cm.id, 'sales_amount_cents', k.users[0]!.id)).toMatchObject({ place: 2, sales: 100 });
  });
});
