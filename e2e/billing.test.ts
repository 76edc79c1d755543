import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accrueInvoiceLine, closeInvoices } from '@rally/server';
import type { Harness } from './support/harness.js';
import { explainedA11yViolations, openSignedInPage, type SignedInPage } from './support/signed-in-page.js';

// Billing in the browser: a prepaid demo brand tops up with a test card (TEST MODE sandbox), launches a money
// campaign whose budget the wallet does not cover (the payment form opens with the difference), sees the debit
// in its ledger and downloads an invoice PDF. Real server, fresh seeded database, Chromium.

let harness: Harness;
let page: Page;
let session: SignedInPage | undefined;

beforeAll(async () => {
  session = await openSignedInPage({ shotPrefix: 'billing' });
  ({ harness, page } = session);
  // Starting the server, seeding and signing in can take a while on a busy 2-core machine.
}, 300_000);
afterAll(() => session?.close());

const origin = () => ({ origin: harness.baseUrl });
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

async function wallet(): Promise<{ walletBalance: number; brandId: string }> {
  const me = (await (await page.request.get('/api/me')).json()) as { brand: { id: string; walletBalance: number } };
  return { walletBalance: me.brand.walletBalance, brandId: me.brand.id };
}

async function payByCard(number: string) {
  const form = page.getByTestId('payment-form');
  await form.getByTestId('payment-test-mode').waitFor();
  await form.getByTestId('card-number').fill(number);
  await form.getByTestId('card-expiry').fill('12/39');
  await form.getByTestId('card-cvc').fill('123');
  await form.getByTestId('payment-submit').click();
}

/** A complete general draft with a money reward whose budget is `budget` cents, made through the API. */
async function moneyDraft(name: string, budget: number): Promise<number> {
  const created = await page.request.post('/api/campaign/create-draft', { data: { type: 'general' }, headers: origin() });
  const draft = (await created.json()) as { id: number; version: number };
  await page.request.post(`/api/v3/bundle/${draft.id}`, { data: { version: draft.version, name }, headers: origin() });
  const missions = await page.request.get(`/api/v3/bundle/${draft.id}/available-missions?currentPage=1&filter=${encodeURIComponent('Shelf check')}`);
  const mission = ((await missions.json()) as { items: { id: number; selectable: boolean }[] }).items.find((m) => m.selectable);
  if (!mission) throw new Error('no shelf check mission to add');
  await page.request.post(`/api/v3/bundle/${draft.id}/mission`, { data: { missionId: mission.id }, headers: origin() });
  const reward = await page.request.post('/api/reward/write/save-reward', {
    data: { bundleId: draft.id, type: 'money', title: '$5 per shelf check', amount: 500, budget },
    headers: origin(),
  });
  expect(reward.status()).toBe(200);
  await page.goto(`/campaign/${draft.id}`);
  await page.getByTestId('progress-percent').filter({ hasText: '100%' }).waitFor({ timeout: 10_000 });
  await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 10_000 });
  return draft.id;
}

describe('billing', () => {
  it('tops up with a test card: a declined card says why, 4242 credits the wallet', async () => {
    const before = await wallet();
    await page.goto('/billing');
    await page.getByRole('heading', { name: 'Billing', exact: true }).waitFor();
    await page.getByTestId('billing-top-up').click();
    await page.getByTestId('payment-amount').fill('50.00');
    await payByCard('4000 0000 0000 0002');
    await page.getByTestId('payment-failure').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(await explainedA11yViolations(page)).toEqual([]);
    await session!.shot('declined');

    await payByCard('4242 4242 4242 4242');
    await page.getByText('added to the wallet').waitFor();
    await expect.poll(async () => cents(await page.getByTestId('billing-balance').innerText())).toBe(before.walletBalance + 5_000);
    expect((await wallet()).walletBalance).toBe(before.walletBalance + 5_000);
  });

  it('launches a money campaign the wallet does not cover: the form opens with the difference, then the budget is paid', async () => {
    const { walletBalance } = await wallet();
    const budget = walletBalance + 2_500;
    const id = await moneyDraft('Shelf promo (top-up at launch)', budget);
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Launch campaign now' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('checkbox', { name: /The budget runs out/ }).check();
    await dialog.getByRole('checkbox', { name: /The end date is reached/ }).uncheck();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    const panel = dialog.getByTestId('budget-panel');
    await panel.getByTestId('budget-short').waitFor();
    await panel.getByTestId('budget-pay').click();
    const form = page.getByTestId('payment-form');
    await form.waitFor();
    expect(await form.getByTestId('payment-amount').inputValue()).toBe('25.00');
    await session!.shot('launch-top-up');
    await payByCard('4242424242424242');

    await dialog.getByTestId('launch-step-reach').waitFor({ timeout: 15_000 });
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/campaign/${id}/status`));
    await dialog.getByRole('button', { name: 'Launch now' }).click();
    expect((await saved).status()).toBe(200);
    expect((await wallet()).walletBalance).toBe(0);

    await page.goto('/billing');
    const debit = page.getByTestId('ledger-row').filter({ hasText: 'Campaign budget paid' }).first();
    await debit.waitFor();
    expect(cents(await debit.locator('td').last().innerText())).toBe(-budget);
    await session!.shot('ledger');
  });

  it('downloads a closed invoice as a PDF', async () => {
    const { brandId } = await wallet();
    await harness.database.db.transaction((tx) =>
      accrueInvoiceLine(tx, { brandId, kind: 'smart_review', description: 'Receipt reviews (12)', amountCents: 600, at: new Date('2026-01-20T10:00:00Z') }),
    );
    await closeInvoices({ db: harness.database.db, mailer: harness.app.mailer, log: harness.app.log, publicUrl: harness.baseUrl });
    await page.goto('/billing');
    const row = page.getByTestId('invoice-row').filter({ hasText: '2026-01' });
    await row.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /Download invoice RLY-202601-/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^RLY-202601-\d{6}\.pdf$/);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
