import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Harness } from './support/harness.js';
import { openSignedInPage, type SignedInPage } from './support/signed-in-page.js';

// Money back (issue 29), tried as a new user would in Chromium: a budget paid into a draft comes back at once when
// the draft is deleted or its budget cut, and the wallet shows it; a demo campaign that paid out money duplicates;
// an ended campaign's report says why it ended and who got what back. Real server, fresh seeded database.

let harness: Harness;
let page: Page;
let session: SignedInPage | undefined;

beforeAll(async () => {
  session = await openSignedInPage({ shotPrefix: 'money-back' });
  ({ harness, page } = session);
}, 300_000);
afterAll(() => session?.close());

const origin = () => ({ origin: harness.baseUrl });
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

async function wallet(): Promise<number> {
  const me = (await (await page.request.get('/api/me')).json()) as { brand: { walletBalance: number } };
  return me.brand.walletBalance;
}

/** A complete general draft with a money reward of `budget` cents whose budget is paid from the wallet (launch Settings' call). */
async function paidDraft(name: string, budget: number): Promise<{ id: number; rewardId: number }> {
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
  const rewards = (await (await page.request.get(`/api/reward/read/bundle-rewards?bundleId=${draft.id}`)).json()) as { items?: { id: number }[] } | { id: number }[];
  const list = Array.isArray(rewards) ? rewards : (rewards.items ?? []);
  const paid = await page.request.post('/api/v3/bundle/add-budget', { data: { bundleId: draft.id, amount: budget }, headers: origin() });
  expect(paid.status()).toBe(200);
  return { id: draft.id, rewardId: list[0]?.id ?? 0 };
}

describe('money back', () => {
  it('a paid draft says what it holds, and deleting it gives the money back at once', async () => {
    const before = await wallet();
    const { id } = await paidDraft('Paid then deleted', 300_000);
    expect(await wallet()).toBe(before - 300_000);
    await page.goto(`/campaign/${id}`);
    const card = page.getByTestId('builder-money');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('builder-money-held').innerText()).toContain('3,000.00');
    await session!.shot('builder-paid');

    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete campaign' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('goes back at once').waitFor();
    await session!.shot('delete-confirm');
    const deleted = page.waitForResponse((r) => r.url().includes('delete') && r.request().method() !== 'GET');
    await dialog.getByRole('button', { name: 'Delete campaign' }).click();
    expect((await deleted).status()).toBe(200);
    await expect.poll(wallet).toBe(before);

    await page.goto('/billing');
    await expect.poll(async () => cents(await page.getByTestId('billing-balance').innerText())).toBe(before);
    const refund = page.getByTestId('ledger-row').filter({ hasText: 'Paid then deleted' }).first();
    await refund.waitFor();
    await session!.shot('wallet-after-delete');
  });

  it('cutting a paid budget from $3,000 to $30 gives $2,970 back at once', async () => {
    const before = await wallet();
    const { id, rewardId } = await paidDraft('Paid then cut', 300_000);
    expect(rewardId).toBeGreaterThan(0);
    const cut = await page.request.post('/api/reward/write/save-reward', {
      data: { id: rewardId, bundleId: id, type: 'money', title: '$5 per shelf check', amount: 500, budget: 3_000 },
      headers: origin(),
    });
    expect(cut.status()).toBe(200);
    expect(await wallet()).toBe(before - 3_000);
    await page.goto(`/campaign/${id}`);
    await page.getByTestId('builder-money-held').filter({ hasText: '30.00' }).waitFor({ timeout: 15_000 });
    await page.goto('/billing');
    await expect.poll(async () => cents(await page.getByTestId('billing-balance').innerText())).toBe(before - 3_000);
  });

  it('a demo campaign that paid out money duplicates, without its money', async () => {
    const { db } = harness.database;
    const me = (await (await page.request.get('/api/me')).json()) as { brand: { id: string } };
    const spent = await db.query.rewards.findMany({ where: (r, { and, eq, gt }) => and(eq(r.brandId, me.brand.id), gt(r.budgetPaidCents, 0)) });
    expect(spent.length).toBeGreaterThan(0);
    const sourceId = spent[0]!.campaignId;
    const res = await page.request.post(`/api/campaign/${sourceId}/duplicate`, { headers: origin() });
    expect(res.status()).toBe(201);
    const copy = (await res.json()) as { id: number; name: string; status: string };
    expect(copy.status).toBe('draft');
    await page.goto(`/campaign/${copy.id}`);
    await page.getByRole('heading', { name: copy.name }).waitFor({ timeout: 15_000 });
    // Nothing paid: the builder shows no money held.
    expect(await page.getByTestId('builder-money').count()).toBe(0);
    await session!.shot('duplicate');
  });

  it("an ended campaign's report says why and when it ended, and who got what back", async () => {
    const before = await wallet();
    const { id } = await paidDraft('Ended early', 200_000);
    const launched = await page.request.put(`/api/campaign/${id}/status`, {
      data: { bundleId: id, action: 'launch', endDate: Math.floor(Date.now() / 1000) + 7 * 86_400, scope: 'all', finishCriteria: ['days_over'] },
      headers: origin(),
    });
    expect(launched.status()).toBe(200);
    expect((await page.request.post('/api/v3/bundle/end-campaign', { data: { bundleId: id }, headers: origin() })).status()).toBe(200);
    expect(await wallet()).toBe(before);

    await page.goto(`/campaign/report/${id}`);
    const ending = page.getByTestId('report-ending');
    await ending.waitFor({ timeout: 15_000 });
    expect(await ending.getByTestId('report-ending-why').innerText()).toContain('Ended by Olivia Owner');
    const payers = ending.getByTestId('report-ending-payers');
    const row = payers.getByRole('row').filter({ hasText: 'Brightside Beverages' });
    expect(await row.innerText()).toContain('2,000.00');
    await session!.shot('report-ending');
  });
});
