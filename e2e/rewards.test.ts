import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { dragFileOver } from './support/drop-file.js';
import { solidPng } from './support/png.js';
import type { Harness } from './support/harness.js';
import { openSignedInPage, type SignedInPage } from './support/signed-in-page.js';

// The reward wizard (issue 5), end to end: real server, fresh seeded database, Chromium.

let harness: Harness;
let page: Page;
let shot: SignedInPage['shot'];
let closeSession: SignedInPage['close'] | undefined;

beforeAll(async () => {
  ({ harness, page, shot, close: closeSession } = await openSignedInPage({ shotPrefix: 'rewards' }));
});

afterAll(() => closeSession?.());

const PRODUCTS = ['House blend 1 kg', 'Decaf 500 g'] as const;

async function openWizard(): Promise<Locator> {
  await page.getByRole('button', { name: 'Add reward' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add reward' });
  await dialog.waitFor();
  return dialog;
}

/** How many codes the campaign's reward with this title holds, as the API reads them back. */
async function savedCodes(campaignId: number, title: string): Promise<number> {
  const res = await page.request.get(`/api/reward/read/bundle-rewards?bundleId=${campaignId}`);
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { title: string; totalCodes: number }[] };
  const reward = items.find((r) => r.title === title);
  expect(reward, `a reward titled ${title}`).toBeDefined();
  return reward!.totalCodes;
}

/** The fileUrl upload-excel-codes answered: the save names the kept file by it instead of posting the codes back. */
async function uploadCodes(dialog: Locator, file: string): Promise<string> {
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v3/bundle/upload-excel-codes'));
  await dialog.getByLabel('Code file').setInputFiles(file);
  const response = await uploaded;
  expect(response.status()).toBe(200);
  const { fileUrl } = (await response.json()) as { fileUrl: string };
  expect(fileUrl).toMatch(/^codes\/.+\.csv$/);
  return fileUrl;
}

async function saveAndClose(dialog: Locator) {
  await dialog.getByRole('heading', { name: 'Confirm reward setup' }).waitFor();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/reward/write/save-reward'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  await dialog.waitFor({ state: 'detached' });
  return response.request().postDataJSON() as Record<string, unknown>;
}

describe('reward wizard', () => {
  let campaignId = 0;

  it('prepares a contest draft with a name and an item-sold mission of two products', async () => {
    const origin = { origin: harness.baseUrl };
    const created = await page.request.post('/api/campaign/create-draft', { data: { type: 'contest' }, headers: origin });
    expect(created.status()).toBeLessThan(300);
    campaignId = ((await created.json()) as { id: number }).id;

    // A contest takes one mission: an itemSold one (only contest and learning missions sell items, product rule on
    // mission subtypes), so money can pay per product sold.
    const mission = await page.request.post('/api/v3/mission', {
      data: { title: 'Sell our beans', type: 'contest', subtype: 'itemSold' },
      headers: origin,
    });
    expect(mission.status()).toBe(201);
    const missionId = ((await mission.json()) as { id: number }).id;
    for (const title of PRODUCTS) {
      const item = await page.request.post(`/api/v3/mission/${missionId}/item/create`, {
        data: { kind: 'option', title, data: {} },
        headers: origin,
      });
      expect(item.status()).toBe(201);
    }
    const added = await page.request.post(`/api/v3/bundle/${campaignId}/mission`, {
      data: {
        missionId,
        contest: {
          type: 'user',
          displayLeaderboard: true,
          rankLeadersBasedOn: 'numbers_submissions',
          displayLeadersByUserInfo: true,
          displayLeadersByStoreInfo: false,
          displayLeadersByNumberSubmissions: true,
          displayLeadersByTotalSalesAmount: false,
          rulesAndRegulations: { useCustom: false, customUrl: '' },
        },
      },
      headers: origin,
    });
    expect(added.status(), await added.text()).toBeLessThan(300);

    await page.goto(`/campaign/${campaignId}`);
    await page.getByLabel('Campaign name').fill('Rewards e2e');
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 10_000 });
    await page.getByRole('heading', { name: 'Rewards e2e' }).waitFor();
    await page.getByTestId('mission-row').first().waitFor();
  });

  it('adds a prize with an uploaded image', async () => {
    const dialog = await openWizard();
    await dialog.getByRole('radio', { name: 'Prize' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const next = dialog.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByText('Complete all sections to add').waitFor();

    await dialog.getByLabel('Title').fill('Espresso machine');
    await dialog.getByLabel('Description').fill('A home espresso machine for the best seller');
    await dialog.getByLabel('Value').fill('250');
    await dialog.getByLabel('Total available').fill('2');
    await dialog.getByLabel('No fine print').check();

    const zone = dialog.getByTestId('media-dropzone');
    const dataTransfer = await dragFileOver(page, zone, 'espresso.png', 'image/png', solidPng(64, 48));
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v3/media/upload'));
    await zone.dispatchEvent('drop', { dataTransfer });
    expect((await uploaded).status()).toBe(201);
    await dialog.getByRole('img', { name: 'espresso' }).waitFor();

    await expectEnabled(next);
    await next.click();
    expect(await dialog.getByTestId('info-value').innerText()).toContain('$250.00');
    await shot('prize-confirm');
    const body = await saveAndClose(dialog);
    expect(body).toMatchObject({ type: 'prize', value: 25_000, totalAvailable: 2, noFinePrint: true });
    expect(typeof body.imageUrl).toBe('string');
  });

  it('adds a discount with codes read from an uploaded CSV, leading zeros kept', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rally-codes-'));
    const file = path.join(dir, 'spring-codes.csv');
    writeFileSync(file, 'code\n000123\n000124\n000123\n\n007\n');

    const dialog = await openWizard();
    await dialog.getByRole('radio', { name: 'Discount' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Title').fill('20% off beans');
    await dialog.getByText('13/80').waitFor();
    await dialog.getByLabel('Description').fill('Twenty percent off any bag of beans');
    await dialog.getByLabel('Percentage off').fill('20');
    const link = dialog.getByLabel('Link to shop');
    await link.fill('not a link');
    await dialog.getByText('Invalid link').waitFor();
    await link.fill('https://shop.example.com/beans');

    const fileUrl = await uploadCodes(dialog, file);
    const summary = dialog.getByTestId('codes-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toMatch(/^3 added, 1 duplicates, \d+ empty rows$/);
    await dialog.getByLabel('Fine print', { exact: true }).fill('One per customer.');

    const next = dialog.getByRole('button', { name: 'Next' });
    await expectEnabled(next);
    await next.click();
    // Conditions.
    await dialog.getByLabel('Completions to unlock').fill('2');
    await next.click();
    expect(await dialog.getByTestId('info-codes').innerText()).toContain('3');
    expect(await dialog.getByTestId('info-entries').innerText()).toContain('2 completions to unlock');
    expect(await dialog.getByTestId('info-limit').innerText()).toContain('One per user');
    await shot('discount-confirm');
    const body = await saveAndClose(dialog);
    expect(body).toMatchObject({
      type: 'discount',
      percentageDiscount: 20,
      completionsToUnlock: 2,
      maxPerUser: 1,
      isUnlimited: false,
    });
    // The kept file is named, its codes not posted back; the server reads them again, leading zeros kept.
    expect(body.uploadedCodes).toEqual({ fileName: 'spring-codes.csv', fileUrl });
    expect(await savedCodes(campaignId, '20% off beans')).toBe(3);
  });

  for (const type of ['free_product', 'gift_card'] as const) {
    const label = type === 'free_product' ? 'Free product' : 'Gift card';
    const title = type === 'free_product' ? 'Free bag of beans' : 'Coffee gift card';
    // The gift card's file holds 120,000 codes: posted back as a list they would be over save-reward's 1 MB body limit.
    const count = type === 'gift_card' ? 120_000 : 2;
    it(`adds a ${label.toLowerCase()} with ${count.toLocaleString('en')} codes from an uploaded CSV, saved by its fileUrl`, async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'rally-codes-'));
      const file = path.join(dir, `${type}-codes.csv`);
      const codes = Array.from({ length: count }, (_, i) => `${type.toUpperCase()}-${i + 1}`);
      writeFileSync(file, `code\n${codes.join('\n')}\n`);

      const dialog = await openWizard();
      await dialog.getByRole('radio', { name: label }).click();
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Description').fill(`${title} for a top seller`);
      if (type === 'gift_card') await dialog.getByLabel('Gift card amount').fill('25');
      await dialog.getByLabel('Link to shop').fill('https://shop.example.com/gifts');
      const fileUrl = await uploadCodes(dialog, file);
      await dialog.getByTestId('codes-summary').waitFor();
      await dialog.getByLabel('No fine print').check();

      const next = dialog.getByRole('button', { name: 'Next' });
      await expectEnabled(next);
      await next.click();
      await dialog.getByLabel('Completions to unlock').waitFor();
      await next.click();
      expect(await dialog.getByTestId('info-codes').innerText()).toContain(count.toLocaleString('en'));
      if (type === 'gift_card') expect(await dialog.getByTestId('info-amount').innerText()).toContain('$25.00');
      await shot(`${type}-confirm`);
      const body = await saveAndClose(dialog);
      expect(body).toMatchObject({
        type,
        title,
        noFinePrint: true,
        ...(type === 'gift_card' ? { amount: 2_500 } : {}),
      });
      expect(body.uploadedCodes).toEqual({ fileName: `${type}-codes.csv`, fileUrl });
      expect(JSON.stringify(body).length).toBeLessThan(2_000);
      expect(await savedCodes(campaignId, title)).toBe(count);
    });
  }

  it('adds dynamic cash with two rows in cents and lists prize and money first, progress 100 %', async () => {
    const dialog = await openWizard();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Budget').fill('500');
    const dynamic = dialog.getByRole('switch', { name: /^Dynamic cash/ });
    await dynamic.check();
    expect(await dynamic.isChecked()).toBe(true);
    await expect.poll(() => dialog.getByTestId('dynamic-row').count()).toBe(1);
    expect(await dialog.getByLabel('Row 1 amount').inputValue()).toBe('0');
    expect(await dialog.getByLabel('Amount', { exact: true }).count()).toBe(0);

    await dialog.getByLabel('Row 1 amount').fill('2.50');
    await chooseProduct(dialog, 'Row 1 products', PRODUCTS[0]);
    await dialog.getByRole('button', { name: 'Add row' }).click();
    await dialog.getByLabel('Row 2 amount').fill('4');
    const next = dialog.getByRole('button', { name: 'Next' });
    // Row 2 has no products yet.
    expect(await next.isDisabled()).toBe(true);
    await chooseProduct(dialog, 'Row 2 products', PRODUCTS[1]);
    await expectEnabled(next);
    await shot('money-dynamic');
    await next.click();
    await dialog.getByLabel('Unlimited').waitFor();
    await next.click();
    expect(await dialog.getByTestId('info-dynamic-1').innerText()).toContain('$2.50');
    expect(await dialog.getByTestId('info-dynamic-1').innerText()).toContain(PRODUCTS[0]);
    expect(await dialog.getByTestId('info-dynamic-2').innerText()).toContain(PRODUCTS[1]);
    await shot('money-confirm');
    const body = await saveAndClose(dialog);
    expect(body).toMatchObject({
      type: 'money',
      budget: 50_000,
      isUnlimited: true,
      dynamicActive: true,
      dynamicAmounts: [
        { amountCents: 250, itemsName: [PRODUCTS[0]] },
        { amountCents: 400, itemsName: [PRODUCTS[1]] },
      ],
    });
    expect(body).not.toHaveProperty('amount');

    await expect
      .poll(async () => page.getByTestId('reward-row').count(), { timeout: 10_000 })
      .toBe(5);
    const titles = await page.getByTestId('reward-row').allInnerTexts();
    expect(titles[0]).toContain('Espresso machine');
    expect(titles[1]).toMatch(/Money/);
    const rest = titles.slice(2).join('\n');
    for (const title of ['20% off beans', 'Free bag of beans', 'Coffee gift card']) expect(rest).toContain(title);
    await page.getByTestId('progress-percent').filter({ hasText: '100%' }).waitFor({ timeout: 10_000 });
    await shot('builder');
  });
});

async function chooseProduct(dialog: Locator, label: string, product: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: product, exact: true }).click();
  // Close the list by leaving the field (Escape could close the dialog).
  await dialog.getByRole('heading', { name: 'Add reward' }).click();
}

async function expectEnabled(button: Locator) {
  await expect.poll(() => button.isDisabled(), { timeout: 10_000 }).toBe(false);
}
