import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { buildApp, createDatabase, loadEnv, pgliteTemplate, type Database } from '@rally/server';
import type { FastifyInstance } from 'fastify';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(ROOT, 'e2e/artifacts');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Harness {
  baseUrl: string;
  app: FastifyInstance;
  database: Database;
  browser: Browser;
  /** A fresh browser context (own cookies and storage) with a page. */
  newPage(locale?: string): Promise<{ context: BrowserContext; page: Page }>;
  signIn(page: Page, email: string, password?: string): Promise<void>;
  close(): Promise<void>;
}

/** A port free right now on 127.0.0.1, for a harness whose public URL must be known before it listens. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The real server (built web app + API) on a fresh embedded database seeded
 * with the demo data (unless `seedDemo: false`: an empty database, as a real deployment starts), and Debian's
 * Chromium driving it.
 * `port`: listen there and use it as PUBLIC_URL, so the links the app builds from it (mails, an SSO redirect URI a
 * provider must know in advance) are ones the browser can follow. Without it the app takes port 0 and its origin from
 * the Host header.
 */
export async function startHarness(options: { env?: Record<string, string>; seedDemo?: boolean; port?: number } = {}): Promise<Harness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-e2e-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST: path.join(ROOT, 'apps/web/dist'),
    PUBLIC_URL: `http://127.0.0.1:${options.port ?? 0}`,
    SIGN_IN_RATE_LIMIT: '1000',
    // e.g. SMTP_URL of an in-process capture (apps/server/src/testing/smtp-capture.ts) to read the app's mail.
    ...options.env,
  });
  // Copied from a migrated (and seeded) template built by the first file that needs it: migrating and seeding took
  // 9 s of every file. migrate() then finds nothing to do.
  const database = createDatabase({ dataDir, loadDataDir: await pgliteTemplate(options.seedDemo === false ? 'empty' : 'demo') });
  await database.migrate();
  // The port is known only after listening; the app takes its public origin from the Host header for CSRF checks.
  const app = await buildApp({ env, database, logger: false });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    baseUrl,
    app,
    database,
    browser,
    async newPage(locale = 'en-US') {
      const context = await browser.newContext({ baseURL: baseUrl, locale, viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      return { context, page };
    },
    async signIn(page, email, password = 'demo1234') {
      await page.goto('/sign-in');
      await page.getByLabel(/email/i).fill(email);
      await page.getByLabel(/password/i).fill(password);
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.waitForURL(/\/campaign/);
    },
    async close() {
      await browser.close();
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Serious and critical accessibility violations on the page (axe-core). */
/**
 * Waits until no animation or transition has run for 250 ms. Mid-fade (a dialog opening, a notification arriving)
 * every colour is blended with what is behind it and fails the contrast rule although the settled page passes it;
 * a text a test waits for is "visible" from the first frame of a fade-in, and a transition may start a frame after
 * it is mounted, so one look at document.getAnimations() is not enough.
 */
async function untilNothingMoves(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __quietSince?: number }).__quietSince = undefined;
  });
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __quietSince?: number };
      const now = performance.now();
      // A spinner turns for ever: only animations that end are waited for.
      const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      if (moving) w.__quietSince = undefined;
      else w.__quietSince ??= now;
      return w.__quietSince !== undefined && now - w.__quietSince >= 250;
    },
    undefined,
    { polling: 50, timeout: 10_000 },
  );
}

export async function seriousA11yViolations(page: Page) {
  await untilNothingMoves(page);
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.length} nodes)`);
}
