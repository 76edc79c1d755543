import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dbSchema } from '@rally/server';
import type { Harness } from './support/harness.js';
import { startHarness } from './support/harness.js';

// Payouts (issue 29): a demo store employee who earned money sets where it goes in /play, requests a payout and sees
// it paid by the TEST MODE sandbox; the brand's owner sees it on the Payouts screen. Real server, fresh seeded
// database, Chromium.

const SHOTS = '/tmp/rally/shots-payouts';
const PHONE = { width: 390, height: 844 };
const DEMO_STORE_USER = 'daniel.brown@brightside-staff.test';
const EARNED = 2_500;

let harness: Harness;
let userName: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  harness = await startHarness();
  const { db } = harness.database;
  const user = await db.query.storeUsers.findFirst({ where: (u, { eq: is }) => is(u.email, DEMO_STORE_USER) });
  if (!user) throw new Error(`the demo data has no store user ${DEMO_STORE_USER}`);
  userName = user.name;
  // Money the employee earned: an issued unlock of a money reward of their brand, as the engine issues one (the
  // engine's own path to it is tested in apps/server/src/modules/payouts/payouts.test.ts); its trigger credits the
  // payout balance.
  let reward = await db.query.rewards.findFirst({ where: (r, { eq: is }) => and(is(r.brandId, user.brandId), is(r.type, 'money')) });
  if (!reward) {
    const campaign = await db.query.campaigns.findFirst({ where: (c, { eq: is }) => is(c.brandId, user.brandId) });
    if (!campaign) throw new Error('the demo brand has no campaign');
    [reward] = await db
      .insert(dbSchema.rewards)
      .values({ brandId: user.brandId, campaignId: campaign.id, type: 'money', title: '$25 bonus', amountCents: EARNED, budgetCents: EARNED, budgetPaidCents: EARNED })
      .returning();
  }
  await db.insert(dbSchema.rewardUnlocks).values({ brandId: reward!.brandId, campaignId: reward!.campaignId, rewardId: reward!.id, storeUserId: user.id, amountCents: EARNED, status: 'issued' });
}, 300_000);

afterAll(() => harness?.close());

describe('payouts', () => {
  it('a store employee sets PayPal in /play, requests a payout and sees it paid in the sandbox; the brand sees it on its Payouts screen', async () => {
    const context = await harness.browser.newContext({ baseURL: harness.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
    const page = await context.newPage();
    const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    const owner = await harness.newPage();
    try {
      await page.goto('/play');
      await page.getByRole('heading', { level: 1, name: 'Sign in to take part' }).waitFor();
      await page.locator('.segmented label', { hasText: 'Password' }).click();
      await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_STORE_USER);
      await page.locator('input[type=password]').fill('demo1234');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your campaigns' }).waitFor();

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My rewards' }).click();
      await page.getByRole('heading', { level: 2, name: 'Payouts' }).waitFor();
      await page.getByText('TEST MODE: payouts are simulated').waitFor();
      const request = page.getByRole('button', { name: /^Request payout of \$/ });
      await request.waitFor();
      // No details yet: the request waits for them.
      expect(await request.isDisabled()).toBe(true);
      await shot('01-balance');

      const details = page.getByRole('form', { name: 'Where your money goes' });
      await details.getByLabel('Method').selectOption('paypal');
      await details.getByRole('textbox', { name: /PayPal email/ }).fill('not-an-email');
      await details.getByRole('button', { name: 'Save payout details' }).click();
      await details.getByText('enter the email of your PayPal account').waitFor();
      await details.getByRole('textbox', { name: /PayPal email/ }).fill('daniel.brown@paypal.test');
      await details.getByRole('button', { name: 'Save payout details' }).click();
      await details.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      await shot('02-details');

      await expect.poll(() => request.isEnabled()).toBe(true);
      const amountText = (await request.textContent()) ?? '';
      await request.click();
      const history = page.getByRole('list', { name: 'My payouts' });
      await history.getByText('Paid', { exact: true }).waitFor();
      await history.getByText('daniel.brown@paypal.test').waitFor();
      await page.getByText(/^Ready to pay out: \$0\.00$/).first().waitFor();
      await shot('03-paid');

      const { db } = harness.database;
      const [paid] = await db.select().from(dbSchema.payouts).where(eq(dbSchema.payouts.address, 'daniel.brown@paypal.test'));
      expect(paid).toMatchObject({ status: 'paid', provider: 'sandbox' });
      expect(amountText).toContain((paid!.amountCents / 100).toFixed(2));
      expect(paid!.amountCents).toBeGreaterThanOrEqual(EARNED);

      await harness.signIn(owner.page, 'owner@brand.test');
      await owner.page.goto('/payouts');
      await owner.page.getByRole('heading', { name: 'Payouts' }).first().waitFor();
      const row = owner.page.getByRole('table', { name: 'Payouts' }).getByRole('row').filter({ hasText: userName });
      await row.getByText('Paid').waitFor();
      await row.getByText('daniel.brown@paypal.test').waitFor();
      await owner.page.getByRole('combobox', { name: 'Status' }).click();
      await owner.page.getByRole('option', { name: 'Failed' }).click();
      await owner.page.getByText('No payouts yet.').waitFor();
      await owner.page.screenshot({ path: path.join(SHOTS, '04-brand-payouts.png'), fullPage: true });
    } finally {
      await context.close();
      await owner.context.close();
    }
  });
});
