import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Harness } from './support/harness.js';
import { openSignedInPage, type SignedInPage } from './support/signed-in-page.js';

// Per-mission rewards in a learning campaign (issue 5 leftovers): the scope choice and the
// assignment step, end to end on a fresh seeded database. The seed has no draft learning
// campaign with two missions, so this file builds its own rather than changing the seed.

let harness: Harness;
let page: Page;
let shot: SignedInPage['shot'];
let closeSession: SignedInPage['close'] | undefined;

beforeAll(async () => {
  ({ harness, page, shot, close: closeSession } = await openSignedInPage({ shotPrefix: 'reward-scope' }));
});

afterAll(() => closeSession?.());

const SELLING = 'Sell the Sparkling range (e2e)';
const QUIZ = 'Sparkling quiz (e2e)';
const PRODUCTS = ['Sparkling Lemon 330ml', 'Sparkling Lime 330ml'] as const;

describe('reward scope in a learning campaign', () => {
  let campaignId = 0;
  const missionIds: Record<string, number> = {};
  const productIds: number[] = [];

  it('prepares a learning draft with two missions: products sold and a quiz', async () => {
    const origin = { origin: harness.baseUrl };
    const created = await page.request.post('/api/campaign/create-draft', { data: { type: 'learning' }, headers: origin });
    expect(created.status()).toBeLessThan(300);
    campaignId = ((await created.json()) as { id: number }).id;

    for (const [title, subtype] of [
      [SELLING, 'itemSold'],
      [QUIZ, 'standard'],
    ] as const) {
      const mission = await page.request.post('/api/v3/mission', { data: { title, type: 'learning', subtype }, headers: origin });
      expect(mission.status()).toBe(201);
      missionIds[title] = ((await mission.json()) as { id: number }).id;
    }
    for (const title of PRODUCTS) {
      const item = await page.request.post(`/api/v3/mission/${missionIds[SELLING]}/item/create`, {
        data: { kind: 'option', title, data: {} },
        headers: origin,
      });
      expect(item.status()).toBe(201);
      // The answer lists every item of the mission; the new one is the one with this title.
      const { items } = (await item.json()) as { items: { id: number; title: string }[] };
      productIds.push(items.find((i) => i.title === title)!.id);
    }
    const question = await page.request.post(`/api/v3/mission/${missionIds[QUIZ]}/item/create`, {
      data: {
        kind: 'question',
        title: 'Which flavour launched this spring?',
        data: { options: [{ id: 'a', text: 'Lemon' }, { id: 'b', text: 'Lime' }], correctOptionId: 'b' },
      },
      headers: origin,
    });
    expect(question.status()).toBe(201);
    for (const title of [SELLING, QUIZ]) {
      const added = await page.request.post(`/api/v3/bundle/${campaignId}/mission`, {
        data: { missionId: missionIds[title], passingGrade: 1 },
        headers: origin,
      });
      expect(added.status(), await added.text()).toBeLessThan(300);
    }

    await page.goto(`/campaign/${campaignId}`);
    await page.getByLabel('Campaign name').fill('Learning rewards e2e');
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId('mission-row').count(), { timeout: 10_000 }).toBe(2);
  });

  it('adds a discount for one mission, earned by a product sold, and lists it for that mission', async () => {
    const dialog = await openWizard();
    await dialog.getByRole('radio', { name: 'Discount' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const next = dialog.getByRole('button', { name: 'Next' });

    await dialog.getByRole('radio', { name: 'One mission' }).click();
    await dialog.getByText('Select a mission to continue').waitFor();
    await chooseMission(dialog, SELLING);
    expect(await dialog.getByText('Select a mission to continue').count()).toBe(0);
    await fillCodeReward(dialog, 'Lemon seller bonus', 'lemon-codes.csv', '10');
    await expectEnabled(next);
    await shot('details');
    await next.click();

    // Assignment: the products of the campaign's item-sold mission.
    await dialog.getByRole('radio', { name: 'Items sold' }).click();
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: PRODUCTS[0] }).check();
    await expectEnabled(next);
    await next.click();

    expect(await dialog.getByTestId('info-scope').innerText()).toContain(`Mission “${SELLING}”`);
    expect(await dialog.getByTestId('info-assignment').innerText()).toContain('1 item sold');
    await shot('confirm');
    const body = await saveAndClose(dialog);
    expect(body).toMatchObject({
      type: 'discount',
      scope: 'mission',
      missionId: missionIds[SELLING],
      assignment: { type: 'itemSold', itemsId: [productIds[0]] },
    });

    const row = page.getByTestId('reward-row').filter({ hasText: 'Lemon seller bonus' });
    await row.getByText(`For mission: ${SELLING}`).waitFor({ timeout: 10_000 });
    // The quiz has no reward yet, and no reward covers the whole campaign.
    await page.getByText('Missions without rewards').waitFor();
  });

  it('shows the mission of the saved reward when editing it', async () => {
    await page.getByRole('button', { name: 'Edit Lemon seller bonus' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit reward' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: 'One mission' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('combobox', { name: 'Mission' }).inputValue()).toBe(SELLING);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('covers the other mission with a reward whose taken product is disabled, completing the campaign', async () => {
    const dialog = await openWizard();
    await dialog.getByRole('radio', { name: 'Free product' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('radio', { name: 'One mission' }).click();
    await chooseMission(dialog, QUIZ);
    await fillCodeReward(dialog, 'Free can for quiz champions', 'quiz-codes.csv');
    const next = dialog.getByRole('button', { name: 'Next' });
    await expectEnabled(next);
    await next.click();

    await dialog.getByRole('radio', { name: 'Items sold' }).click();
    const taken = dialog.getByRole('checkbox', { name: PRODUCTS[0] });
    await taken.waitFor();
    expect(await taken.isDisabled()).toBe(true);
    await dialog.getByText('Already assigned to “Lemon seller bonus”').waitFor();
    await dialog.getByRole('checkbox', { name: PRODUCTS[1] }).check();
    await shot('assignment-taken');
    await expectEnabled(next);
    await next.click();

    expect(await dialog.getByTestId('info-scope').innerText()).toContain(`Mission “${QUIZ}”`);
    const body = await saveAndClose(dialog);
    expect(body).toMatchObject({ scope: 'mission', missionId: missionIds[QUIZ], assignment: { type: 'itemSold', itemsId: [productIds[1]] } });

    await page.getByTestId('reward-row').filter({ hasText: `For mission: ${QUIZ}` }).waitFor({ timeout: 10_000 });
    // Every mission now has its own reward: the learning warning goes and progress reaches 100 %.
    await page.getByTestId('progress-percent').filter({ hasText: '100%' }).waitFor({ timeout: 10_000 });
    expect(await page.getByText('Missions without rewards').count()).toBe(0);
    await shot('builder');
  });
});

async function openWizard(): Promise<Locator> {
  await page.getByRole('button', { name: 'Add reward' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add reward' });
  await dialog.waitFor();
  return dialog;
}

async function chooseMission(dialog: Locator, title: string) {
  await dialog.getByRole('combobox', { name: 'Mission' }).click();
  await page.getByRole('option', { name: title, exact: true }).click();
}

/** Title, description, link, a two-code file and no fine print: what a code reward needs to pass details. */
async function fillCodeReward(dialog: Locator, title: string, fileName: string, percentage?: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rally-codes-')), fileName);
  writeFileSync(file, `code\n${fileName}-1\n${fileName}-2\n`);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill(`${title}, for the learning campaign`);
  if (percentage) await dialog.getByLabel('Percentage off').fill(percentage);
  await dialog.getByLabel('Link to shop').fill('https://shop.example.com/sparkling');
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v3/bundle/upload-excel-codes'));
  await dialog.getByLabel('Code file').setInputFiles(file);
  expect((await uploaded).status()).toBe(200);
  await dialog.getByTestId('codes-summary').waitFor();
  await dialog.getByLabel('No fine print').check();
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

async function expectEnabled(button: Locator) {
  await expect.poll(() => button.isDisabled(), { timeout: 10_000 }).toBe(false);
}
