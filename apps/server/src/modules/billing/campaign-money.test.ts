import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ZBudgetStatus, ZCampaign } from '@rally/domain';
import { brands, campaignAudit, campaignPartners, campaigns, rewardCodes, rewardPartners, rewards, walletLedger } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
let owner: string;
let retailer: string;
let peak: string;
let ids: TestApp['brandIds'];
/** The seeded demo campaigns, before any test adds its own. */
let demo: { id: number; brand_id: string }[];

beforeAll(async () => {
  t = await createTestApp({ content: true });
  f = factories(t.database.db);
  ids = t.brandIds;
  [owner, retailer, peak] = await Promise.all([t.signIn('owner@brand.test'), t.signIn('retailer@retail.test'), t.signIn('partner@partner.test')]);
  demo = await t.database.rows<{ id: number; brand_id: string }>(sql`select id, brand_id from campaigns order by id`);
  // A changed migration set rebuilds the template database first (minutes on a loaded machine).
}, 600_000);
afterAll(() => t.close());

const db = () => t.database.db;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const balance = async (brandId: string) => (await db().select().from(brands).where(eq(brands.id, brandId)))[0]!.walletBalanceCents;
const ledgerSum = async (brandId: string) =>
  (await t.database.rows<{ s: number }>(sql`select coalesce(sum(amount_cents), 0)::bigint::int as s from wallet_ledger where brand_id = ${brandId}`))[0]!.s;
const ledgerOf = (brandId: string, campaignId: number) =>
  db().select().from(walletLedger).where(and(eq(walletLedger.brandId, brandId), eq(walletLedger.campaignId, campaignId))).orderBy(walletLedger.id);
const rewardOf = async (id: number) => (await db().select().from(rewards).where(eq(rewards.id, id)))[0];
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A draft of Brightside with a $6,000 money budget, paid from the wallet at launch Settings (POST add-budget). */
async function paidDraft(name = 'Paid draft') {
  const c = await f.campaign(ids.owner, { name, completionProgress: 100 });
  const m = await f.mission(ids.owner, { type: 'general' });
  await f.campaignMission(ids.owner, c.id, m.id);
  const cash = await f.reward(ids.owner, c.id, { type: 'money', title: 'Cash', amountCents: 500, budgetCents: 600_000 });
  await db().insert(walletLedger).values({ brandId: ids.owner, kind: 'topup', amountCents: 600_000, note: 'test top-up' });
  const paid = await call('POST', '/api/v3/bundle/add-budget', owner, { bundleId: c.id, amount: 600_000 });
  expect(paid.statusCode, paid.body).toBe(200);
  expect((await rewardOf(cash.id))?.budgetPaidCents).toBe(600_000);
  return { c, cash };
}

const PRIZE = { type: 'prize', title: 'Headphones', description: 'Wireless', value: 9_900, totalAvailable: 3, imageUrl: '/api/media/file/x', noFinePrint: true };
const saveReward = (campaignId: number, reward: { id: number }, body: Record<string, unknown>, cookie = owner) =>
  call('POST', '/api/reward/write/save-reward', cookie, { id: reward.id, bundleId: campaignId, ...body });

describe('a campaign that is not live gives back what it no longer needs', () => {
  it('deleting a paid draft refunds the whole budget to the wallet, then deletes it; the ledger rows stay as they were', async () => {
    const { c } = await paidDraft();
    const before = await balance(ids.owner);
    const status = ZBudgetStatus.parse((await call('GET', `/api/v3/bundle/${c.id}/budget-status`, owner)).json());
    expect(status.money).toEqual({ heldCents: 600_000, payers: [expect.objectContaining({ brandId: ids.owner, walletCents: 600_000, invoiceCents: 0, own: true })] });
    const res = await call('PUT', `/api/campaign/${c.id}/status`, owner, { bundleId: c.id, action: 'delete' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await db().select().from(campaigns).where(eq(campaigns.id, c.id))).toHaveLength(0);
    expect(await balance(ids.owner)).toBe(before + 600_000);
    expect(await balance(ids.owner)).toBe(await ledgerSum(ids.owner));
    const rows = await ledgerOf(ids.owner, c.id);
    expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([
      ['budget_debit', -600_000],
      ['refund', 600_000],
    ]);
    expect(rows[1]?.note).toContain('Paid draft');
    expect(rows[1]?.note).toContain('deleted');
  });

  it('lowering the budget from $6,000 to $60 gives $5,940 back at once, and the activity says so', async () => {
    const { c, cash } = await paidDraft('Cut draft');
    const before = await balance(ids.owner);
    const res = await saveReward(c.id, cash, { type: 'money', title: 'Cash', amount: 500, budget: 6_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(ids.owner)).toBe(before + 594_000);
    expect((await rewardOf(cash.id))?.budgetPaidCents).toBe(6_000);
    const audit = await db().select().from(campaignAudit).where(and(eq(campaignAudit.campaignId, c.id), eq(campaignAudit.action, 'reward.update')));
    expect(audit.flatMap((a) => a.changes)).toContainEqual({ field: 'budgetRefunded', old: 0, new: 594_000 });
    // Raising it again owes the difference: nothing is taken without a payment.
    await saveReward(c.id, cash, { type: 'money', title: 'Cash', amount: 500, budget: 10_000 });
    expect((await rewardOf(cash.id))?.budgetPaidCents).toBe(6_000);
    const status = ZBudgetStatus.parse((await call('GET', `/api/v3/bundle/${c.id}/budget-status`, owner)).json());
    expect(status.due).toBe(4_000);
    expect(await balance(ids.owner)).toBe(await ledgerSum(ids.owner));
  });

  it('a money reward turned into a prize, or removed, gives its paid budget back', async () => {
    const { c, cash } = await paidDraft('Changed draft');
    const before = await balance(ids.owner);
    const changed = await saveReward(c.id, cash, PRIZE);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await balance(ids.owner)).toBe(before + 600_000);
    expect((await rewardOf(cash.id))?.budgetPaidCents).toBe(0);

    const second = await paidDraft('Removed reward');
    const mid = await balance(ids.owner);
    const removed = await call('POST', `/api/v3/bundle/${second.c.id}/reward/${second.cash.id}/delete`, owner, {});
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await balance(ids.owner)).toBe(mid + 600_000);
    // The removed reward's ledger row keeps its id: the row was never updated.
    expect((await ledgerOf(ids.owner, second.c.id)).map((r) => [r.kind, r.amountCents])).toEqual([
      ['budget_debit', -600_000],
      ['refund', 600_000],
    ]);
    expect(await balance(ids.owner)).toBe(await ledgerSum(ids.owner));
  });

  it('a paid mark without a ledger payment behind it never makes money', async () => {
    const c = await f.campaign(ids.owner, { name: 'Seeded paid' });
    const cash = await f.reward(ids.owner, c.id, { type: 'money', title: 'Cash', amountCents: 500, budgetCents: 10_000, budgetPaidCents: 10_000 });
    const before = await balance(ids.owner);
    expect((await saveReward(c.id, cash, { type: 'money', title: 'Cash', amount: 500, budget: 1_000 })).statusCode).toBe(200);
    expect((await call('PUT', `/api/campaign/${c.id}/status`, owner, { bundleId: c.id, action: 'delete' })).statusCode).toBe(200);
    expect(await balance(ids.owner)).toBe(before);
  });

  it("deleting a scheduled shared contest gives each partner its own slice back, and the retailer nothing of it", async () => {
    const c = await f.campaign(ids.retailer, { name: 'Shared to delete', type: 'contest', sharedCampaign: true, completionProgress: 100 });
    const m = await f.mission(ids.retailer, { type: 'contest' });
    await f.campaignMission(ids.retailer, c.id, m.id);
    const cash = await f.reward(ids.retailer, c.id, { type: 'money', title: 'Partner cash', amountCents: 200, budgetCents: 0 });
    const set = await call('POST', '/api/v5/bundle-partner/create', retailer, {
      bundleId: c.id,
      partnersId: [ids.partner],
      sendInvite: true,
      rewards: [{ rewardId: cash.id, suppliedBy: 'partners', partners: [{ brandId: ids.partner, budget: 5_000 }] }],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await saveReward(c.id, cash, { type: 'money', title: 'Peak cash', amount: 200 }, peak)).statusCode).toBe(200);
    await db().insert(walletLedger).values({ brandId: ids.partner, kind: 'topup', amountCents: 5_000, note: 'test top-up' });
    expect((await call('POST', '/api/v5/bundle-partner/accept-invite', peak, { bundleId: c.id })).statusCode).toBe(200);
    const start = nowSeconds() + 3 * 86_400;
    const scheduled = await call('PUT', `/api/campaign/${c.id}/status`, retailer, { bundleId: c.id, action: 'schedule', startDate: start, endDate: start + 7 * 86_400, scope: 'all', finishCriteria: ['days_over'] });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((await ledgerOf(ids.partner, c.id)).map((r) => r.kind)).toEqual(['partner_slice']);
    const status = ZBudgetStatus.parse((await call('GET', `/api/v3/bundle/${c.id}/budget-status`, retailer)).json());
    expect(status.money?.payers).toEqual([expect.objectContaining({ brandId: ids.partner, name: 'Peak Snacks', walletCents: 5_000, own: false })]);

    const [peakBefore, retailerBefore] = [await balance(ids.partner), await balance(ids.retailer)];
    const res = await call('PUT', `/api/campaign/${c.id}/status`, retailer, { bundleId: c.id, action: 'delete' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(ids.partner)).toBe(peakBefore + 5_000);
    expect(await balance(ids.retailer)).toBe(retailerBefore);
    const back = await ledgerOf(ids.partner, c.id);
    expect(back.map((r) => [r.kind, r.amountCents])).toEqual([
      ['partner_slice', -5_000],
      ['refund', 5_000],
    ]);
    expect(back[1]?.note).toContain("Peak Snacks's share");
    expect(await balance(ids.partner)).toBe(await ledgerSum(ids.partner));
  });
});

describe('duplicate copies the design, never the money', () => {
  it('a paid campaign duplicates to an unpaid draft with the same rewards, missions and partners to invite', async () => {
    const { c, cash } = await paidDraft('To copy');
    const res = await call('POST', `/api/campaign/${c.id}/duplicate`, owner);
    expect(res.statusCode, res.body).toBe(201);
    const copy = ZCampaign.parse(res.json());
    const copied = await db().select().from(rewards).where(eq(rewards.campaignId, copy.id));
    expect(copied.map((r) => ({ type: r.type, title: r.title, budget: r.budgetCents, paid: r.budgetPaidCents, spent: r.budgetSpentCents }))).toEqual([
      { type: 'money', title: 'Cash', budget: 600_000, paid: 0, spent: 0 },
    ]);
    expect(await ledgerOf(ids.owner, copy.id)).toHaveLength(0);
    expect((await rewardOf(cash.id))?.budgetPaidCents).toBe(600_000);
  });

  it('every demo campaign duplicates (those that paid out money included), without paid budgets, issued codes or ledger rows', { timeout: 120_000 }, async () => {
    expect(demo.length).toBeGreaterThan(8);
    // Demo campaigns that paid money budgets (and paid some out: their rewards hold spent or allotted slices).
    const spentSome = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from rewards where budget_paid_cents > 0`);
    expect(spentSome[0]!.n).toBeGreaterThan(0);
    const cookieOf = new Map([
      [ids.owner, owner],
      [ids.retailer, retailer],
      [ids.partner, peak],
    ]);
    let duplicated = 0;
    for (const row of demo) {
      const cookie = cookieOf.get(row.brand_id);
      if (!cookie) continue;
      const res = await call('POST', `/api/campaign/${row.id}/duplicate`, cookie);
      expect(res.statusCode, `campaign ${row.id}: ${res.body}`).toBe(201);
      const copy = ZCampaign.parse(res.json());
      expect(copy.status).toBe('draft');
      const money = await t.database.rows<{ paid: number; issued: number; ledger: number; partnersAnswered: number; partnersPaid: number }>(sql`
        select (select coalesce(sum(budget_paid_cents + budget_spent_cents + budget_allotted_cents), 0)::int from rewards where campaign_id = ${copy.id}) as paid,
               (select count(*)::int from ${rewardCodes} rc join rewards r on r.id = rc.reward_id where r.campaign_id = ${copy.id} and rc.issued_at is not null) as issued,
               (select count(*)::int from wallet_ledger where campaign_id = ${copy.id}) as ledger,
               (select count(*)::int from ${campaignPartners} where campaign_id = ${copy.id} and invite_status is not null) as "partnersAnswered",
               (select coalesce(sum(rp.paid_cents), 0)::int from ${rewardPartners} rp join rewards r on r.id = rp.reward_id where r.campaign_id = ${copy.id}) as "partnersPaid"`);
      expect(money[0]).toEqual({ paid: 0, issued: 0, ledger: 0, partnersAnswered: 0, partnersPaid: 0 });
      duplicated++;
    }
    expect(duplicated).toBeGreaterThan(8);
  });
});
