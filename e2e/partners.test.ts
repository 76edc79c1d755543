import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { dbSchema } from '@rally/server';
import { startHarness, type Harness } from './support/harness.js';

// Shared contests end to end with three users: Metro Mart (retailer) invites Peak Snacks and
// Brightside Beverages; Peak fills its reward and accepts, paying through the payment form;
// Brightside rejects; the retailer replaces it with Summit Springs and launches; each wallet
// ledger holds exactly its own slice.

let harness: Harness;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await harness?.close();
});

async function signedIn(email: string): Promise<Page> {
  const { context, page } = await harness.newPage();
  contexts.push(context);
  // A step that cannot happen fails in 20 s naming its locator, not at the test's deadline.
  page.setDefaultTimeout(20_000);
  await harness.signIn(page, email);
  return page;
}

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, { method, ...(data === undefined ? {} : { data }), headers: { origin: harness.baseUrl } });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

const brandId = async (slug: string) => (await harness.database.db.select().from(dbSchema.brands).where(eq(dbSchema.brands.slug, slug)))[0]!.id;
const ledger = async (slug: string, campaignId: number) =>
  (
    await harness.database.db
      .select()
      .from(dbSchema.walletLedger)
      .where(and(eq(dbSchema.walletLedger.brandId, await brandId(slug)), eq(dbSchema.walletLedger.campaignId, campaignId)))
  ).map((l) => [l.kind, l.amountCents]);

describe('shared contest with partner brands', () => {
  it('invites two partners; one fills, accepts and pays, the other rejects; the retailer replaces it and launches; each brand pays its own slice', { timeout: 240_000 }, async () => {
    const name = 'Summer snack race';
    // ------------------------------------------------------------ retailer: a shared contest
    const retailer = await signedIn('retailer@retail.test');
    const draft = await api<{ id: number; version: number }>(retailer, 'POST', '/api/campaign/create-draft', { type: 'contest' });
    const id = draft.id;
    const fields = await api<{ campaign: { version: number } }>(retailer, 'POST', `/api/v3/bundle/${id}`, { version: draft.version, name, sharedCampaign: true });
    expect(fields.campaign.version).toBeGreaterThan(draft.version);
    const missions = await api<{ items: { id: number; selectable: boolean; isCompleteFill: boolean }[] }>(retailer, 'GET', `/api/v3/bundle/${id}/available-missions?type=contest`);
    const mission = missions.items.find((m) => m.selectable && m.isCompleteFill)!;
    await api(retailer, 'POST', `/api/v3/bundle/${id}/mission`, {
      missionId: mission.id,
      sharedData: ['TOTAL_SALES', 'LEADER_BOARD'],
      contest: {
        type: 'store',
        displayLeaderboard: true,
        rankLeadersBasedOn: 'numbers_submissions',
        displayLeadersByUserInfo: false,
        displayLeadersByStoreInfo: true,
        displayLeadersByNumberSubmissions: true,
        displayLeadersByTotalSalesAmount: false,
        rulesAndRegulations: { useCustom: false, customUrl: '' },
      },
    });
    // Metro Mart's own reward, paid from its wallet; and a cash reward the partners will fund.
    const own = await api<{ id: number }>(retailer, 'POST', '/api/reward/write/save-reward', { bundleId: id, type: 'money', title: 'Metro cash', amount: 100, budget: 20_000 });
    await api(retailer, 'POST', '/api/v3/bundle/add-budget', { bundleId: id, amount: 20_000 });
    const cash = await api<{ id: number }>(retailer, 'POST', '/api/reward/write/save-reward', { bundleId: id, type: 'money', title: 'Partner cash', amount: 200, budget: 200 });

    await retailer.goto(`/campaign/${id}`);
    const partnersSection = retailer.getByRole('region', { name: 'Partners' });
    await partnersSection.getByRole('button', { name: 'Invite partners' }).click();
    let modal = retailer.getByRole('dialog', { name: 'Invite partner brands' });
    await modal.getByRole('checkbox', { name: 'Peak Snacks' }).check();
    await modal.getByRole('checkbox', { name: 'Brightside Beverages' }).check();
    await modal.getByRole('button', { name: 'Save partners' }).click();
    await modal.waitFor({ state: 'detached' });
    await partnersSection.getByText('Not invited').first().waitFor();

    // A discount the partner supplies: with partners on the campaign it needs title and description only.
    const discount = await api<{ id: number }>(retailer, 'POST', '/api/reward/write/save-reward', {
      bundleId: id,
      type: 'discount',
      title: 'Partner discount',
      description: 'Supplied by Peak Snacks',
      isShared: true,
      filledByPartners: true,
    });
    await api(retailer, 'POST', `/api/v3/bundle/${id}/reward/${discount.id}/update-end-date`, {
      endDate: Math.floor(Date.now() / 1000) + 60 * 86_400,
      timeZone: 'America/New_York',
    });
    await retailer.reload();
    await partnersSection.getByRole('button', { name: 'Update partners' }).click();
    modal = retailer.getByRole('dialog', { name: 'Update partner brands' });
    // Peak supplies the discount and $6,000 of the cash (more than its $5,000 demo wallet).
    await modal.getByRole('radiogroup', { name: 'Who supplies Partner cash' }).getByText('Partners', { exact: true }).click();
    const peakBoxes = modal.getByRole('checkbox', { name: 'Peak Snacks' });
    // [0] the brand list, [1] the cash reward's supplier, [2] the discount's supplier (rewards are listed prize and money first).
    await peakBoxes.nth(1).check();
    await peakBoxes.nth(2).check();
    await modal.getByRole('textbox', { name: 'Budget proposed to Peak Snacks' }).fill('6000');
    await modal.getByRole('button', { name: 'Save partners' }).click();
    await modal.waitFor({ state: 'detached' });

    const send = retailer.getByRole('button', { name: 'Send invite' });
    await expect.poll(() => send.isEnabled(), { timeout: 10_000 }).toBe(true);
    await send.click();
    await retailer.waitForURL((url) => url.pathname === '/campaign');

    // ------------------------------------------------------------ Peak Snacks: fill, accept and pay
    const peak = await signedIn('partner@partner.test');
    await peak.getByRole('tab', { name: /Invitations/ }).click();
    await peak.getByRole('link', { name }).click();
    await peak.waitForURL(`**/campaign-view/${id}`);
    const invite = peak.getByRole('region', { name: 'Your invitation' });
    await invite.getByText('Budget proposed to you: $6,000.00.').waitFor();
    expect(await invite.getByRole('button', { name: 'Accept and pay' }).isDisabled()).toBe(true);
    await peak.getByRole('button', { name: 'Edit Partner discount' }).click();
    const wizard = peak.getByRole('dialog', { name: 'Fill your reward' });
    await wizard.getByLabel(/^Title/).fill('Peak 20% off');
    await wizard.getByLabel(/^Description/).fill('On every Peak Snacks bag');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Save' }).click();
    await wizard.waitFor({ state: 'detached' });
    // The cash reward (money is listed first): its amount is the retailer's, the partner confirms it.
    await peak.getByRole('button', { name: 'Edit Partner cash' }).click();
    const cashWizard = peak.getByRole('dialog', { name: 'Fill your reward' });
    await cashWizard.getByRole('button', { name: 'Next' }).click();
    await cashWizard.getByRole('button', { name: 'Save' }).click();
    await cashWizard.waitFor({ state: 'detached' });

    const accept = invite.getByRole('button', { name: 'Accept and pay' });
    await expect.poll(() => accept.isEnabled(), { timeout: 10_000 }).toBe(true);
    await accept.click();
    await peak.getByRole('dialog', { name: 'Accept this invitation?' }).getByRole('button', { name: 'Accept', exact: true }).click();
    // The wallet holds $5,000: the payment form opens with the missing $1,000.
    const payment = peak.getByRole('dialog', { name: 'Add money to the wallet' });
    await payment.waitFor();
    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payment.getByLabel('Expiry (MM/YY)').fill('12/34');
    await payment.getByLabel('CVC').fill('123');
    await payment.getByRole('button', { name: /^Pay / }).click();
    await peak.getByText('Invitation accepted.').waitFor();
    await invite.getByText('Ready').waitFor();

    // ------------------------------------------------------------ Brightside: reject
    const bright = await signedIn('owner@brand.test');
    await bright.goto(`/campaign-view/${id}`);
    await bright.getByRole('region', { name: 'Your invitation' }).getByRole('button', { name: 'Reject' }).click();
    const rejectDialog = bright.getByRole('dialog', { name: 'Reject this invitation?' });
    await rejectDialog.getByLabel('Why (optional)').fill('Our budget is spent this quarter');
    await rejectDialog.getByRole('button', { name: 'Reject' }).click();
    await bright.getByText('Invitation rejected.').waitFor();

    // ------------------------------------------------------------ retailer: warning (who, when, why), replace, launch
    await retailer.goto(`/campaign/${id}`);
    await retailer.getByText('A partner declined').waitFor();
    await retailer.getByRole('list', { name: 'Rejected' }).getByText('“Our budget is spent this quarter”').waitFor();
    await partnersSection.getByText('Rejected').waitFor();
    await partnersSection.getByText('Ready').waitFor();
    await partnersSection.getByRole('button', { name: 'Update partners' }).click();
    modal = retailer.getByRole('dialog', { name: 'Update partner brands' });
    await modal.getByRole('checkbox', { name: 'Brightside Beverages' }).first().uncheck();
    await modal.getByRole('checkbox', { name: 'Summit Springs' }).first().check();
    await modal.getByRole('button', { name: 'Save partners' }).click();
    await modal.waitFor({ state: 'detached' });
    await retailer.getByRole('button', { name: 'Send invite' }).click();
    await retailer.waitForURL((url) => url.pathname === '/campaign');

    // The launch modal has its own journey (launch.test.ts); here the launch call itself.
    const launched = await api<{ status: string }>(retailer, 'PUT', `/api/campaign/${id}/status`, {
      bundleId: id,
      action: 'launch',
      endDate: Math.floor(Date.now() / 1000) + 30 * 86_400,
      timeZone: 'America/New_York',
      scope: 'all',
      finishCriteria: ['days_over'],
    });
    expect(launched.status).toBe('active');

    // Each wallet shows exactly its own slice of this campaign.
    expect(await ledger('metro-mart', id)).toEqual([['budget_debit', -20_000]]);
    expect(await ledger('peak-snacks', id)).toEqual([['partner_slice', -600_000]]);
    expect(await ledger('brightside-beverages', id)).toEqual([]);
    expect(await ledger('summit-springs', id)).toEqual([]);
    const paid = await harness.database.db.select().from(dbSchema.rewards).where(eq(dbSchema.rewards.id, cash.id));
    expect(paid[0]?.budgetPaidCents).toBe(600_000);
    expect(own.id).not.toBe(cash.id);
  });
});
