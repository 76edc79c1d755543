import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TImportedList, TManagedStoreList } from '@rally/domain';
import { ARTIFACTS, startHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  h = await startHarness();
  // Migrating and seeding the demo data takes long on a busy machine.
}, 300_000);
afterAll(() => h?.close());

describe('store operations', () => {
  it('a manager exports the stores, merges a POS row and removes a user from a store', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(page, 'owner@brand.test');

    // Export the stores as CSV; the Exports screen shows it done with a download that works.
    await page.goto('/stores');
    await page.getByRole('button', { name: 'Export stores' }).click();
    await page.getByRole('menuitem', { name: 'As CSV' }).click();
    await expect.poll(() => page.getByText('Export started').count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Exports' }).first().click();
    await page.waitForURL(/\/exports$/);
    const download = page.getByRole('link', { name: 'Download' }).first();
    await expect.poll(() => download.count(), { timeout: 20_000 }).toBe(1);
    const file = await page.request.get((await download.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect(await file.text()).toContain('Store id,Name,Status');

    // POS import: the first row of the demo queue is an obvious match; M merges it and the next row comes up.
    await page.goto('/stores/pos-import');
    const first = page.getByRole('region', { name: 'POS store POS-1001' });
    await expect.poll(() => first.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('pos-compare').count()).toBe(1);
    await page.keyboard.press('m');
    await expect.poll(() => page.getByRole('region', { name: 'POS store POS-1002' }).count(), { timeout: 15_000 }).toBe(1);
    const merged = await page.request.post('/api/pos/read/store/imported-list', {
      data: { sort: 'refId', status: 'merged' },
      headers: { 'x-rally-request': '1' },
    });
    expect(((await merged.json()) as TImportedList).items.map((i) => i.refId)).toEqual(['POS-1001']);

    // Remove a user from the store with the most users; the store page's activity log shows it.
    const list = await page.request.post('/api/store/read/store/list', { data: { sort: '-totalUsers', perPage: 1 }, headers: { 'x-rally-request': '1' } });
    const store = ((await list.json()) as TManagedStoreList).items[0]!;
    await page.goto('/stores');
    await page.getByRole('searchbox', { name: 'Search stores' }).fill(store.storeName);
    await page.getByRole('link', { name: store.storeName, exact: true }).first().click();
    await page.waitForURL(new RegExp(`/stores/${store.id}$`));
    const removeButtons = page.getByRole('button', { name: /^Remove .* from the store$/ });
    await expect.poll(() => removeButtons.count()).toBe(store.totalUsers);
    await removeButtons.first().click();
    await page.getByRole('button', { name: 'Remove user' }).click();
    await expect.poll(() => removeButtons.count()).toBe(store.totalUsers - 1);
    await expect.poll(() => page.getByRole('region', { name: 'Activity' }).getByText('User removed').count()).toBe(1);
    await context.close();
  }, 120_000);
});
