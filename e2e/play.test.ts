import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { dbSchema } from '@rally/server';
import type { Harness } from './support/harness.js';
import { startHarness } from './support/harness.js';
import { solidPng } from './support/png.js';

// A demo store user takes part at /play on a phone: signs in with the demo password, completes a mission of a
// live demo campaign, gets a code with a copy button; the brand's owner then sees the completion and the code issued
// (codes left going down) in the report.
// Real server (built web app + API), fresh seeded database, Chromium.

const SHOTS = '/tmp/rally/shots-play';
const PHONE = { width: 390, height: 844 };
const CAMPAIGN_NAME = 'Cooler check every Monday';
const DEMO_STORE_USER = 'daniel.brown@brightside-staff.test';

let harness: Harness;
let participantEmail: string;
let campaignId: number;
let codeRewardTitle: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  harness = await startHarness();
  const { db } = harness.database;
  const campaign = await db.query.campaigns.findFirst({ where: (c, { eq: is }) => is(c.name, CAMPAIGN_NAME) });
  if (!campaign) throw new Error(`the demo data has no campaign named ${CAMPAIGN_NAME}`);
  campaignId = campaign.id;
  // A demo store user the README lists (password demo1234); the campaign reaches every store of the brand.
  const user = await db.query.storeUsers.findFirst({ where: (u, { eq: is }) => is(u.email, DEMO_STORE_USER) });
  if (user?.brandId !== campaign.brandId) throw new Error(`${DEMO_STORE_USER} is not a store user of the campaign's brand`);
  participantEmail = DEMO_STORE_USER;
  // The demo campaign has a code reward that one completion unlocks.
  const codeReward = await db.query.rewards.findFirst({
    where: (r, { eq: is, inArray }) => and(is(r.campaignId, campaign.id), inArray(r.type, ['discount', 'free_product', 'gift_card'])),
  });
  if (!codeReward) throw new Error(`the demo campaign ${CAMPAIGN_NAME} has no code reward`);
  codeRewardTitle = codeReward.title;
}, 120_000);

afterAll(() => harness?.close());

describe('participant app at /play', () => {
  it('is its own bundle: /play and its deep links serve the participant entry, the dashboard never loads it', async () => {
    for (const url of ['/play', '/play/', '/play/campaigns/1/missions/2']) {
      const res = await fetch(`${harness.baseUrl}${url}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/assets\/play-[\w-]+\.js/);
    }
    const dashboard = await (await fetch(`${harness.baseUrl}/campaign`)).text();
    expect(dashboard).not.toMatch(/assets\/play-/);
    // No participant route is reachable with no participant session.
    expect((await fetch(`${harness.baseUrl}/api/play/campaigns`)).status).toBe(401);
  });

  it("a demo store user signs in on a phone, completes a mission of a demo campaign and copies the code it unlocks; the owner's report counts the completion and one code fewer left", async () => {
    const context = await harness.browser.newContext({
      baseURL: harness.baseUrl,
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    // The demo data may already hold completions of this campaign: the report must show one more.
    const acceptedNow = async () => {
      const [row] = await harness.database.db
        .select({ n: count() })
        .from(dbSchema.completions)
        .where(and(eq(dbSchema.completions.campaignId, campaignId), eq(dbSchema.completions.status, 'accepted')));
      return Number(row?.n ?? 0);
    };
    const before = await acceptedNow();
    const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    // The brand's owner has the campaign's report open: its code reward's row (unlocked, codes left) before and after.
    const owner = await harness.newPage();
    const rewardRow = owner.page.getByRole('table', { name: 'Rewards' }).getByRole('row').filter({ hasText: codeRewardTitle });
    const rewardFigures = async () => {
      const [, , unlocked, left] = (await rewardRow.locator('td').allTextContents()).map((c) => Number(c.replace(/\D/g, '')));
      return { unlocked: unlocked ?? Number.NaN, codesLeft: left ?? Number.NaN };
    };
    try {
      await harness.signIn(owner.page, 'owner@brand.test');
      await owner.page.goto(`/campaign/report/${campaignId}`);
      await rewardRow.getByText(/^[\d,]+ codes?$/).waitFor();
      const rewardBefore = await rewardFigures();
      expect(rewardBefore.codesLeft).toBeGreaterThan(0);

      await page.goto('/play');
      await page.getByRole('heading', { level: 1, name: 'Sign in to take part' }).waitFor();
      await shot('01-sign-in');
      await page.locator('.segmented label', { hasText: 'Password' }).click();
      await page.getByRole('textbox', { name: 'Email' }).fill(participantEmail);
      await page.locator('input[type=password]').fill('demo1234');
      await page.getByRole('button', { name: 'Sign in' }).click();

      await page.getByRole('heading', { level: 1, name: 'Your campaigns' }).waitFor();
      await page.getByRole('link', { name: new RegExp(CAMPAIGN_NAME) }).waitFor();
      await shot('02-campaigns');
      await page.getByRole('link', { name: new RegExp(CAMPAIGN_NAME) }).click();
      await page.getByRole('heading', { level: 1, name: CAMPAIGN_NAME }).waitFor();
      await shot('03-campaign');

      // The first mission that takes entries; fill its form whatever its fields are.
      await page.getByRole('link', { name: 'Start' }).first().click();
      await page.locator('main form').waitFor();
      const photo = solidPng(32, 32);
      for (const input of await page.locator('main form input:not([type=radio]), main form select').all()) {
        const kind = await input.evaluate((el) => (el instanceof HTMLSelectElement ? 'select' : (el as HTMLInputElement).type));
        if (kind === 'select') await input.selectOption({ index: 1 });
        else if (kind === 'file') await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
        else await input.fill('3');
      }
      for (const group of await page.locator('main form fieldset').all()) {
        const first = group.locator('input[type=radio]').first();
        if (await first.count()) await first.check();
      }
      await shot('04-mission');
      await page.locator('main form button[type=submit]').click();

      await page.getByText('Done! Your entry counts.').waitFor();
      const copy = page.getByRole('button', { name: /^Copy code / });
      await copy.waitFor();
      const code = (await page.locator('code.code').first().textContent()) ?? '';
      expect(code).toMatch(/\S/);
      await copy.click();
      await page.getByRole('button', { name: 'Copied' }).or(page.getByText('Copied').first()).first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      await shot('05-unlocked');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My rewards' }).click();
      await page.getByRole('heading', { level: 1, name: 'My rewards' }).waitFor();
      await page.getByText(code, { exact: true }).waitFor();
      await shot('06-rewards');

      // The owner's report shows the completion, and the code it issued: one more unlocked, one code fewer left.
      await owner.page.reload();
      const totals = owner.page.getByRole('region', { name: 'Totals' });
      await totals.waitFor();
      await expect
        .poll(async () => Number((await totals.getByLabel('Completions').textContent())?.replace(/\D/g, '')), { timeout: 15_000 })
        .toBe(before + 1);
      expect(await acceptedNow()).toBe(before + 1);
      await expect.poll(rewardFigures).toEqual({ unlocked: rewardBefore.unlocked + 1, codesLeft: rewardBefore.codesLeft - 1 });
      await owner.page.screenshot({ path: path.join(SHOTS, '07-owner-report.png'), fullPage: true });
    } catch (error) {
      await shot('failure').catch(() => undefined);
      throw error;
    } finally {
      await owner.context.close();
      await context.close();
    }
  }, 180_000);
});
