import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { and, count, eq } from 'drizzle-orm';
import { dbSchema } from '@rally/server';
import type { Harness } from './support/harness.js';
import { startHarness } from './support/harness.js';
import { solidPng } from './support/png.js';

// A demo store user takes part at /play on a phone: signs in with the demo password, completes a mission of a
// live campaign, gets a code with a copy button; the brand's owner then sees the completion in the report.
// Real server (built web app + API), fresh seeded database, Chromium.

const SHOTS = '/tmp/rally/shots-play';
const PHONE = { width: 390, height: 844 };
const CAMPAIGN_NAME = 'Cooler check every Monday';

let harness: Harness;
let participantEmail: string;
let campaignId: number;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  harness = await startHarness();
  const { db } = harness.database;
  const campaign = await db.query.campaigns.findFirst({ where: (c, { eq: is }) => is(c.name, CAMPAIGN_NAME) });
  if (!campaign) throw new Error(`the demo data has no campaign named ${CAMPAIGN_NAME}`);
  campaignId = campaign.id;
  // The campaign reaches every store of the brand: any of its store users takes part.
  const user = await db.query.storeUsers.findFirst({
    where: (u, { eq: is }) => is(u.brandId, campaign.brandId),
    orderBy: (u, { asc }) => [asc(u.id)],
  });
  if (!user?.email) throw new Error('the demo brand has no store user with an email');
  participantEmail = user.email;
  // Demo store users sign in with demo1234; set it here in case the seed has not given this one a password yet.
  if (!user.passwordHash) {
    await db.update(dbSchema.storeUsers).set({ passwordHash: await hash('demo1234') }).where(eq(dbSchema.storeUsers.id, user.id));
  }
  // A code reward unlocked by one completion, so the participant gets a code to copy.
  const existing = await db.query.rewards.findFirst({
    where: (r, { eq: is }) => and(is(r.campaignId, campaign.id), is(r.type, 'discount')),
  });
  if (!existing) {
    const [reward] = await db
      .insert(dbSchema.rewards)
      .values({ brandId: campaign.brandId, campaignId: campaign.id, type: 'discount', title: '10% off in store', completionsToUnlock: 1, maxPerUser: 1 })
      .returning();
    await db.insert(dbSchema.rewardCodes).values(
      Array.from({ length: 5 }, (_, i) => ({ brandId: campaign.brandId, rewardId: reward!.id, code: `COOL-${1000 + i}` })),
    );
  }
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

  it('a demo store user signs in on a phone, completes a mission and copies the code it unlocks; the owner sees it in the report', async () => {
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
    try {
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

      // The brand's owner sees the completion and the unlocked reward in the campaign's report.
      const owner = await harness.newPage();
      try {
        await harness.signIn(owner.page, 'owner@brand.test');
        await owner.page.goto(`/campaign/report/${campaignId}`);
        const totals = owner.page.getByRole('region', { name: 'Totals' });
        await totals.waitFor();
        await expect
          .poll(async () => Number((await totals.getByLabel('Completions').textContent())?.replace(/\D/g, '')), { timeout: 15_000 })
          .toBe(before + 1);
        expect(await acceptedNow()).toBe(before + 1);
        expect((await totals.getByLabel('Rewards unlocked').textContent())?.trim()).not.toBe('0');
        await owner.page.screenshot({ path: path.join(SHOTS, '07-owner-report.png'), fullPage: true });
      } finally {
        await owner.context.close();
      }
    } catch (error) {
      await shot('failure').catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  }, 180_000);
});
