import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { TManagedStoreList } from '@rally/domain';
import { dbSchema, startLocalPushService, type LocalPushService } from '@rally/server';
import { startSmtpCapture, type SmtpCapture } from '../apps/server/src/testing/smtp-capture.js';
import { ARTIFACTS, freePort, startHarness, type Harness } from './support/harness.js';
import { solidPng } from './support/png.js';

// Store staff get in (issue 30), tried as new people would in Chromium, one journey on one server:
// 1. a retailer imports its staff list (a preview, then a summary), sees them in the store, and invites one more
//    employee, who follows the mailed /play link;
// 2. a newcomer opens a store's QR/join link on a phone, signs up in /play and waits; the store's brand approves on
//    the store page; the newcomer sees their status change and the store's campaign;
// 3. the newcomer, now a staff member, allows notifications in /play (real service worker, local push service); a
//    campaign launches to the store;
// 4. the inbox shows it and the push reaches the local push service (VAPID checked, body decrypted) and Chromium's
//    service worker, which shows it; the staff member completes a mission and sees the reward;
// 5. the store's manager enters a sale for the colleague, audited as entered by the manager, and the colleague sees
//    it credited.
// Steps 2–5 happen at a store of Brightside Beverages (a brand): its demo campaign "Cooler check every Monday" (a photo
// mission, a code per check) reaches every store of the brand, so the newcomer has a mission to complete and a reward
// to see; the demo retailer's running campaigns are a quiz and contests.
// Real server (built web app + API), seeded database, real SMTP capture.
//
// Offline, Chromium's own push service (FCM) cannot be reached, so its PushManager is given a subscription at the
// local push service instead (an init script); everything else — permission, worker, encryption, VAPID, the job
// queue — is real, and the worker receives the push through DevTools' ServiceWorker.deliverPushMessage.

const SHOTS = path.join(ARTIFACTS, 'store-staff-journey');
const PHONE = { width: 390, height: 844 };
const CAMPAIGN_NAME = 'Cooler check every Monday';
// A demo store user of Brightside Beverages; made their store's manager in beforeAll.
const MANAGER = 'daniel.brown@brightside-staff.test';
const NEWCOMER = { name: 'Nora Newcomer', email: 'nora.newcomer@people.test' };

let h: Harness;
let mail: SmtpCapture;
let push: LocalPushService;
let storeId: number;
let owner: { context: BrowserContext; page: Page };
let newcomer: BrowserContext;
let np: Page;
let cdp: CDPSession;
const registrations: { registrationId: string; scopeURL: string }[] = [];
let subscription: ReturnType<LocalPushService['subscribe']>;
let serverKey: string;
let launched: string;

/** A full-page screenshot to look at (not an assertion): one that cannot be taken in time is reported, not failed. */
async function shot(page: Page, name: string) {
  await page
    .screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, timeout: 15_000 })
    .catch((error: unknown) => console.warn(`screenshot ${name} not taken: ${String(error).split('\n')[0]}`));
}

/** Fills a mission's entry form in /play with plausible answers: a photo, numbers, the first choices. */
async function fillEntry(page: Page) {
  await page.locator('main form').waitFor({ timeout: 30_000 });
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
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  mail = await startSmtpCapture();
  push = await startLocalPushService();
  // A known port: the invitation's /play link is built from PUBLIC_URL and followed by the browser.
  h = await startHarness({ port: await freePort(), env: { SMTP_URL: mail.url, NOTIFICATION_SWEEP_SECONDS: '0.5' } });
  const { db } = h.database;
  // The demo store user's store (the demo campaign reaches every store of its brand); they are its manager here.
  const manager = await db.query.storeUsers.findFirst({ where: (u, { eq: is }) => is(u.email, MANAGER) });
  if (!manager) throw new Error(`the demo data has no store user ${MANAGER}`);
  storeId = manager.storeId;
  await db.update(dbSchema.storeUsers).set({ role: 'manager' }).where(eq(dbSchema.storeUsers.id, manager.id));
}, 300_000);

afterAll(async () => {
  await newcomer?.close();
  await owner?.context.close();
  await h?.close();
  await mail?.close();
  await push?.close();
});

describe('store staff get in: import, join by QR link, notifications, a manager enters for a colleague', () => {
  it('1. a retailer imports its staff list with a preview and a summary, sees them in the store, and invites an employee who gets the /play link', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(page, 'retailer@retail.test');

    // Two of the retailer's stores, by their references.
    const list = await page.request.post('/api/store/read/store/list', { data: { sort: 'storeName', perPage: 20 }, headers: { 'x-rally-request': '1' } });
    const stores = ((await list.json()) as TManagedStoreList).items.filter((s) => s.refId);
    expect(stores.length).toBeGreaterThanOrEqual(2);
    const [north, south] = stores as [(typeof stores)[0], (typeof stores)[0]];

    const file = path.join(SHOTS, 'staff-import.csv');
    writeFileSync(
      file,
      [
        'email,name,store,role,language',
        `nora.import@staff-e2e.test,Nora Import,${north.refId},staff,es`,
        `sam.import@staff-e2e.test,Sam Import,${south.refId},manager,en`,
        `broken-address,Nobody,${north.refId},staff,`,
      ].join('\n'),
    );

    await page.goto('/stores');
    await page.getByRole('link', { name: 'Import staff' }).click();
    await page.waitForURL(/\/stores\/staff-import$/);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a file' }).click();
    await (await chooser).setFiles(file);

    // The preview: every row with what would happen; nothing saved yet.
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => preview.getByTestId('staff-import-added').textContent()).toBe('2');
    await expect.poll(() => preview.getByTestId('staff-import-refused').textContent()).toBe('1');
    expect(await preview.getByText('Not a valid email address').count()).toBeGreaterThan(0);
    await shot(page, '01-staff-import-preview');

    await page.getByRole('button', { name: 'Apply (2 changes)' }).click();
    const summary = page.getByRole('region', { name: 'Import summary' });
    await expect.poll(() => summary.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => summary.getByTestId('staff-import-added').textContent()).toBe('2');
    await expect.poll(() => summary.getByRole('region', { name: 'Refused rows' }).getByText('broken-address').count()).toBe(1);
    await shot(page, '02-staff-import-summary');

    // The store page lists the imported person.
    await page.goto(`/stores/${north.id}`);
    const staff = page.getByRole('region', { name: 'Staff' });
    await expect.poll(() => staff.getByRole('cell', { name: 'Nora Import', exact: true }).count(), { timeout: 15_000 }).toBe(1);
    expect(await staff.getByRole('cell', { name: 'nora.import@staff-e2e.test' }).count()).toBe(1);

    // Invite one more employee, in French; the mail carries the /play link in their language.
    await staff.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a person to this store' });
    await dialog.getByLabel('Name').fill('Inès Invitée');
    await dialog.getByLabel('Email').fill('ines.invite@staff-e2e.test');
    await dialog.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'French' }).click();
    await dialog.getByRole('button', { name: 'Send the invitation' }).click();
    await expect.poll(() => staff.getByRole('cell', { name: 'Inès Invitée', exact: true }).count(), { timeout: 15_000 }).toBe(1);

    const invitation = await mail.waitFor((m) => m.to.includes('ines.invite@staff-e2e.test'), 20_000);
    expect(invitation.subject).toContain('vous invite');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/play\?\S+)/.exec(invitation.text)?.[1];
    expect(link, invitation.text).toBeDefined();
    expect(new URL(link!).searchParams.get('lang')).toBe('fr');

    // The employee follows the link: /play opens on its sign-in, in French, with the address filled in.
    const employee = await h.newPage();
    await employee.page.goto(link!);
    const address = employee.page.locator('input[name="email"]');
    await expect.poll(() => address.count(), { timeout: 15_000 }).toBe(1);
    expect(await address.inputValue()).toBe('ines.invite@staff-e2e.test');
    await expect.poll(() => employee.page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await shot(employee.page, '03-staff-invitation-play');
    await employee.context.close();
    await context.close();
  }, 240_000);

  it('2. a newcomer signs up in /play from a store\'s QR link and waits; the store\'s brand approves; the newcomer sees their status change and the campaign', async () => {
    owner = await h.newPage();
    await h.signIn(owner.page, 'owner@brand.test');
    await owner.page.goto(`/stores/${storeId}`);
    const urlField = owner.page.getByTestId('store-join-url');
    await urlField.waitFor({ timeout: 30_000 });
    const joinUrl = new URL(await urlField.inputValue());
    expect(joinUrl.pathname).toMatch(/^\/play\/join\/[A-Za-z0-9_-]{22}$/);
    await owner.page.getByRole('img', { name: "QR code of the store's join link" }).waitFor();

    // The newcomer's phone: notifications allowed when asked, its push service the local one (see above); the page's
    // call is checked to carry the server's VAPID key.
    subscription = push.subscribe();
    newcomer = await h.browser.newContext({ baseURL: h.baseUrl, viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' });
    await newcomer.grantPermissions(['notifications'], { origin: h.baseUrl });
    await newcomer.addInitScript((sub: { endpoint: string; keys: { p256dh: string; auth: string } }) => {
      let current: PushSubscription | null = null;
      const w = window as unknown as { __subscribeKey?: string };
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : ArrayBuffer.isView(key) ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength) : null;
        w.__subscribeKey = bytes ? btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : String(key);
        current = {
          endpoint: sub.endpoint,
          expirationTime: null,
          options: { applicationServerKey: null, userVisibleOnly: true },
          getKey: () => null,
          toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        } as unknown as PushSubscription;
        return current;
      };
      PushManager.prototype.getSubscription = async function () {
        return current;
      };
    }, subscription);
    np = await newcomer.newPage();
    cdp = await newcomer.newCDPSession(np);
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');

    await np.goto(joinUrl.pathname);
    await np.getByRole('heading', { level: 1, name: 'Join your store on Rally' }).waitFor({ timeout: 30_000 });
    await shot(np, '04-join-link');
    await np.getByRole('textbox', { name: 'Your name' }).fill(NEWCOMER.name);
    await np.getByRole('textbox', { name: 'Email' }).fill(NEWCOMER.email);
    const before = mail.messages.length;
    await np.getByRole('button', { name: 'Send me a code' }).click();
    const sent = await mail.waitFor((m) => mail.messages.indexOf(m) >= before && m.to.includes(NEWCOMER.email), 30_000);
    const code = /code is (\d{6})/.exec(sent.text)![1]!;
    await np.getByRole('textbox', { name: 'Six-digit code' }).fill(code);
    await np.getByRole('button', { name: 'Join' }).click();
    await np.getByRole('heading', { level: 1, name: 'Waiting for approval' }).waitFor({ timeout: 30_000 });
    await shot(np, '05-waiting-for-approval');

    // The brand sees the newcomer waiting on the store page and approves.
    await owner.page.reload();
    await owner.page.getByRole('button', { name: `Approve ${NEWCOMER.name}` }).click({ timeout: 30_000 });
    await owner.page.getByText(`${NEWCOMER.name} can now take part`).waitFor({ timeout: 30_000 });

    await np.getByRole('button', { name: 'Check again' }).click();
    await np.getByRole('heading', { level: 1, name: 'You are in' }).waitFor({ timeout: 30_000 });
    await np.getByRole('button', { name: 'Start' }).click();
    await np.getByRole('heading', { level: 1, name: 'Your campaigns' }).waitFor({ timeout: 30_000 });
    await np.getByRole('link', { name: new RegExp(CAMPAIGN_NAME) }).waitFor();
  }, 240_000);

  it('3. the staff member allows notifications in /play (installable, real service worker); a campaign launches to the store', async () => {
    const { db } = h.database;
    const user = (await db.query.storeUsers.findFirst({ where: (u, { eq: is }) => is(u.email, NEWCOMER.email) }))!;
    expect(user).toMatchObject({ storeId, status: 'active' });

    // /play is installable: its manifest is linked and served, and the service worker is registered for /play/.
    const manifestHref = await np.locator('link[rel=manifest]').getAttribute('href');
    const manifest = (await (await fetch(`${h.baseUrl}${manifestHref}`)).json()) as { start_url: string; display: string; icons: { sizes: string }[] };
    expect(manifest).toMatchObject({ start_url: '/play/', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    const worker = await np.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return { scope: r.scope, script: r.active?.scriptURL ?? '' };
    });
    expect(worker).toEqual({ scope: `${h.baseUrl}/play/`, script: `${h.baseUrl}/play/sw.js` });

    await np.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Inbox/ }).click();
    await np.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await shot(np, '06-inbox-offer');
    await np.getByRole('button', { name: 'Turn on notifications' }).click();
    await np.getByRole('button', { name: 'Turn on notifications' }).waitFor({ state: 'detached', timeout: 30_000 });
    expect(await np.evaluate(() => Notification.permission)).toBe('granted');
    serverKey = await np.evaluate(async () => ((await (await fetch('/api/play/notifications/push-key')).json()) as { publicKey: string }).publicKey);
    expect(await np.evaluate(() => (window as unknown as { __subscribeKey?: string }).__subscribeKey)).toBe(serverKey);
    await expect
      .poll(() => db.query.pushSubscriptions.findFirst({ where: (s, { eq: is }) => is(s.endpoint, subscription.endpoint) }), { timeout: 15_000 })
      .toMatchObject({ participant: `u:${user.id}`, language: 'en' });

    // A campaign of the store's brand, reaching this store, launches.
    launched = `Spring launch ${randomBytes(3).toString('hex')}`;
    const [campaign] = await db
      .insert(dbSchema.campaigns)
      .values({ brandId: user.brandId, publicUid: randomBytes(9).toString('base64url'), type: 'general', name: launched, status: 'scheduled', scopeType: 'store', scopePks: [storeId] })
      .returning();
    await db.update(dbSchema.campaigns).set({ status: 'active', startDate: new Date() }).where(eq(dbSchema.campaigns.id, campaign!.id));
  }, 240_000);

  it('4. the inbox item and the push arrive (push service and service worker); the staff member completes a mission and sees the reward', async () => {
    const received = await push.waitFor((p) => p.subscriptionId === subscription.id, 60_000);
    expect(received.vapid.key).toBe(serverKey);
    expect(received.vapid.claims.aud).toBe(push.url);
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    const message = JSON.parse(received.payload) as { title: string; url: string };
    expect(message).toMatchObject({ title: `New campaign: ${launched}`, url: '/play/inbox' });

    // The push service hands the (decrypted) message to the browser's service worker.
    const registration = registrations.find((r) => r.scopeURL === `${h.baseUrl}/play/`);
    if (!registration) throw new Error(`no /play/ service worker registration: ${JSON.stringify(registrations)}`);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: h.baseUrl, registrationId: registration.registrationId, data: received.payload });
    // The open inbox refreshes on the worker's word, without a reload.
    await np.getByRole('list', { name: 'Inbox' }).getByText(`New campaign: ${launched}`).waitFor({ timeout: 30_000 });
    await np.getByText(`${launched} now reaches you.`).first().waitFor();
    // The worker shows the notification (its showNotification may settle after the inbox has refreshed).
    await expect
      .poll(() => np.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title)), { timeout: 15_000 })
      .toContain(`New campaign: ${launched}`);
    await shot(np, '07-inbox-item');
    expect(push.refused).toEqual([]);
    expect(push.received.filter((p) => p.subscriptionId === subscription.id)).toHaveLength(1);

    // The staff member does the store campaign's first mission and finds the reward it unlocked.
    await np.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns', exact: true }).click();
    await np.getByRole('link', { name: new RegExp(CAMPAIGN_NAME) }).click({ timeout: 30_000 });
    await np.getByRole('heading', { level: 1, name: CAMPAIGN_NAME }).waitFor({ timeout: 30_000 });
    await np.getByRole('link', { name: 'Start' }).first().click();
    await fillEntry(np);
    await np.locator('main form button[type=submit]').click();
    await np.getByText('Done! Your entry counts.').waitFor({ timeout: 30_000 });
    await np.getByText('Rewards unlocked').waitFor();
    await shot(np, '08-mission-done');
    await np.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My rewards' }).click();
    await np.getByRole('heading', { level: 1, name: 'My rewards' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => np.locator('code.code').count(), { timeout: 30_000 }).toBe(1);
    await shot(np, '09-my-reward');
  }, 240_000);

  it('5. the store manager enters a sale for the colleague in /play; it is audited as theirs and credits the colleague', async () => {
    const managerContext = await h.browser.newContext({ baseURL: h.baseUrl, viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' });
    try {
      const mp = await managerContext.newPage();
      await mp.goto('/play');
      await mp.locator('.segmented label', { hasText: 'Password' }).click();
      await mp.getByRole('textbox', { name: 'Email' }).fill(MANAGER);
      await mp.locator('input[type=password]').fill('demo1234');
      await mp.getByRole('button', { name: 'Sign in' }).click();
      await mp.getByRole('link', { name: new RegExp(CAMPAIGN_NAME) }).click({ timeout: 30_000 });
      await mp.getByRole('heading', { level: 1, name: CAMPAIGN_NAME }).waitFor({ timeout: 30_000 });
      await mp.getByRole('link', { name: 'Start' }).first().click();
      await fillEntry(mp);
      // Chosen last: filling the form picks the first option of every list.
      await mp.getByLabel('Entering for').selectOption({ label: NEWCOMER.name });
      await mp.locator('main form button[type=submit]').click();
      await mp.getByText(`Recorded for ${NEWCOMER.name}.`).waitFor({ timeout: 30_000 });
      await shot(mp, '10-manager-entry');
    } finally {
      await managerContext.close();
    }

    // The completions are the newcomer's: their own, and the one entered by the manager.
    const { db } = h.database;
    const managerRow = (await db.query.storeUsers.findFirst({ where: (u, { eq: is }) => is(u.email, MANAGER) }))!;
    const rows = await db
      .select({ enteredBy: dbSchema.completions.enteredBy })
      .from(dbSchema.completions)
      .where(eq(dbSchema.completions.storeUserId, await newcomerId()));
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(expect.arrayContaining([{ enteredBy: null }, { enteredBy: managerRow.id }]));
    // The colleague sees the entry's reward beside their own.
    await np.reload();
    await np.getByRole('heading', { level: 1, name: 'My rewards' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => np.locator('code.code').count(), { timeout: 30_000 }).toBe(2);
    await shot(np, '11-credited');
  }, 240_000);
});

async function newcomerId(): Promise<number> {
  const row = await h.database.db.query.storeUsers.findFirst({ where: (u, { eq: is }) => is(u.email, NEWCOMER.email) });
  if (!row) throw new Error(`no store user ${NEWCOMER.email}`);
  return row.id;
}
