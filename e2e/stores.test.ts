import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TStoreStatusSummary } from '@rally/domain';
import { ARTIFACTS, seriousA11yViolations, startHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  h = await startHarness();
});
afterAll(() => h?.close());

async function summary(page: Page): Promise<TStoreStatusSummary> {
  const res = await page.request.get('/api/store/read/store/status-summary');
  expect(res.status()).toBe(200);
  return (await res.json()) as TStoreStatusSummary;
}

/** The rows of the table that hold data (not the header, not a loading skeleton). */
const dataRows = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

const cellText = async (page: Page, table: string, row: number, cell: number) =>
  ((await dataRows(page, table).nth(row).getByRole('cell').nth(cell).textContent()) ?? '').trim();

/** A store's name as its row's action button says it (the name cell also holds the logo's initials). */
async function storeNameOfRow(page: Page, row: number): Promise<string> {
  const label = await dataRows(page, 'Stores')
    .nth(row)
    .getByRole('button', { name: /^Change the status of / })
    .getAttribute('aria-label');
  return (label ?? '').replace(/^Change the status of /, '');
}

const toNumber = (text: string) => Number(text.replace(/[^\d]/g, ''));

describe('stores screen', () => {
  it('searches, sorts, changes a store status and the tab counts follow', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(page, 'owner@brand.test');
    const before = await summary(page);
    expect(before.pending).toBeGreaterThan(0);
    await page.goto('/stores');
    await expect.poll(() => page.getByRole('tab', { name: `All ${before.all}` }).count()).toBe(1);
    await expect.poll(() => dataRows(page, 'Stores').count()).toBe(Math.min(15, before.all));

    // Search: every row left mentions Paris.
    await page.getByRole('searchbox', { name: 'Search stores' }).fill('Paris');
    await expect
      .poll(async () => (await dataRows(page, 'Stores').allTextContents()).every((row) => row.includes('Paris')))
      .toBe(true);
    expect(await dataRows(page, 'Stores').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => dataRows(page, 'Stores').count()).toBe(Math.min(15, before.all));

    // Sort by users, most first on the second click.
    const usersHeader = page.getByRole('columnheader', { name: 'Users' });
    await usersHeader.getByRole('button').click();
    await expect.poll(() => usersHeader.getAttribute('aria-sort')).toBe('ascending');
    await usersHeader.getByRole('button').click();
    await expect.poll(() => usersHeader.getAttribute('aria-sort')).toBe('descending');
    await expect
      .poll(
        async () => toNumber(await cellText(page, 'Stores', 0, 4)) >= toNumber(await cellText(page, 'Stores', 1, 4)),
      )
      .toBe(true);
    const mostUsers = toNumber(await cellText(page, 'Stores', 0, 4));
    await usersHeader.getByRole('button').click();
    await expect.poll(async () => toNumber(await cellText(page, 'Stores', 0, 4))).toBeLessThanOrEqual(mostUsers);

    // Approve the first pending store.
    await page.getByRole('tab', { name: `Pending ${before.pending}` }).click();
    await page.waitForURL(/status=pending/);
    await expect
      .poll(async () => (await dataRows(page, 'Stores').allTextContents()).every((row) => row.includes('Pending')))
      .toBe(true);
    const name = await storeNameOfRow(page, 0);
    await page.getByRole('button', { name: `Change the status of ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Approve' }).click();
    await expect.poll(() => page.getByText(`“${name}” is now approved.`).count()).toBe(1);
    await expect.poll(() => page.getByRole('tab', { name: `Pending ${before.pending - 1}` }).count()).toBe(1);
    await expect.poll(() => page.getByRole('tab', { name: `Approved ${before.approved + 1}` }).count()).toBe(1);

    // Rejecting asks first.
    await expect.poll(() => storeNameOfRow(page, 0)).not.toBe(name);
    const next = await storeNameOfRow(page, 0);
    await page.getByRole('button', { name: `Change the status of ${next}` }).click();
    await page.getByRole('menuitem', { name: 'Reject' }).click();
    await page.getByRole('button', { name: 'Reject store' }).click();
    await expect.poll(() => page.getByText(`“${next}” was rejected.`).count()).toBe(1);
    await expect.poll(() => page.getByRole('tab', { name: `Rejected ${before.rejected + 1}` }).count()).toBe(1);
    expect(await summary(page)).toMatchObject({ pending: before.pending - 2, approved: before.approved + 1 });

    await page.goto('/stores');
    await expect.poll(() => dataRows(page, 'Stores').count()).toBe(15);
    await page.screenshot({ path: `${ARTIFACTS}/stores.png`, fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('pages through the groups and searches them', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(page, 'owner@brand.test');
    await page.goto('/groups');
    await expect.poll(() => dataRows(page, 'Groups').count()).toBe(15);
    const firstPage = await dataRows(page, 'Groups').allTextContents();

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(async () => (await dataRows(page, 'Groups').allTextContents())[0]).not.toBe(firstPage[0]);
    const secondPage = await dataRows(page, 'Groups').allTextContents();
    expect(secondPage.filter((row) => firstPage.includes(row))).toEqual([]);

    await page.getByRole('searchbox', { name: 'Search groups' }).fill('Texas');
    await expect
      .poll(async () => (await dataRows(page, 'Groups').allTextContents()).map((row) => row.slice(0, 5)))
      .toEqual(['Texas']);

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => dataRows(page, 'Groups').count()).toBe(15);
    await page.screenshot({ path: `${ARTIFACTS}/groups.png`, fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
