import { createServer, type Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { embedIframeCode } from '@rally/domain';
import { dbSchema } from '@rally/server';
// The app's mail goes over real SMTP to this in-process server (no mocks).
import { startSmtpCapture, type SmtpCapture } from '../apps/server/src/testing/smtp-capture.js';
import { seriousA11yViolations, startHarness, type Harness } from './support/harness.js';
import { solidPng } from './support/png.js';

// A visitor takes part in the demo's running consumer campaign from its embed code pasted into a plain HTML page on
// another site (a real cross-site frame): email one-time code, the mission with a photo, the code shown and mailed.
// And the public page paints fast (LCP), is small, and has no serious accessibility violations.

const SHOTS = '/tmp/rally/shots-public';
const CAMPAIGN_NAME = 'Summer selfie giveaway';

let harness: Harness;
let mail: SmtpCapture;
let host: Server;
let hostUrl: string;
let uid: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  mail = await startSmtpCapture();
  harness = await startHarness({ env: { SMTP_URL: mail.url } });
  const { db } = harness.database;
  const campaign = await db.query.campaigns.findFirst({ where: (c, { eq: is }) => is(c.name, CAMPAIGN_NAME) });
  if (!campaign || campaign.status !== 'active' || campaign.type !== 'consumer') throw new Error(`the demo data has no running consumer campaign ${CAMPAIGN_NAME}`);
  uid = campaign.publicUid;
  // Whatever the demo's shoppers used, codes are left for this visitor.
  const reward = await db.query.rewards.findFirst({ where: (r, { eq: is }) => and(is(r.campaignId, campaign.id), is(r.type, 'discount')) });
  if (!reward) throw new Error('the demo consumer campaign has no code reward');
  await db.insert(dbSchema.rewardCodes).values(Array.from({ length: 5 }, (_, i) => ({ brandId: campaign.brandId, rewardId: reward.id, code: `SUMMER-E2E-${i}` })));
  await db.update(dbSchema.campaigns).set({ countryCodes: ['US', 'CA'] }).where(eq(dbSchema.campaigns.id, campaign.id));
  // "Another site": a plain HTML file with the embed code, served from localhost while the app is 127.0.0.1 (another site).
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fan page</title></head><body><h1>Our fan page</h1>${embedIframeCode(harness.baseUrl, uid, CAMPAIGN_NAME)}</body></html>`;
  host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page));
  await new Promise<void>((resolve) => host.listen(0, 'localhost', resolve));
  hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await mail?.close();
  host?.close();
});

describe('public campaign page and embed', () => {
  it('a visitor takes part inside the embed on another site: code by email, mission, code shown with a copy button and mailed', async () => {
    const context = await harness.browser.newContext({ locale: 'en-US', viewport: { width: 900, height: 700 }, permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      const page = await context.newPage();
      await page.goto(hostUrl);
      const frameEl = page.locator('iframe');
      expect(await frameEl.getAttribute('width')).toBe('601');
      expect(await frameEl.getAttribute('height')).toBe('490');
      const frame = page.frameLocator('iframe');
      await frame.getByRole('heading', { level: 1, name: CAMPAIGN_NAME }).waitFor();
      const email = 'visitor@fan.test';
      await frame.getByLabel('Your name').fill('Vic Visitor');
      await frame.getByLabel('Email').fill(email);
      await frame.getByLabel('Country').selectOption('CA');
      await frame.getByRole('button', { name: 'Send me a code' }).click();
      const signIn = await mail.waitFor((m) => m.to.includes(email), 15_000);
      const code = /(\d{6})/.exec(signIn.text)![1]!;
      await frame.getByLabel('Six-digit code').fill(code);
      await frame.getByRole('button', { name: 'Continue' }).click();
      // The mission's photo field (required) and caption.
      await frame.getByLabel(/Your photo/).setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: solidPng(64, 64) });
      await frame.getByLabel(/Caption/).fill('Sunny day');
      await frame.getByRole('button', { name: 'Send my entry' }).click();
      const shown = frame.locator('.code').first();
      await shown.waitFor({ timeout: 15_000 });
      const issued = (await shown.textContent())!.trim();
      expect(issued.length).toBeGreaterThan(3);
      await frame.getByRole('button', { name: 'Copy' }).first().click();
      await frame.getByRole('button', { name: 'Copied' }).first().waitFor();
      const codeMail = await mail.waitFor((m) => m.to.includes(email) && m.text.includes(issued), 15_000);
      expect(codeMail.subject).toBe(`Your code for ${CAMPAIGN_NAME}`);
      await page.screenshot({ path: `${SHOTS}/embed-on-another-site.png` });
      // Reloading the host page keeps the visitor signed in inside the frame: they took part already.
      await page.reload();
      await frame.getByText('You already took part in this campaign.').waitFor();
      await expect.poll(() => frame.locator('.code').first().textContent()).toBe(issued);
    } finally {
      await context.close();
    }
  });

  it('paints fast (LCP), loads a small script, has no serious accessibility violations, and answers 404 for unknown links', async () => {
    const context = await harness.browser.newContext({ baseURL: harness.baseUrl, locale: 'fr-FR', viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto('/campaign/abcdefghijkl'); // warm the server and the browser once
      const lcps: number[] = [];
      for (let i = 0; i < 5; i++) {
        await page.goto(`/campaign/${uid}`, { waitUntil: 'load' });
        lcps.push(
          await page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                new PerformanceObserver((list) => {
                  const entries = list.getEntries();
                  resolve(entries[entries.length - 1]!.startTime);
                }).observe({ type: 'largest-contentful-paint', buffered: true });
              }),
          ),
        );
      }
      lcps.sort((a, b) => a - b);
      const median = lcps[2]!;
      console.log(`public page LCP (Chromium, localhost, 5 loads): median ${median.toFixed(0)} ms, max ${lcps[4]!.toFixed(0)} ms`);
      expect(median).toBeLessThanOrEqual(1500);
      expect(await page.locator('html').getAttribute('lang')).toBe('fr');
      await page.getByRole('heading', { name: 'Ce que vous obtenez' }).waitFor();
      // Everything the page loads, compressed as served: the HTML and the one script.
      const script = await page.locator('script[type=module]').getAttribute('src');
      const { gzipSync } = await import('node:zlib');
      const bytes = async (url: string) => gzipSync(Buffer.from(await (await fetch(`${harness.baseUrl}${url}`)).arrayBuffer())).length;
      const total = (await bytes(`/campaign/${uid}`)) + (await bytes(script!));
      console.log(`public page weight: ${(total / 1024).toFixed(1)} kB gzip (HTML + script)`);
      expect(total).toBeLessThanOrEqual(60 * 1024);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/public-page-phone.png`, fullPage: true });
      await page.goto(`/campaign/${uid}/embed`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      const missing = await page.goto('/campaign/zzzzzzzzzzzz');
      expect(missing?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Campagne introuvable' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
