// A walk through the dashboard as each demo user, screenshot per screen, console errors and failed API calls
// collected: what a person would look at before calling a release done. Not a test (nothing asserted here);
// the browser tests assert. Run: npx tsx e2e/support/walk-demo-users.ts [outDir] (after building the web app).
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { startHarness } from './harness.js';

const out = path.resolve(process.argv[2] ?? '/tmp/walk');
mkdirSync(out, { recursive: true });
const USERS = ['owner@brand.test', 'retailer@retail.test', 'partner@partner.test'];
const SCREENS = ['/campaign', '/campaign?view=invitations', '/mission', '/stores', '/stores/pos-import', '/groups', '/exports', '/receipts', '/billing'];

const h = await startHarness();
const problems: string[] = [];
try {
  for (const email of USERS) {
    const who = email.split('@')[0]!;
    const { page, context } = await h.newPage();
    page.on('console', (m) => m.type() === 'error' && problems.push(`${who} console: ${m.text()}`));
    page.on('response', (r) => r.url().includes('/api/') && r.status() >= 500 && problems.push(`${who} ${r.status()} ${r.url()}`));
    await page.setViewportSize({ width: 1366, height: 900 });
    await h.signIn(page, email);
    for (const screen of SCREENS) {
      await page.goto(screen);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(out, `${who}-${screen.replace(/[/?=]+/g, '_')}.png`), fullPage: true });
    }
    // The first campaign of the list: its builder or report, whichever the list links to.
    // Each of the first three campaigns of the list: its builder or report, whichever the list links to.
    await page.goto('/campaign');
    const links = page.getByRole('table').getByRole('link');
    await links.first().waitFor({ timeout: 15_000 }).catch(() => undefined);
    const count = Math.min(3, await links.count());
    for (let i = 0; i < count; i++) {
      await page.goto('/campaign');
      await links.nth(i).click();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(600);
      await page.screenshot({ path: path.join(out, `${who}-campaign-${i + 1}.png`), fullPage: true });
    }
    await context.close();
  }
  console.log(problems.length ? problems.join('\n') : 'no console errors, no 5xx');
  console.log(`screenshots in ${out}`);
} finally {
  await h.close();
}
