import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  formatZoned,
  type TCampaign,
  type TCampaignList,
  type TCampaignReport,
  type TPauseDetails,
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

afterAll(() => closeSession?.());

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
    const { db } = harness.database;
    const brandId = campaign.brandId;
    const [contestCampaign] = await db
      .insert(dbSchema.campaigns)
      .values({ brandId, publicUid: randomBytes(9).toString('base64url'), name: 'Cooler sales race', type: 'contest', status: 'active', startDate: new Date(Date.now() - DAY * 1000), finishCriteria: ['days_over'] })
      .returning();
    const [mission] = await db.insert(dbSchema.missions).values({ brandId, title: 'Log a cooler sale', type: 'contest', status: 'ready' }).returning();
    const [cm] = await db
      .insert(dbSchema.campaignMissions)
      .values({
        brandId,
        campaignId: contestCampaign!.id,
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
    const [store] = await db.insert(dbSchema.stores).values({ brandId, name: 'Race Store', countryCode: 'US', formattedAddress: '1 Race St', status: 'approved' }).returning();
    // Three participants, each with a session, submitting sales through the participant API.
    const racers = [
      { name: 'Rita Runner', sales: [120_00, 80_00] },
      { name: 'Omar Overtake', sales: [450_00] },
      { name: 'Lena Last', sales: [30_00] },
    ];
    for (const racer of racers) {
      const [user] = await db.insert(dbSchema.storeUsers).values({ brandId, storeId: store!.id, name: racer.name }).returning();
      const token = randomBytes(32).toString('base64url');
      await db.insert(dbSchema.playSessions).values({
        tokenHash: createHash('sha256').update(token).digest('base64url'),
        brandId,
        storeUserId: user!.id,
        expiresAt: new Date(Date.now() + DAY * 1000),
      });
      for (const cents of racer.sales) {
        const res = await fetch(`${harness.baseUrl}/api/play/campaigns/${contestCampaign!.id}/missions/${cm!.id}/completions`, {
          method: 'POST',
          headers: {
            cookie: `rally_play_session=${token}`,
            'idempotency-key': randomBytes(8).toString('hex'),
            origin: harness.baseUrl,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ kind: 'contest', salesAmountCents: cents }),
        });
        expect(res.status).toBe(201);
        expect(((await res.json()) as { completion: { status: string } }).completion.status).toBe('accepted');
      }
    }

    // Every request the tab makes succeeds (a refused one shows an error notice, and once hid an unnamed close button).
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
    });
    await page.goto(`/campaign/report/${contestCampaign!.id}`);
    await heading('Cooler sales race').waitFor();
    await page.getByRole('tab', { name: 'Leaderboard' }).click();
    const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Rank' }) });
    await table.getByRole('row').filter({ hasText: 'Lena Last' }).waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(3);
    const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
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
