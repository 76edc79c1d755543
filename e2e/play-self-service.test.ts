import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dbSchema } from '@rally/server';
import type { Harness } from './support/harness.js';
import { startHarness } from './support/harness.js';

// A demo store user manages themselves in /play on a phone (issue 30, decision 0027): picks a time zone and sees
// the campaign's end date move to it, switches the language for good, downloads their data and deletes their account,
// which signs them out; the account's row is anonymised and its entries stay.
// Real server (built web app + API), fresh seeded database, Chromium.

const SHOTS = '/tmp/rally/shots-play-self-service';
const PHONE = { width: 390, height: 844 };
const CAMPAIGN_NAME = 'Cooler check every Monday';
const DEMO_STORE_USER = 'daniel.brown@brightside-staff.test';
/** UTC−8/−7 and UTC+14: a day apart, so any instant shows another date and time. */
const HOME_ZONE = 'America/Los_Angeles';
const FAR_ZONE = 'Pacific/Kiritimati';

let harness: Harness;
let endDate: number;
let userId: number;

/** What /play's one formatter shows for an instant (Intl in both; spaces compared loosely, ICU may use U+202F). */
const shown = (epochSeconds: number, lang: string, timeZone: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(epochSeconds * 1000));
const loose = (text: string) => text.replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  harness = await startHarness();
  const { db } = harness.database;
  const campaign = await db.query.campaigns.findFirst({ where: (c, { eq: is }) => is(c.name, CAMPAIGN_NAME) });
  if (!campaign?.endDate) throw new Error(`the demo data has no campaign named ${CAMPAIGN_NAME} with an end date`);
  endDate = Math.floor(campaign.endDate.getTime() / 1000);
  const user = await db.query.storeUsers.findFirst({ where: (u, { eq: is }) => is(u.email, DEMO_STORE_USER) });
  if (!user) throw new Error(`the demo data has no store user ${DEMO_STORE_USER}`);
  userId = user.id;
}, 300_000);

afterAll(() => harness?.close());

describe('participant self-service at /play', () => {
  it('a store user changes time zone and language, downloads their data and deletes their account, and is signed out', async () => {
    const context = await harness.browser.newContext({
      baseURL: harness.baseUrl,
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      timezoneId: HOME_ZONE,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    const campaignCard = () => page.getByRole('link', { name: new RegExp(CAMPAIGN_NAME) });
    const nav = () => page.getByRole('navigation', { name: /Main|Principal/ });
    try {
      await page.goto('/play');
      await page.getByRole('heading', { level: 1, name: 'Sign in to take part' }).waitFor();
      await page.locator('.segmented label', { hasText: 'Password' }).click();
      await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_STORE_USER);
      await page.locator('input[type=password]').fill('demo1234');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your campaigns' }).waitFor();

      // No zone chosen yet: the campaign's end in the browser's zone.
      await campaignCard().waitFor();
      expect(loose((await campaignCard().textContent()) ?? '')).toContain(loose(`Ends ${shown(endDate, 'en', HOME_ZONE)}`));
      await shot('01-campaigns-home-zone');

      await nav().getByRole('link', { name: 'Me' }).click();
      await page.getByRole('heading', { level: 1, name: 'Me' }).waitFor();
      await page.locator('#me-time-zone').selectOption(FAR_ZONE);
      await expect.poll(async () => (await harness.database.db.query.storeUsers.findFirst({ where: (u, { eq: is }) => is(u.id, userId) }))?.timeZone).toBe(FAR_ZONE);
      await shot('02-me-zone');

      await nav().getByRole('link', { name: 'Campaigns' }).click();
      await campaignCard().waitFor();
      await expect.poll(async () => loose((await campaignCard().textContent()) ?? '')).toContain(loose(`Ends ${shown(endDate, 'en', FAR_ZONE)}`));
      expect(loose(shown(endDate, 'en', FAR_ZONE))).not.toBe(loose(shown(endDate, 'en', HOME_ZONE)));

      // The language is saved for the person, not only this device: French everywhere, dates in French too.
      await nav().getByRole('link', { name: 'Me' }).click();
      await page.locator('#me-language').selectOption('fr');
      await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor();
      await expect.poll(async () => (await harness.database.db.query.storeUsers.findFirst({ where: (u, { eq: is }) => is(u.id, userId) }))?.locale).toBe('fr');
      await nav().getByRole('link', { name: 'Campagnes' }).click();
      await campaignCard().waitFor();
      await expect.poll(async () => loose((await campaignCard().textContent()) ?? '')).toContain(loose(shown(endDate, 'fr', FAR_ZONE)));
      await shot('03-campaigns-french-far-zone');

      // My data: a JSON file with my profile and only my rows.
      await nav().getByRole('link', { name: 'Moi' }).click();
      await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Télécharger mes données' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^rally-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const file = await download.path();
      const data = JSON.parse(readFileSync(file, 'utf8')) as {
        profile: { id: number; email: string; language: string; timeZone: string };
        completions: { id: number }[];
      };
      expect(data.profile).toMatchObject({ id: userId, email: DEMO_STORE_USER, language: 'fr', timeZone: FAR_ZONE });
      const mine = await harness.database.db.select({ id: dbSchema.completions.id }).from(dbSchema.completions).where(eq(dbSchema.completions.storeUserId, userId));
      expect(data.completions.map((c) => c.id).sort((a, b) => a - b)).toEqual(mine.map((c) => c.id).sort((a, b) => a - b));

      // Deleting: the confirmation says what is kept and, with money earned, what is given up; then I am signed out.
      const deleteSection = page.getByRole('region', { name: 'Supprimer mon compte' });
      await deleteSection.getByText(/participations et .* récompenses restent/).waitFor();
      const button = deleteSection.getByRole('button', { name: 'Supprimer définitivement mon compte' });
      expect(await button.isDisabled()).toBe(true);
      await deleteSection.getByRole('checkbox').check();
      await shot('04-delete-confirm');
      await button.click();
      await page.getByText('Votre compte a été supprimé.').waitFor();
      await page.getByRole('heading', { level: 1, name: /Connectez-vous|Inicia|Sign in/ }).waitFor();
      await shot('05-deleted-signed-out');
      expect((await page.request.get('/api/play/me')).status()).toBe(401);

      const row = await harness.database.db.query.storeUsers.findFirst({ where: (u, { eq: is }) => is(u.id, userId) });
      expect(row).toMatchObject({ name: 'Deleted participant', email: null, passwordHash: null });
      expect(row?.deletedAt).toBeInstanceOf(Date);
      const kept = await harness.database.db.select({ id: dbSchema.completions.id }).from(dbSchema.completions).where(eq(dbSchema.completions.storeUserId, userId));
      expect(kept).toHaveLength(mine.length);

      // The password no longer opens anything.
      await page.locator('.segmented label').nth(1).click();
      await page.getByRole('textbox').first().fill(DEMO_STORE_USER);
      await page.locator('input[type=password]').fill('demo1234');
      await page.locator('main form button[type=submit]').click();
      await page.locator('.field-error, .error').first().waitFor();
      expect((await page.request.get('/api/play/me')).status()).toBe(401);
    } catch (error) {
      await shot('failure').catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  }, 240_000);
});
