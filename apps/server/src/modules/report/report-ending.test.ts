import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ZCampaignReport } from '@rally/domain';
import { campaigns, walletLedger } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { checkFinishCriteria } from '../engine/index.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
let owner: string;
let brand: string;

beforeAll(async () => {
  t = await createTestApp({ content: true });
  f = factories(t.database.db);
  brand = t.brandIds.owner;
  owner = await t.signIn('owner@brand.test');
}, 600_000);
afterAll(() => t.close());

const nowSeconds = () => Math.floor(Date.now() / 1000);
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: owner }, ...(payload === undefined ? {} : { payload: payload as object }) });
const reportOf = async (id: number) => {
  const res = await call('GET', `/api/v3/bundle/${id}/report`);
  expect(res.statusCode, res.body).toBe(200);
  return ZCampaignReport.parse(res.json());
};

/** A live campaign of Brightside whose $100 money budget was paid from the wallet at launch. */
async function livePaid(name: string, over: Partial<typeof campaigns.$inferInsert> = {}) {
  const c = await f.campaign(brand, { name, completionProgress: 100, ...over });
  const m = await f.mission(brand, { type: 'general' });
  await f.campaignMission(brand, c.id, m.id);
  await f.reward(brand, c.id, { type: 'money', title: 'Cash', amountCents: 500, budgetCents: 10_000 });
  await t.database.db.insert(walletLedger).values({ brandId: brand, kind: 'topup', amountCents: 10_000, note: 'test top-up' });
  expect((await call('POST', '/api/v3/bundle/add-budget', { bundleId: c.id, amount: 10_000 })).statusCode).toBe(200);
  const launched = await call('PUT', `/api/campaign/${c.id}/status`, {
    bundleId: c.id,
    action: 'launch',
    endDate: nowSeconds() + 7 * 86_400,
    scope: 'all',
    finishCriteria: over.finishCriteria ?? ['days_over'],
  });
  expect(launched.statusCode, launched.body).toBe(200);
  return c;
}

describe('the report of an ended campaign says when, why and who got what back', () => {
  it('ended by hand: who ended it, when, and the owner paid $100 and got $100 back', async () => {
    const c = await livePaid('Ended by hand');
    expect((await reportOf(c.id)).ending).toBeNull();
    const ended = await call('POST', '/api/v3/bundle/end-campaign', { bundleId: c.id });
    expect(ended.statusCode, ended.body).toBe(200);
    const report = await reportOf(c.id);
    expect(report.ending).toMatchObject({ reason: 'ended_by_user', endedBy: 'Olivia Owner' });
    expect(Math.abs(report.ending!.endedAt! - nowSeconds())).toBeLessThan(30);
    expect(report.ending!.payers).toEqual([{ brandId: brand, name: 'Brightside Beverages', own: true, paidCents: 10_000, refundedCents: 10_000 }]);
  });

  it('ended at its end date: the reason is the date, nobody ended it', async () => {
    const c = await livePaid('Ended by date');
    await t.database.db.update(campaigns).set({ endDate: new Date(Date.now() - 1000) }).where(eq(campaigns.id, c.id));
    // The scheduler's end job, due now, ends it (as it would at the end date).
    await t.app.scheduler.replaceJobs(c.id, [{ kind: 'end', campaignId: c.id, at: Date.now() }]);
    await vi.waitFor(async () => expect((await t.database.db.select().from(campaigns).where(eq(campaigns.id, c.id)))[0]?.status).toBe('ended'), { timeout: 20_000, interval: 200 });
    const report = await reportOf(c.id);
    expect(report.ending).toMatchObject({ reason: 'end_date', endedBy: null });
    expect(report.ending!.payers[0]).toMatchObject({ paidCents: 10_000, refundedCents: 10_000 });
  });

  it('ended when its budget ran out: the reason is the budget', async () => {
    const c = await livePaid('Budget over', { finishCriteria: ['budget_over'] });
    // Everything paid was spent (as the engine's ledger row would spend it), so the finish criteria are met.
    const [reward] = await t.database.rows<{ id: number }>(sql`select id from rewards where campaign_id = ${c.id}`);
    await t.database.db.execute(sql`insert into reward_budget_ledger (brand_id, reward_id, amount_cents) values (${brand}, ${reward!.id}, -10000)`);
    expect(await checkFinishCriteria(t.database.db, c.id)).toBe('budget_over');
    const report = await reportOf(c.id);
    expect(report.ending).toMatchObject({ reason: 'budget_over', endedBy: null });
    expect(report.ending!.payers[0]).toMatchObject({ paidCents: 10_000, refundedCents: 0 });
  });
});
