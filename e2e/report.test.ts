import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import {
  formatZoned,
  type TCampaign,
  type TCampaignList,
  type TCampaignReport,
  type TPauseDetails,
  type TPlayCompletionResult,
  type TPlayMyRewards,
  type TPrizeList,
  type TPrizeUserFormBody,
  type TPrizeUserFormResult,
} from '@rally/domain';
import { eq } from 'drizzle-orm';
import { dbSchema } from '@rally/server';
import type { Harness } from './support/harness.js';
import { explainedA11yViolations, openSignedInPage, type SignedInPage } from './support/signed-in-page.js';

// The campaign report page and the "launched" notice on the list: real server, fresh seeded
// database, Chromium.

const SHOTS = '/tmp/shots';
const DAY = 86_400;

let harness: Harness;
let page: Page;
let closeSession: SignedInPage['close'] | undefined;
let campaign: TCampaign;

beforeAll(async () => {
  ({ harness, page, close: closeSession } = await openSignedInPage({ shotPrefix: 'report', shotDir: SHOTS }));
  const res = await page.request.get('/api/campaign/bundle?status=active');
  expect(res.status()).toBe(200);
  const active = ((await res.json()) as TCampaignList).items.filter(
    (c) => c.type !== 'consumer' && c.startDate !== null,
  );
  if (!active[0]) throw new Error('the demo data has no active non-consumer campaign');
  campaign = active[0];
});

afterAll(async () => {
  await Promise.all(participants.map((p) => p.dispose()));
  await closeSession?.();
});

const a11y = () => explainedA11yViolations(page);

async function report(id: number): Promise<TCampaignReport> {
  const res = await page.request.get(`/api/v3/bundle/${id}/report`);
  expect(res.status()).toBe(200);
  return (await res.json()) as TCampaignReport;
}

/**
 * Completions and unlocks as participants would make them, spread over the days since the
 * campaign started (nothing in the product writes them yet besides the participants' app).
 */
async function participate(target: TCampaign, count: number) {
  const { db } = harness.database;
  const missions = await db.query.campaignMissions.findMany({
    where: (cm, { eq }) => eq(cm.campaignId, target.id),
    orderBy: (cm, { asc }) => [asc(cm.order), asc(cm.id)],
  });
  const users = await db.query.storeUsers.findMany({
    where: (u, { eq }) => eq(u.brandId, target.brandId),
    orderBy: (u, { asc }) => [asc(u.id)],
    limit: 40,
  });
  const rewards = await db.query.rewards.findMany({
    where: (r, { eq }) => eq(r.campaignId, target.id),
    orderBy: (r, { asc }) => [asc(r.id)],
  });
  if (missions.length === 0 || users.length === 0) throw new Error('no missions or participants to complete them');
  const now = Math.floor(Date.now() / 1000);
  const since = Math.max(target.startDate ?? now, now - 20 * DAY);
  const span = Math.max(now - since - 60, 1);
  for (let i = 0; i < count; i++) {
    const user = users[(i * 7) % users.length]!;
    // More completions toward today, so the chart has a shape.
    const at = now - 60 - Math.floor(span * (1 - Math.sqrt((i + 1) / count)));
    const [done] = await db
      .insert(dbSchema.completions)
      .values({
        brandId: target.brandId,
        campaignId: target.id,
        campaignMissionId: missions[i % missions.length]!.id,
        storeUserId: user.id,
        storeId: user.storeId,
        createdAt: new Date(at * 1000),
      })
      .returning({ id: dbSchema.completions.id });
    const reward = rewards[0];
    if (reward && i % 3 === 0) {
      await db.insert(dbSchema.rewardUnlocks).values({
        brandId: target.brandId,
        campaignId: target.id,
        rewardId: reward.id,
        storeUserId: user.id,
        completionId: done!.id,
        amountCents: reward.amountCents,
      });
    }
  }
}

const heading = (name: string) => page.getByRole('heading', { level: 1, name });
const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

interface TContest {
  campaignId: number;
  campaignMissionId: number;
}

/**
 * A live contest campaign of the signed-in brand: one contest mission ranking participants by sales amount, every
 * field shown. Built in the database (the builder has its own tests); what participants do in it goes through /api/play.
 */
async function liveContest(name: string, missionTitle: string): Promise<TContest> {
  const { db } = harness.database;
  const brandId = campaign.brandId;
  const [created] = await db
    .insert(dbSchema.campaigns)
    .values({ brandId, publicUid: randomBytes(9).toString('base64url'), name, type: 'contest', status: 'active', startDate: new Date(Date.now() - DAY * 1000), finishCriteria: ['days_over'] })
    .returning();
  const [mission] = await db.insert(dbSchema.missions).values({ brandId, title: missionTitle, type: 'contest', status: 'ready' }).returning();
  const [cm] = await db
    .insert(dbSchema.campaignMissions)
    .values({
      brandId,
      campaignId: created!.id,
      missionId: mission!.id,
      contest: {
        type: 'user',
        displayLeaderboard: true,
        rankLeadersBasedOn: 'sales_amount',
        displayLeadersByUserInfo: true,
        displayLeadersByStoreInfo: true,
        displayLeadersByNumberSubmissions: true,
        displayLeadersByTotalSalesAmount: true,
        rulesAndRegulations: { useCustom: false, customUrl: '' },
      },
    })
    .returning();
  // Contest entries without a receipt are accepted at once when the brand's smart review is off.
  await db.update(dbSchema.brands).set({ smartReviewEnabled: false }).where(eq(dbSchema.brands.id, brandId));
  return { campaignId: created!.id, campaignMissionId: cm!.id };
}

async function approvedStore(name: string): Promise<number> {
  const [store] = await harness.database.db
    .insert(dbSchema.stores)
    .values({ brandId: campaign.brandId, name, countryCode: 'US', formattedAddress: `1 ${name} St`, status: 'approved' })
    .returning();
  return store!.id;
}

const participants: APIRequestContext[] = [];
let participantPasswordHash: string | undefined;

/** A store user of the brand signed in at /api/play with a password, as the participant app signs in. */
async function participant(name: string, storeId: number): Promise<APIRequestContext & { userId: number }> {
  participantPasswordHash ??= await hash('demo1234');
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomBytes(4).toString('hex')}@stores.test`;
  const [user] = await harness.database.db
    .insert(dbSchema.storeUsers)
    .values({ brandId: campaign.brandId, storeId, name, email, passwordHash: participantPasswordHash })
    .returning();
  const session = await request.newContext({ baseURL: harness.baseUrl, extraHTTPHeaders: { origin: harness.baseUrl } });
  participants.push(session);
  const signedIn = await session.post('/api/play/auth/sign-in', { data: { email, password: 'demo1234' } });
  expect(signedIn.status()).toBe(200);
  return Object.assign(session, { userId: user!.id });
}

/** One contest entry (a sale) submitted through the participant API. */
async function enterSale(p: APIRequestContext, contest: TContest, cents: number): Promise<TPlayCompletionResult> {
  const res = await p.post(`/api/play/campaigns/${contest.campaignId}/missions/${contest.campaignMissionId}/completions`, {
    headers: { 'idempotency-key': randomBytes(8).toString('hex') },
    data: { kind: 'contest', salesAmountCents: cents },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as TPlayCompletionResult;
}

describe('campaign report', () => {
  it("shows a launched campaign's name, schedule in its own zone and reach", async () => {
    await page.goto(`/campaign/report/${campaign.id}`);
    await heading(campaign.name).waitFor();
    const schedule = page.getByRole('region', { name: 'Schedule' });
    // Wall time in the campaign's zone, followed by the zone's short name ("2026-11-20 08:00 EST").
    const zoned = (epoch: number) => new RegExp(`^${formatZoned(epoch, campaign.timeZone)} \\S+$`);
    await schedule.getByText(zoned(campaign.startDate!)).waitFor();
    if (campaign.endDate !== null) {
      await schedule.getByText(zoned(campaign.endDate)).waitFor();
    }
    await schedule.getByText(campaign.timeZone, { exact: true }).waitFor();
    const reach = page.getByRole('region', { name: 'Reach' });
    for (const figure of [campaign.kpi.reach.groups, campaign.kpi.reach.stores, campaign.kpi.reach.users]) {
      await reach.getByText(figure.toLocaleString('en-US'), { exact: true }).first().waitFor();
    }
    expect(await page.getByText('Active', { exact: true }).count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Back to campaigns' }).waitFor();
  });

  it('says there are no completions yet for a campaign nobody took part in', async () => {
    const created = await page.request.post('/api/campaign/create-draft', {
      data: { type: 'general' },
      headers: { origin: harness.baseUrl },
    });
    expect(created.status()).toBe(201);
    const draft = (await created.json()) as TCampaign;
    await page.goto(`/campaign/report/${draft.id}`);
    await page.getByText('No completions yet').waitFor();
    await page.getByText('Figures appear as participants complete missions.').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'report-empty.png'), fullPage: true });
    expect(await a11y()).toEqual([]);
  });

  it('charts and tables the figures participants produce, matching the API', async () => {
    await participate(campaign, 48);
    const figures = await report(campaign.id);
    expect(figures.totals.completions).toBeGreaterThanOrEqual(48);

    await page.goto(`/campaign/report/${campaign.id}`);
    await heading(campaign.name).waitFor();
    const totals = page.getByRole('region', { name: 'Totals' });
    await totals.getByText(figures.totals.completions.toLocaleString('en-US'), { exact: true }).first().waitFor();
    await totals.getByText(figures.totals.participants.toLocaleString('en-US'), { exact: true }).first().waitFor();
    const paid = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      figures.totals.amountPaidCents / 100,
    );
    await totals.getByText(paid, { exact: true }).waitFor();
    // The lazily loaded chart draws one bar per day.
    const chart = page.getByRole('region', { name: 'Completions per day' }).locator('.recharts-bar-rectangle');
    await expect.poll(() => chart.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const missions = page.getByRole('table', { name: 'Missions' });
    for (const m of figures.missions) {
      await missions
        .getByRole('row')
        .filter({ hasText: m.title })
        .getByText(m.completions.toLocaleString('en-US'), { exact: true })
        .waitFor();
    }
    await page.getByRole('table', { name: 'Rewards' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'report.png'), fullPage: true });
    expect(await a11y()).toEqual([]);
  });

  it('ends an active campaign from its report after showing what stops', async () => {
    const res = await page.request.get('/api/campaign/bundle?status=active');
    const other = ((await res.json()) as TCampaignList).items.find(
      (c) => c.id !== campaign.id && c.type !== 'consumer',
    );
    if (!other) throw new Error('the demo data has no second active campaign');
    const details = (await (
      await page.request.get(`/api/campaign/bundle/${other.id}/pause-details`)
    ).json()) as TPauseDetails;
    await page.goto(`/campaign/report/${other.id}`);
    await heading(other.name).waitFor();
    await page.getByRole('button', { name: 'End campaign' }).click();
    const dialog = page.getByRole('dialog', { name: `End “${other.name}” now?` });
    const pause = dialog.getByTestId('pause-details');
    await pause
      .getByTestId('pause-completions')
      .getByText(details.completions.toLocaleString('en-US'), { exact: true })
      .waitFor();
    await pause
      .getByTestId('pause-rewards-unlocked')
      .getByText(details.rewardsUnlocked.toLocaleString('en-US'), { exact: true })
      .waitFor();
    await pause
      .getByTestId('pause-codes-left')
      .getByText(details.codesLeft.toLocaleString('en-US'), { exact: true })
      .waitFor();
    expect(await a11y()).toEqual([]);
    await dialog.getByRole('button', { name: 'End campaign' }).click();
    await page.getByText('Ended', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Once ended, the report no longer offers to end it.
    await page.getByRole('button', { name: 'End campaign' }).waitFor({ state: 'detached' });
    const after = (await (
      await page.request.get(`/api/campaign/bundle/${other.id}/pause-details`)
    ).json()) as TPauseDetails;
    expect(after.status).toBe('ended');
  });

  it('ranks on the Leaderboard tab the participants who completed its contest mission through /api/play', async () => {
    const contest = await liveContest('Cooler sales race', 'Log a cooler sale');
    const store = await approvedStore('Race Store');
    // Three participants, each signed in at /api/play, submitting sales through the participant API.
    const racers = [
      { name: 'Rita Runner', sales: [120_00, 80_00] },
      { name: 'Omar Overtake', sales: [450_00] },
      { name: 'Lena Last', sales: [30_00] },
    ];
    for (const racer of racers) {
      const p = await participant(racer.name, store);
      for (const cents of racer.sales) {
        expect((await enterSale(p, contest, cents)).completion.status).toBe('accepted');
      }
    }

    // Every request the tab makes succeeds (a refused one shows an error notice, and once hid an unnamed close button).
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
    });
    await page.goto(`/campaign/report/${contest.campaignId}`);
    await heading('Cooler sales race').waitFor();
    await page.getByRole('tab', { name: 'Leaderboard' }).click();
    const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Rank' }) });
    await table.getByRole('row').filter({ hasText: 'Lena Last' }).waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(3);
    const expected = [
      ['1', 'Omar Overtake', '1', usd(450_00)],
      ['2', 'Rita Runner', '2', usd(200_00)],
      ['3', 'Lena Last', '1', usd(30_00)],
    ];
    for (const [i, [rank, name, entries, sales]] of expected.entries()) {
      const cells = (await rows.nth(i).locator('td, th').allTextContents()).map((c) => c.trim());
      expect(cells[0]).toBe(rank);
      expect(cells).toContain(name);
      expect(cells).toContain('Race Store');
      expect(cells).toContain(entries);
      expect(cells).toContain(sales);
    }
    // Filters, ranking with its assign buttons, prizes: every control named (axe button-name among the rest).
    expect(await a11y()).toEqual([]);
    expect(failed).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'report-leaderboard.png'), fullPage: true });
  });

  it('assigns a contest prize from the Leaderboard tab to a winner who earned it through /api/play, once; the winner then holds it with the delivery form they sent', async () => {
    const contest = await liveContest('Freezer sales sprint', 'Log a freezer sale');
    // One prize, earned by two entries: two participants earn it, only one can be given it.
    const [prize] = await harness.database.db
      .insert(dbSchema.rewards)
      .values({ brandId: campaign.brandId, campaignId: contest.campaignId, type: 'prize', title: 'Weekend in Lisbon', valueCents: 1_500_00, totalAvailable: 1, completionsToUnlock: 2, maxPerUser: 1 })
      .returning();
    const quayside = await approvedStore('Quayside Freezers');
    const summit = await approvedStore('Summit Freezers');
    const nadia = await participant('Nadia Nord', quayside);
    const pablo = await participant('Pablo Peak', summit);
    const quinn = await participant('Quinn Quay', quayside);
    const earned = async (p: APIRequestContext, sales: number[]) => {
      const results: TPlayCompletionResult[] = [];
      for (const cents of sales) results.push(await enterSale(p, contest, cents));
      return results.flatMap((r) => r.unlocked);
    };
    const nadiaUnlocks = await earned(nadia, [300_00, 250_00]);
    expect(await earned(pablo, [400_00])).toEqual([]);
    const quinnUnlocks = await earned(quinn, [100_00, 50_00]);
    // The second entry earns the prize; a prize waits for the brand to assign it.
    expect(nadiaUnlocks).toMatchObject([{ rewardId: prize!.id, type: 'prize', status: 'awaiting_assignment' }]);
    expect(quinnUnlocks).toMatchObject([{ rewardId: prize!.id, type: 'prize', status: 'awaiting_assignment' }]);
    // Nadia sends her delivery details from the participant app.
    const delivery: TPrizeUserFormBody = {
      fullName: 'Nadia Nord',
      phone: '+1 555 0100',
      addressLine1: '12 Harbour Lane',
      addressLine2: 'Flat 3',
      city: 'Portland',
      postalCode: '04101',
      countryCode: 'US',
      notes: 'Weekdays after 5 pm',
    };
    const sent = await nadia.post(`/api/play/rewards/${nadiaUnlocks[0]!.unlockId}/prize-form`, { data: delivery });
    expect(sent.status()).toBe(200);

    const failed: string[] = [];
    const onResponse = (r: { status(): number; request(): { method(): string }; url(): string }) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
    };
    page.on('response', onResponse);
    try {
      await page.goto(`/campaign/report/${contest.campaignId}`);
      await heading('Freezer sales sprint').waitFor();
      await page.getByRole('tab', { name: 'Leaderboard' }).click();
      const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Rank' }) });
      const rows = table.locator('tbody tr');
      const ranked = async () =>
        Promise.all((await rows.all()).map(async (r) => (await r.locator('td').allTextContents()).slice(0, 5).map((c) => c.trim())));
      await expect.poll(ranked).toEqual([
        ['1', 'Nadia Nord', 'Quayside Freezers', '2', usd(550_00)],
        ['2', 'Pablo Peak', 'Summit Freezers', '1', usd(400_00)],
        ['3', 'Quinn Quay', 'Quayside Freezers', '2', usd(150_00)],
      ]);

      // Filtered to one store, the table ranks that store's participants only.
      const filters = page.getByRole('region', { name: 'Leaderboard filters' });
      await filters.getByLabel('Stores', { exact: true }).fill('Quayside');
      await page.getByRole('option', { name: 'Quayside Freezers' }).click();
      await page.keyboard.press('Escape');
      await expect.poll(ranked).toEqual([
        ['1', 'Nadia Nord', 'Quayside Freezers', '2', usd(550_00)],
        ['2', 'Quinn Quay', 'Quayside Freezers', '2', usd(150_00)],
      ]);
      await page.getByText('2 ranked', { exact: true }).waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'report-leaderboard-filtered.png'), fullPage: true });

      // Both who earned the prize wait for it; Nadia's delivery details are there to read.
      const card = page.getByRole('article', { name: 'Weekend in Lisbon' });
      await card.getByText('0 of 1 assigned', { exact: true }).waitFor();
      const nadiaRow = card.getByRole('row').filter({ hasText: 'Nadia Nord' });
      const quinnRow = card.getByRole('row').filter({ hasText: 'Quinn Quay' });
      await nadiaRow.getByText('Waiting for assignment').waitFor();
      await quinnRow.getByText('Waiting for assignment').waitFor();
      await nadiaRow.getByRole('button', { name: /Delivery form/ }).click();
      const form = page.getByRole('dialog', { name: 'Delivery details of Nadia Nord' });
      for (const text of ['+1 555 0100', '12 Harbour Lane, Flat 3', '04101 Portland', 'Weekdays after 5 pm']) {
        await form.getByText(text, { exact: true }).waitFor();
      }
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'detached' });

      // Assigned by keyboard: Enter on the winner's button, Tab to the confirmation, Enter.
      await nadiaRow.getByRole('button', { name: /^Assign/ }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Assign a prize' });
      await dialog.getByText('Assign “Weekend in Lisbon” to Nadia Nord?', { exact: false }).waitFor();
      const confirm = dialog.getByRole('button', { name: 'Assign prize' });
      for (let i = 0; i < 6 && !(await confirm.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
      expect(await confirm.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });

      await card.getByText('1 of 1 assigned', { exact: true }).waitFor();
      // Who assigned it, by name.
      await nadiaRow.getByText(/^Assigned by Olivia Owner /).waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'report-leaderboard-assigned.png'), fullPage: true });
      // Nobody can be assigned the prize again: its only unit is Nadia's.
      expect(await nadiaRow.getByRole('button', { name: /^Assign/ }).count()).toBe(0);
      await quinnRow.getByText('Waiting for assignment').waitFor();
      expect(await quinnRow.getByRole('button', { name: /^Assign/ }).count()).toBe(0);
      await table.getByRole('button', { name: 'Assign a prize to Nadia Nord' }).click();
      await dialog.getByText('Every prize of this campaign is assigned.').waitFor();
      expect(await dialog.getByRole('button', { name: 'Assign prize' }).isDisabled()).toBe(true);
      expect(await a11y()).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      page.off('response', onResponse);
    }
    expect(failed).toEqual([]);

    // The API refuses a second assignment too, to the winner or to the other candidate.
    const assign = (body: object) => page.request.post('/api/reward/write/assign-prize', { data: body, headers: { origin: harness.baseUrl } });
    const again = await assign({ rewardId: prize!.id, userId: nadia.userId, unlockId: nadiaUnlocks[0]!.unlockId });
    expect([again.status(), ((await again.json()) as { error: { code: string } }).error.code]).toEqual([409, 'ALREADY_ASSIGNED']);
    const other = await assign({ rewardId: prize!.id, userId: quinn.userId, unlockId: quinnUnlocks[0]!.unlockId });
    expect([other.status(), ((await other.json()) as { error: { code: string } }).error.code]).toEqual([409, 'ALREADY_ASSIGNED']);
    const list = (await (await page.request.get(`/api/v4/bundle/${contest.campaignId}/prize-list`)).json()) as TPrizeList;
    expect(list.items).toMatchObject([
      {
        rewardId: prize!.id,
        assigned: 1,
        totalAvailable: 1,
        unlocks: [
          { unlockId: nadiaUnlocks[0]!.unlockId, status: 'assigned', userName: 'Nadia Nord', storeName: 'Quayside Freezers' },
          { unlockId: quinnUnlocks[0]!.unlockId, status: 'awaiting_assignment', userName: 'Quinn Quay' },
        ],
      },
    ]);
    const userForm = await page.request.post('/api/reward/read/prize/user-form', {
      data: { unlockId: nadiaUnlocks[0]!.unlockId, rewardId: prize!.id, userId: nadia.userId },
      headers: { origin: harness.baseUrl },
    });
    expect(((await userForm.json()) as TPrizeUserFormResult).form).toMatchObject(delivery);

    // The winner holds the prize, with the delivery form she sent; the other candidate still waits.
    const mine = async (p: APIRequestContext) =>
      ((await (await p.get('/api/play/rewards')).json()) as TPlayMyRewards).items.filter((u) => u.rewardId === prize!.id);
    expect(await mine(nadia)).toMatchObject([
      { unlockId: nadiaUnlocks[0]!.unlockId, type: 'prize', title: 'Weekend in Lisbon', status: 'assigned', prizeForm: delivery },
    ]);
    expect(await mine(quinn)).toMatchObject([{ status: 'awaiting_assignment', prizeForm: null }]);
    expect(await mine(pablo)).toEqual([]);
  });

  it('announces the launch on the list and leads to the report', async () => {
    await page.goto(`/campaign?show-promotion=${campaign.id}`);
    const notice = page.getByTestId('launched-notice');
    await notice.getByText(`“${campaign.name}” is live`).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'report-notice.png') });
    expect(await a11y()).toEqual([]);
    await notice.getByRole('link', { name: 'View report' }).click();
    await page.waitForURL(`**/campaign/report/${campaign.id}`);
    await heading(campaign.name).waitFor();

    await page.goto(`/campaign?status=active&show-promotion=${campaign.id}`);
    await page.getByTestId('launched-notice').getByRole('button', { name: 'Dismiss' }).click();
    await page.getByTestId('launched-notice').waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('?status=active');
  });
});
