import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TStatusSummary } from '@rally/domain';
import { ARTIFACTS, seriousA11yViolations, startHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const TAB_LABELS_EN = { all: 'All', draft: 'Draft', scheduled: 'Scheduled', rejected: 'Rejected', active: 'Active', ended: 'Ended' };

async function summary(page: Page): Promise<TStatusSummary> {
  const res = await page.request.get('/api/campaign/status-summary');
  expect(res.status()).toBe(200);
  return (await res.json()) as TStatusSummary;
}

async function pickLanguage(page: Page, name: string) {
  await page.getByRole('combobox', { name: /language|idioma|langue/i }).click();
  await page.getByRole('option', { name }).click();
}

describe('campaign list', () => {
  it.each(['owner@brand.test', 'retailer@retail.test', 'partner@partner.test'])(
    'signs in as %s and sees the list with a count on every status tab',
    async (email) => {
      const { context, page } = await h.newPage();
      await h.signIn(page, email);
      const counts = await summary(page);
      for (const [status, label] of Object.entries(TAB_LABELS_EN)) {
        const count = counts[status as keyof TStatusSummary];
        await expect.poll(() => page.getByRole('tab', { name: `${label} ${count}` }).count()).toBe(1);
      }
      await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
      await context.close();
    },
  );

  it("opens the campaign list from the site's root, and asks a visitor to sign in first", async () => {
    const visitor = await h.newPage();
    const root = await visitor.page.goto('/');
    expect(root?.status()).toBe(200);
    await visitor.page.waitForURL(/\/sign-in/);
    await visitor.context.close();
    const { context, page } = await h.newPage();
    await h.signIn(page, 'owner@brand.test');
    await page.goto('/');
    await page.waitForURL(/\/campaign$/);
    await expect.poll(() => page.getByRole('tab', { name: /^All \d+$/ }).count()).toBe(1);
    await context.close();
  });

  it('preselects the tab named by ?status= and shows only those campaigns', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(page, 'owner@brand.test');
    await page.goto('/campaign?status=ended');
    const tab = page.getByRole('tab', { name: /^Ended \d+$/ });
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    const statusCells = page.getByRole('row').filter({ hasText: /Ended/ });
    await expect.poll(() => statusCells.count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('row').filter({ hasText: /Draft/ }).count()).toBe(0);
    await context.close();
  });

  it('switches language and the dates change with it, and the choice persists', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(page, 'owner@brand.test');
    const createdCell = page.getByRole('row').nth(1).getByRole('cell').nth(6);
    await expect.poll(async () => (await createdCell.textContent())?.trim()).toMatch(/[A-Z][a-z]{2}/);
    const english = (await createdCell.textContent())?.trim() ?? '';
    await pickLanguage(page, 'Français');
    await expect.poll(() => page.getByRole('tab', { name: /^Toutes \d+$/ }).count()).toBe(1);
    await expect.poll(async () => (await createdCell.textContent())?.trim()).not.toBe(english);
    const french = (await createdCell.textContent())?.trim() ?? '';
    await pickLanguage(page, 'Español');
    await expect.poll(async () => (await createdCell.textContent())?.trim()).not.toBe(french);
    await page.reload();
    await expect.poll(() => page.getByRole('tab', { name: /^Todas \d+$/ }).count()).toBe(1);
    await page.screenshot({ path: `${ARTIFACTS}/campaign-list-es.png`, fullPage: true });
    await pickLanguage(page, 'English');
    await context.close();
  });

  it.each([
    ['owner@brand.test', ['General', 'Contest', 'Learning', 'Consumer'], ['Shared']],
    ['retailer@retail.test', ['General', 'Contest', 'Learning', 'Shared'], ['Consumer']],
  ] as const)('as %s creates a draft of each allowed type', async (email, allowed, refused) => {
    const { context, page } = await h.newPage();
    await h.signIn(page, email);
    const before = await summary(page);
    for (const type of allowed) {
      await page.getByRole('button', { name: 'New campaign' }).click();
      for (const missing of refused) expect(await page.getByRole('menuitem', { name: missing, exact: true }).count()).toBe(0);
      await page.getByRole('menuitem', { name: type, exact: true }).click();
      await page.waitForURL(/\/campaign\/\d+$/);
      await page.goto('/campaign');
    }
    const after = await summary(page);
    expect(after.draft).toBe(before.draft + allowed.length);
    await context.close();
  });

  it('deletes a draft after confirming', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(page, 'owner@brand.test');
    const created = await page.request.post('/api/campaign/create-draft', {
      data: { type: 'general' },
      headers: { origin: h.baseUrl },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const named = await page.request.post(`/api/v3/bundle/${id}`, {
      data: { version: 1, name: 'Delete me e2e' },
      headers: { origin: h.baseUrl },
    });
    expect(named.status()).toBe(200);
    const before = await summary(page);
    await page.goto('/campaign?status=draft');
    await page.getByRole('searchbox', { name: 'Search campaigns' }).or(page.getByRole('textbox', { name: 'Search campaigns' })).fill('Delete me');
    await page.getByRole('button', { name: 'Actions for Delete me e2e' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete campaign' }).click();
    await expect.poll(() => page.getByText('“Delete me e2e” was deleted.').count()).toBe(1);
    await expect.poll(async () => (await summary(page)).draft).toBe(before.draft - 1);
    await context.close();
  });

  it('has no serious accessibility violations on the sign-in page and the list', async () => {
    const { context, page } = await h.newPage();
    await page.goto('/sign-in');
    await page.getByRole('button', { name: /sign in/i }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await h.signIn(page, 'owner@brand.test');
    // A data row (with its link), not the header or a loading skeleton.
    await page.getByRole('row').filter({ has: page.getByRole('link') }).first().waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/campaign-list.png`, fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
