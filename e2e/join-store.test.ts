import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dbSchema } from '@rally/server';
import { startSmtpCapture, type SmtpCapture } from '../apps/server/src/testing/smtp-capture.js';
import type { Harness } from './support/harness.js';
import { startHarness } from './support/harness.js';
import { solidPng } from './support/png.js';

// Join by store code (issue 30): a newcomer opens a store's QR link on a phone, signs up and waits; the brand's owner
// approves on the store page; the newcomer sees the campaign. A store manager then records an entry for that
// colleague in /play, and the colleague sees it credited. Real server (built web app + API), seeded database, Chromium.

const PHONE = { width: 390, height: 844 };
const CAMPAIGN_NAME = 'Cooler check every Monday';
const DEMO_STORE_USER = 'daniel.brown@brightside-staff.test';
const NEWCOMER = { name: 'Nora Newcomer', email: 'nora.newcomer@people.test' };

let harness: Harness;
let mail: SmtpCapture;
let storeId: number;

beforeAll(async () => {
  mail = await startSmtpCapture();
  harness = await startHarness({ env: { SMTP_URL: mail.url } });
  const { db } = harness.database;
  // The demo store user's store (the campaign reaches every store of its brand); they are its manager here.
  const manager = await db.query.storeUsers.findFirst({ where: (u, { eq: is }) => is(u.email, DEMO_STORE_USER) });
  if (!manager) throw new Error(`the demo data has no store user ${DEMO_STORE_USER}`);
  storeId = manager.storeId;
  await db.update(dbSchema.storeUsers).set({ role: 'manager' }).where(eq(dbSchema.storeUsers.id, manager.id));
}, 180_000);

afterAll(async () => {
  await harness?.close();
  await mail?.close();
});

const phone = () =>
  harness.browser.newContext({ baseURL: harness.baseUrl, viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' });

describe('join a store with its QR link', () => {
  it('a newcomer signs up from the link and waits; the owner approves; the newcomer sees the campaign; a manager enters for them and they see it credited', async () => {
    const owner = await harness.newPage();
    await harness.signIn(owner.page, 'owner@brand.test');
    await owner.page.goto(`/stores/${storeId}`);
    const urlField = owner.page.getByTestId('store-join-url');
    await urlField.waitFor();
    const joinUrl = new URL(await urlField.inputValue());
    expect(joinUrl.pathname).toMatch(/^\/play\/join\/[A-Za-z0-9_-]{22}$/);
    await owner.page.getByRole('img', { name: "QR code of the store's join link" }).waitFor();

    const newcomer = await phone();
    const page = await newcomer.newPage();
    await page.goto(joinUrl.pathname);
    await page.getByRole('heading', { level: 1, name: 'Join your store on Rally' }).waitFor();
    await page.getByRole('textbox', { name: 'Your name' }).fill(NEWCOMER.name);
    await page.getByRole('textbox', { name: 'Email' }).fill(NEWCOMER.email);
    const before = mail.messages.length;
    await page.getByRole('button', { name: 'Send me a code' }).click();
    const sent = await mail.waitFor((m) => mail.messages.indexOf(m) >= before && m.to.includes(NEWCOMER.email), 30_000);
    const code = /code is (\d{6})/.exec(sent.text)![1]!;
    await page.getByRole('textbox', { name: 'Six-digit code' }).fill(code);
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByRole('heading', { level: 1, name: 'Waiting for approval' }).waitFor();

    // The owner sees the newcomer waiting on the store page and approves.
    await owner.page.reload();
    await owner.page.getByRole('button', { name: `Approve ${NEWCOMER.name}` }).click();
    await owner.page.getByText(`${NEWCOMER.name} can now take part`).waitFor();

    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByRole('heading', { level: 1, name: 'You are in' }).waitFor();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your campaigns' }).waitFor();
    await page.getByRole('link', { name: new RegExp(CAMPAIGN_NAME) }).waitFor();

    // The store's manager records the first mission for the newcomer.
    const managerContext = await phone();
    const mp = await managerContext.newPage();
    await mp.goto('/play');
    await mp.locator('.segmented label', { hasText: 'Password' }).click();
    await mp.getByRole('textbox', { name: 'Email' }).fill(DEMO_STORE_USER);
    await mp.locator('input[type=password]').fill('demo1234');
    await mp.getByRole('button', { name: 'Sign in' }).click();
    await mp.getByRole('link', { name: new RegExp(CAMPAIGN_NAME) }).click();
    await mp.getByRole('heading', { level: 1, name: CAMPAIGN_NAME }).waitFor();
    await mp.getByRole('link', { name: 'Start' }).first().click();
    await mp.locator('main form').waitFor();
    await mp.getByLabel('Entering for').selectOption({ label: NEWCOMER.name });
    const photo = solidPng(32, 32);
    for (const input of await mp.locator('main form input:not([type=radio]), main form select').all()) {
      const kind = await input.evaluate((el) => (el instanceof HTMLSelectElement ? 'select' : (el as HTMLInputElement).type));
      if (kind === 'select') await input.selectOption({ index: 1 });
      else if (kind === 'file') await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
      else await input.fill('3');
    }
    for (const group of await mp.locator('main form fieldset').all()) {
      const first = group.locator('input[type=radio]').first();
      if (await first.count()) await first.check();
    }
    await mp.locator('main form button[type=submit]').click();
    await mp.getByText(`Recorded for ${NEWCOMER.name}.`).waitFor();

    // The completion is the newcomer's, entered by the manager; the newcomer sees what it unlocked.
    const { db } = harness.database;
    const newcomerRow = (await db.query.storeUsers.findFirst({ where: (u, { eq: is }) => is(u.email, NEWCOMER.email) }))!;
    const managerRow = (await db.query.storeUsers.findFirst({ where: (u, { eq: is }) => is(u.email, DEMO_STORE_USER) }))!;
    const rows = await db
      .select({ enteredBy: dbSchema.completions.enteredBy })
      .from(dbSchema.completions)
      .where(eq(dbSchema.completions.storeUserId, newcomerRow.id));
    expect(rows).toEqual([{ enteredBy: managerRow.id }]);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My rewards' }).click();
    await page.getByRole('heading', { level: 1, name: 'My rewards' }).waitFor();
    await page.locator('code.code').first().waitFor();
    await newcomer.close();
    await managerContext.close();
    await owner.context.close();
  }, 240_000);
});
