// Refreshes docs/screenshot.png (the README's picture): the campaign list of the demo owner.
// Run: npx tsx e2e/support/take-readme-screenshot.ts (after building the web app).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHarness } from './harness.js';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshot.png');
const h = await startHarness();
try {
  const { page } = await h.newPage();
  await page.setViewportSize({ width: 1366, height: 820 });
  await h.signIn(page, 'owner@brand.test');
  await page.getByRole('row').filter({ has: page.getByRole('link') }).first().waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await h.close();
}
