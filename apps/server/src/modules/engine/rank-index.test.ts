import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContestSettings, TPlayRank } from '@rally/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { playCookie, runningCampaign, submit } from './engine-test-kit.js';

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

  it('reads the first page of the leaderboard at most once a second for everyone who asks, fresh for this process\'s own entries', async () => {
    const k = await runningCampaign(t.database.db, t.brandIds.owner, { type: 'contest', campaignMission: { contest }, participants: 3 });
    const cookies = await Promise.all(k.users.map((u) => playCookie(t.database.db, t.brandIds.owner, u.id)));
    for (const [i, c] of cookies.entries())
      expect((await submit(t.app, c, k.campaign.id, k.cm.id, { kind: 'contest', salesAmountCents: 100 * (i + 1) })).statusCode).toBe(201);
    const rank = async (i: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/play/campaigns/${k.campaign.id}/rank?top=50`, headers: { cookie: cookies[i]! } })).json() as TPlayRank;
    await rank(0);
    queries.length = 0;
    recording = true;
    const started = Date.now();
    const answers = [await rank(0), await rank(1), await rank(2), await rank(0), await rank(1), await rank(2)];
    const seconds = Math.ceil((Date.now() - started) / 1000);
    recording = false;
    expect(answers.map((a) => a.me?.rank)).toEqual([3, 2, 1, 3, 2, 1]);
    expect(answers.every((a) => a.top.map((r) => r.userId).join() === [k.users[2]!.id, k.users[1]!.id, k.users[0]!.id].join())).toBe(true);
    // Per request: session, campaign, my row; the top 50 read at most once a second, the contest mission every 2 s.
    const pageReads = queries.filter((q) => /contest_scores/.test(q) && /offset/i.test(q));
    const contestReads = queries.filter((q) => /from campaign_missions\s+where campaign_id/.test(q) && /contest is not null/.test(q));
    expect(pageReads.length).toBeLessThanOrEqual(seconds);
    expect(contestReads.length).toBeLessThanOrEqual(Math.ceil(seconds / 2));
    expect(queries.length - pageReads.length - contestReads.length).toBeLessThanOrEqual(6 * 3);
    // An entry recorded here shows on the next request.
    expect((await submit(t.app, cookies[0]!, k.campaign.id, k.cm.id, { kind: 'contest', salesAmountCents: 1_000 })).statusCode).toBe(201);
    expect((await rank(1)).top[0]?.userId).toBe(k.users[0]!.id);
  });
});
