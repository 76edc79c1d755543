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
