import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dbSchema, startLocalPushService, type LocalPushService } from '@rally/server';
import type { Harness } from './support/harness.js';
import { startHarness } from './support/harness.js';

// A store employee turns on notifications in /play: Chromium grants the permission, the real service worker
// registers and the page subscribes with the server's VAPID key; a campaign launches; the push reaches a push service
// running in this test (VAPID checked, body decrypted), is handed to Chromium's service worker, which shows it and
// refreshes the open inbox.
//
// Offline, Chromium's own push service (FCM) cannot be reached, so its PushManager is given a subscription at the
// local push service instead (an init script); everything else — permission, worker, encryption, VAPID, the job
// queue — is real, and the worker receives the push through DevTools' ServiceWorker.deliverPushMessage.

const SHOTS = '/tmp/rally/shots-play-notifications';
const PHONE = { width: 390, height: 844 };
const STORE_USER = 'daniel.brown@brightside-staff.test';

let harness: Harness;
let push: LocalPushService;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  push = await startLocalPushService();
  harness = await startHarness({ env: { NOTIFICATION_SWEEP_SECONDS: '0.5' } });
}, 600_000);

afterAll(async () => {
  await harness?.close();
  await push?.close();
});

describe('notifications in /play', () => {
  it('a store employee allows notifications; a campaign launches; the inbox shows it and the push reaches the push service and the service worker', async () => {
    const { db } = harness.database;
    const user = await db.query.storeUsers.findFirst({ where: (u, { eq: is }) => is(u.email, STORE_USER) });
    if (!user) throw new Error(`no demo store user ${STORE_USER}`);
    const subscription = push.subscribe();

    const context = await harness.browser.newContext({ baseURL: harness.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
    await context.grantPermissions(['notifications'], { origin: harness.baseUrl });
    // The browser's push service is the local one (see above); the page's call is checked to carry the VAPID key.
    await context.addInitScript((sub: { endpoint: string; keys: { p256dh: string; auth: string } }) => {
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
    const page = await context.newPage();
    const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');

    try {
      await page.goto('/play/');
      await page.getByRole('heading', { level: 1, name: 'Sign in to take part' }).waitFor();
      await page.locator('.segmented label', { hasText: 'Password' }).click();
      await page.getByRole('textbox', { name: 'Email' }).fill(STORE_USER);
      await page.locator('input[type=password]').fill('demo1234');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your campaigns' }).waitFor();

      // /play is installable: its manifest is linked and served, and the service worker is registered for /play/.
      const manifestHref = await page.locator('link[rel=manifest]').getAttribute('href');
      const manifest = (await (await fetch(`${harness.baseUrl}${manifestHref}`)).json()) as { start_url: string; display: string; icons: { sizes: string }[] };
      expect(manifest).toMatchObject({ start_url: '/play/', display: 'standalone' });
      expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      const worker = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.ready;
        return { scope: r.scope, script: r.active?.scriptURL ?? '' };
      });
      expect(worker).toEqual({ scope: `${harness.baseUrl}/play/`, script: `${harness.baseUrl}/play/sw.js` });

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Inbox/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
      await shot('01-inbox-offer');
      await page.getByRole('button', { name: 'Turn on notifications' }).click();
      await page.getByRole('button', { name: 'Turn on notifications' }).waitFor({ state: 'detached' });
      expect(await page.evaluate(() => Notification.permission)).toBe('granted');
      const serverKey = await page.evaluate(async () => ((await (await fetch('/api/play/notifications/push-key')).json()) as { publicKey: string }).publicKey);
      expect(await page.evaluate(() => (window as unknown as { __subscribeKey?: string }).__subscribeKey)).toBe(serverKey);
      const saved = await db.query.pushSubscriptions.findFirst({ where: (s, { eq: is }) => is(s.endpoint, subscription.endpoint) });
      expect(saved).toMatchObject({ participant: `u:${user.id}`, language: 'en' });

      // A campaign of the employee's brand, reaching every store, launches.
      const name = `Spring launch ${randomBytes(3).toString('hex')}`;
      const [campaign] = await db
        .insert(dbSchema.campaigns)
        .values({ brandId: user.brandId, publicUid: randomBytes(9).toString('base64url'), type: 'general', name, status: 'scheduled', scopeType: 'all' })
        .returning();
      await db.update(dbSchema.campaigns).set({ status: 'active', startDate: new Date() }).where(eq(dbSchema.campaigns.id, campaign!.id));

      const received = await push.waitFor((p) => p.subscriptionId === subscription.id, 60_000);
      expect(received.vapid.key).toBe(serverKey);
      expect(received.vapid.claims.aud).toBe(push.url);
      expect(received.headers['content-encoding']).toBe('aes128gcm');
      const message = JSON.parse(received.payload) as { title: string; url: string };
      expect(message).toMatchObject({ title: `New campaign: ${name}`, url: '/play/inbox' });

      // The push service hands the (decrypted) message to the browser's service worker.
      const registration = registrations.find((r) => r.scopeURL === `${harness.baseUrl}/play/`);
      if (!registration) throw new Error(`no /play/ service worker registration: ${JSON.stringify(registrations)}`);
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: harness.baseUrl, registrationId: registration.registrationId, data: received.payload });
      // The open inbox refreshes on the worker's word, without a reload.
      await page.getByRole('list', { name: 'Inbox' }).getByText(`New campaign: ${name}`).waitFor({ timeout: 30_000 });
      await page.getByText(`${name} now reaches you.`).first().waitFor();
      const shown = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title));
      expect(shown).toContain(`New campaign: ${name}`);
      await shot('02-inbox-item');
      expect(push.refused).toEqual([]);
      expect(push.received.filter((p) => p.subscriptionId === subscription.id)).toHaveLength(1);
    } finally {
      await context.close();
    }
  }, 240_000);
});
