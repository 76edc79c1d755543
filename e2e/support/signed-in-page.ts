import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { ARTIFACTS, seriousA11yViolations, startHarness, type Harness } from './harness.js';

export interface SignedInPage {
  harness: Harness;
  context: BrowserContext;
  page: Page;
  /** A full-page screenshot saved as `<prefix>-<name>.png` in the file's screenshot folder. */
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fresh harness (server, seeded database, Chromium) with one page signed in, for the journeys
 * of a test file to share. Call it in beforeAll and `close` in afterAll.
 */
export async function openSignedInPage({
  shotPrefix,
  shotDir = ARTIFACTS,
  email = 'owner@brand.test',
}: {
  shotPrefix: string;
  shotDir?: string;
  email?: string;
}): Promise<SignedInPage> {
  mkdirSync(shotDir, { recursive: true });
  const harness = await startHarness();
  try {
    const { context, page } = await harness.newPage();
    await harness.signIn(page, email);
    return {
      harness,
      context,
      page,
      // A screenshot is an artifact to look at, not an assertion: one that cannot be taken in time on a busy
      // machine is reported and skipped instead of failing the behaviour the test checks.
      shot: (name) =>
        page.screenshot({ path: path.join(shotDir, `${shotPrefix}-${name}.png`), fullPage: true, timeout: 15_000 }).then(
          () => undefined,
          (error: unknown) => console.warn(`screenshot ${shotPrefix}-${name} not taken: ${String(error).split('\n')[0]}`),
        ),
      async close() {
        await context.close();
        await harness.close();
      },
    };
  } catch (error) {
    // Nothing is returned to close, so a failed sign-in must not leave the server and browser running.
    await harness.close();
    throw error;
  }
}

/** seriousA11yViolations, with the offending nodes printed when there are any. */
export async function explainedA11yViolations(page: Page): Promise<string[]> {
  const violations = await seriousA11yViolations(page);
  if (violations.length > 0) {
    const result = await new AxeBuilder({ page }).analyze();
    for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      for (const node of v.nodes) console.error(v.id, node.target.join(' '), node.failureSummary);
    }
  }
  return violations;
}
