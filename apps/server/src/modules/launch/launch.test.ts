import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  countryPlaceId,
  LAUNCH_MESSAGES,
  ZAddBudgetResult,
  ZBudgetStatus,
  ZErrorBody,
  ZStatusChangeResult,
  type TLaunchFormInput,
} from '@rally/domain';
import { brands, campaignAudit, campaigns, walletLedger } from '../../db/schema/index.js';
import { insertMember, insertPasswordUser } from '../../seed/demo-accounts.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let owner: string;
let f: ReturnType<typeof factories>;
let brand: string;

const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await createTestApp({ content: true });
  owner = await t.signIn('owner@brand.test');
  f = factories(t.database.db);
  brand = t.brandIds.owner;
});
afterAll(() => t.close());

const put = (id: number, payload: Partial<TLaunchFormInput> | Record<string, unknown>, cookie = owner) =>
  t.app.inject({ method: 'PUT', url: `/api/campaign/${id}/status`, headers: { cookie }, payload: { bundleId: id, ...payload } });
const rowOf = async (id: number) => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
/** A campaign that is complete by the server's own count: name, a ready mission, a reward. */
async function ready(over: Partial<typeof campaigns.$inferInsert> = {}) {
  const c = await f.campaign(brand, { name: 'Ready to go', completionProgress: 100, ...over });
  const m = await f.mission(brand, { type: c.type === 'learning' ? 'learning' : 'general' });
  await f.campaignMission(brand, c.id, m.id);
  await f.reward(brand, c.id, { type: 'prize' });
  return c;
}
const fieldsOf = (body: string) => ZErrorBody.parse(JSON.parse(body)).error.fields;

async function sqlCount<T>(query: ReturnType<typeof sql>): Promise<T> {
  return (await t.database.rows<T>(query))[0]!;
}

describe('launch now', () => {
  it('activates a ready draft for all stores and stores the server-counted reach', async () => {
    const c = await ready();
    const end = nowSeconds() + 10 * DAY;
    const res = await put(c.id, { action: 'launch', endDate: end, timeZone: 'Europe/Madrid', scope: 'all', finishCriteria: ['days_over'], reach: { groups: 1, stores: 1, users: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    const result = ZStatusChangeResult.parse(res.json());
    expect(result).toMatchObject({ status: 'active', bundleId: c.id, endDate: end });
    const row = await rowOf(c.id);
    expect(row.status).toBe('active');
    expect(row.timeZone).toBe('Europe/Madrid');
    expect(row.launchedAt).not.toBeNull();
    expect(Math.abs(row.startDate!.getTime() / 1000 - nowSeconds())).toBeLessThan(5);
    const expected = await sqlCount<{ stores: number; users: number; groups: number }>(sql`
      select (select count(*)::int from stores where brand_id = ${brand} and status = 'approved') as stores,
             (select coalesce(sum(total_users), 0)::int from stores where brand_id = ${brand} and status = 'approved') as users,
             (select count(*)::int from store_groups where brand_id = ${brand} and status = 'approved') as groups`);
    // The browser's figures were ignored.
    expect({ stores: row.reachStores, users: row.reachUsers, groups: row.reachGroups }).toEqual(expected);
    expect(expected.stores).toBeGreaterThan(1);
    const audit = await t.database.db.select().from(campaignAudit).where(and(eq(campaignAudit.campaignId, c.id), eq(campaignAudit.action, 'status.launch')));
    expect(audit).toHaveLength(1);
    // Ends by date: the end is queued.
    expect(await t.app.scheduler.pendingJobs(c.id)).toEqual([{ kind: 'end', campaignId: c.id, at: end * 1000 }]);
  });

  it('reaches two groups: their distinct approved stores and users', async () => {
    const groups = await t.database.rows<{ id: number }>(sql`select id from store_groups where brand_id = ${brand} and status = 'approved' order by id limit 2`);
    const pks = groups.map((g) => g.id);
    const c = await ready();
    const res = await put(c.id, { action: 'launch', endDate: nowSeconds() + DAY, scope: 'group', pks });
    expect(res.statusCode, res.body).toBe(200);
    const expected = await sqlCount<{ stores: number; users: number }>(sql`
      select count(*)::int as stores, coalesce(sum(s.total_users), 0)::int as users from stores s
      where s.status = 'approved' and s.id in (select store_id from store_group_members where group_id in (${pks[0]}, ${pks[1]}))`);
    const row = await rowOf(c.id);
    expect(row.scopeType).toBe('group');
    expect(row.scopePks).toEqual(pks);
    expect({ groups: row.reachGroups, stores: row.reachStores, users: row.reachUsers }).toEqual({ groups: 2, ...expected });
  });

  it('names every invalid field of the form', async () => {
    const c = await ready();
    await f.reward(brand, c.id, { type: 'gift_card', title: 'Card', amountCents: 100 });
    const res = await put(c.id, { action: 'launch', finishCriteria: [], scope: 'store', pks: [] });
    expect(res.statusCode).toBe(400);
    const fields = fieldsOf(res.body);
    expect(fields).toEqual(
      expect.arrayContaining([
        { path: 'finishCriteria', message: LAUNCH_MESSAGES.selectCriteria },
        { path: 'pks', message: LAUNCH_MESSAGES.selectStores },
        { path: expect.stringMatching(/^rewards\.\d+\.endDate$/), message: LAUNCH_MESSAGES.rewardExpirationDate },
      ]),
    );
    expect((await rowOf(c.id)).status).toBe('draft');
  });

  it('asks for the campaign end date when it ends by date', async () => {
    const c = await ready();
    const res = await put(c.id, { action: 'launch', finishCriteria: ['days_over'] });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)).toEqual([{ path: 'endDate', message: LAUNCH_MESSAGES.campaignEndDate }]);
  });

  it('refuses stores of another brand in the scope', async () => {
    const [other] = await t.database.rows<{ id: number }>(sql`select id from stores where brand_id <> ${brand} and status = 'approved' limit 1`);
    const c = await ready();
    const res = await put(c.id, { action: 'launch', endDate: nowSeconds() + DAY, scope: 'store', pks: [other!.id] });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body).map((x) => x.path)).toContain('pks');
    expect((await rowOf(c.id)).status).toBe('draft');
  });

  it('refuses to launch an incomplete campaign', async () => {
    const c = await f.campaign(brand, { completionProgress: 67 });
    const res = await put(c.id, { action: 'launch', endDate: nowSeconds() + DAY });
    expect(res.statusCode).toBe(409);
  });
});

describe('budgets', () => {
  it('blocks a launch with an unpaid prepaid money budget, then launches once the wallet paid it', async () => {
    const c = await ready();
    const reward = await f.reward(brand, c.id, { type: 'money', title: 'Cash', amountCents: 500, budgetCents: 10_000, budgetPaidCents: 2_500 });
    const form = { action: 'launch' as const, endDate: nowSeconds() + DAY };
    const blocked = await put(c.id, form);
    expect(blocked.statusCode).toBe(402);
    expect(blocked.json().error.code).toBe('BUDGET_UNPAID');
    expect(fieldsOf(blocked.body)).toEqual([{ path: `rewards.${reward.id}.budget`, message: LAUNCH_MESSAGES.budgetUnpaid }]);

    const status = ZBudgetStatus.parse((await t.app.inject({ method: 'GET', url: `/api/v3/bundle/${c.id}/budget-status`, headers: { cookie: owner } })).json());
    expect(status).toMatchObject({ paymentPlan: 'prepaid', due: 7_500 });

    // Bring the wallet to exactly 70.00: short of the 75.00 due.
    const balance = async () => (await t.database.db.select().from(brands).where(eq(brands.id, brand)))[0]!.walletBalanceCents;
    await t.database.db.insert(walletLedger).values({ brandId: brand, kind: 'adjustment', amountCents: 7_000 - (await balance()) });
    const pay = () =>
      t.app.inject({ method: 'POST', url: '/api/v3/bundle/add-budget', headers: { cookie: owner }, payload: { bundleId: c.id, amount: 7_500, amountPerEntry: 500 } });
    const short = await pay();
    expect(short.statusCode).toBe(402);
    expect(fieldsOf(short.body)[0]?.path).toBe('amount');
    expect(await balance()).toBe(7_000);

    await t.database.db.insert(walletLedger).values({ brandId: brand, kind: 'topup', amountCents: 10_000 });
    const paid = await pay();
    expect(paid.statusCode, paid.body).toBe(200);
    const result = ZAddBudgetResult.parse(paid.json());
    expect(result.rewards).toEqual([{ rewardId: reward.id, budget: 10_000, budgetPaid: 10_000 }]);
    expect(result.walletBalance).toBe(9_500);
    expect(await balance()).toBe(9_500);
    const debits = await t.database.db.select().from(walletLedger).where(and(eq(walletLedger.campaignId, c.id), eq(walletLedger.kind, 'budget_debit')));
    expect(debits.map((d) => d.amountCents)).toEqual([-7_500]);

    const overpay = await t.app.inject({ method: 'POST', url: '/api/v3/bundle/add-budget', headers: { cookie: owner }, payload: { bundleId: c.id, amount: 1 } });
    expect(overpay.statusCode).toBe(400);

    expect((await put(c.id, form)).statusCode).toBe(200);
  });

  it('lets a postpaid brand launch with the budget unpaid', async () => {
    const postpaid = await f.campaign(t.brandIds.retailer, { name: 'Postpaid', completionProgress: 100 });
    await t.database.db.update(brands).set({ paymentPlan: 'postpaid' }).where(eq(brands.id, t.brandIds.retailer));
    await f.reward(t.brandIds.retailer, postpaid.id, { type: 'money', title: 'Cash', amountCents: 500, budgetCents: 10_000 });
    const retailer = await t.signIn('retailer@retail.test');
    const res = await put(postpaid.id, { action: 'launch', endDate: nowSeconds() + DAY }, retailer);
    expect(res.statusCode, res.body).toBe(200);
    await t.database.db.update(brands).set({ paymentPlan: 'prepaid' }).where(eq(brands.id, t.brandIds.retailer));
  });

  it('skips the budget check when scheduling', async () => {
    const c = await ready();
    await f.reward(brand, c.id, { type: 'money', title: 'Cash', amountCents: 500, budgetCents: 10_000 });
    const res = await put(c.id, { action: 'schedule', startDate: nowSeconds() + DAY, endDate: nowSeconds() + 5 * DAY });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('schedule and reschedule', () => {
  it('schedules with start and end, queues the start, and a reschedule replaces it', async () => {
    const c = await ready();
    const start = nowSeconds() + 3 * DAY;
    const res = await put(c.id, { action: 'schedule', startDate: start, endDate: start + 7 * DAY, timeZone: 'America/Mexico_City' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZStatusChangeResult.parse(res.json())).toMatchObject({ status: 'scheduled', startDate: start, endDate: start + 7 * DAY });
    expect(await t.app.scheduler.pendingJobs(c.id)).toEqual([{ kind: 'activate', campaignId: c.id, at: start * 1000 }]);

    const moved = start + DAY;
    const again = await put(c.id, { action: 'reschedule', startDate: moved, endDate: moved + 7 * DAY, timeZone: 'America/Mexico_City', scope: 'store', pks: [] });
    expect(again.statusCode, again.body).toBe(200);
    const row = await rowOf(c.id);
    expect(row.status).toBe('scheduled');
    expect(row.startDate!.getTime()).toBe(moved * 1000);
    // A reschedule changes dates only; the scope stays.
    expect(row.scopeType).toBe('all');
    expect(await t.app.scheduler.pendingJobs(c.id)).toEqual([{ kind: 'activate', campaignId: c.id, at: moved * 1000 }]);
  });

  it('clears a blocked start when the campaign is rescheduled, so the new start is tried afresh', async () => {
    const c = await ready();
    const start = nowSeconds() + 3 * DAY;
    expect((await put(c.id, { action: 'schedule', startDate: start, endDate: start + 7 * DAY, timeZone: 'UTC' })).statusCode).toBe(200);
    await t.database.db.update(campaigns).set({ startBlocked: 'budget_unpaid' }).where(eq(campaigns.id, c.id));
    const moved = start + DAY;
    const again = await put(c.id, { action: 'reschedule', startDate: moved, endDate: moved + 7 * DAY, timeZone: 'UTC', scope: 'store', pks: [] });
    expect(again.statusCode, again.body).toBe(200);
    expect((await rowOf(c.id)).startBlocked).toBeNull();
  });

  it('requires a start date not in the past and an end after it', async () => {
    const c = await ready();
    const res = await put(c.id, { action: 'schedule', startDate: nowSeconds() - 3600, endDate: nowSeconds() - 7200 });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)).toEqual([
      { path: 'startDate', message: LAUNCH_MESSAGES.startInPast },
      { path: 'endDate', message: LAUNCH_MESSAGES.endBeforeStart },
    ]);
  });

  it('refuses an unknown time zone, naming the field', async () => {
    const c = await ready();
    const res = await put(c.id, { action: 'schedule', startDate: nowSeconds() + DAY, endDate: nowSeconds() + 2 * DAY, timeZone: 'Mars/Olympus' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body).map((x) => x.path)).toEqual(['timeZone']);
  });
});

describe('transitions and permissions', () => {
  const legal = { launch: ['draft', 'rejected'], schedule: ['draft', 'rejected'], reschedule: ['scheduled'] } as const;
  const statuses = ['draft', 'scheduled', 'rejected', 'active', 'ended'] as const;

  for (const action of ['launch', 'schedule', 'reschedule'] as const) {
    for (const status of statuses) {
      const ok = (legal[action] as readonly string[]).includes(status);
      it(`${ok ? 'allows' : 'refuses with 409'} ${action} from ${status}`, async () => {
        const c = await ready({ status, startDate: new Date(Date.now() + 5 * DAY * 1000) });
        const start = nowSeconds() + DAY;
        const res = await put(c.id, { action, startDate: start, endDate: start + DAY });
        expect(res.statusCode, res.body).toBe(ok ? 200 : 409);
        if (!ok) expect(res.json().error.code).toBe('ILLEGAL_TRANSITION');
        expect((await rowOf(c.id)).status).toBe(ok ? (action === 'launch' ? 'active' : 'scheduled') : status);
      });
    }
  }

  it('needs the campaign:launch permission (403 for an analyst)', async () => {
    const userId = await insertPasswordUser(t.database.db, 'member@brand.test', 'Mia Member', 'member-pass-1234');
    await insertMember(t.database.db, brand, userId, 'analyst');
    const member = await t.signIn('member@brand.test', 'member-pass-1234');
    const c = await ready();
    const res = await put(c.id, { action: 'launch', endDate: nowSeconds() + DAY }, member);
    expect(res.statusCode).toBe(403);
    expect((await rowOf(c.id)).status).toBe('draft');
  });

  it("answers 404 for another brand's campaign", async () => {
    const c = await f.campaign(t.brandIds.retailer, { completionProgress: 100 });
    expect((await put(c.id, { action: 'launch', endDate: nowSeconds() + DAY })).statusCode).toBe(404);
  });

  it('still deletes through the same call', async () => {
    const c = await ready();
    const res = await put(c.id, { action: 'delete' });
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(campaigns).where(eq(campaigns.id, c.id))).toEqual([]);
  });
});

describe('consumer campaigns', () => {
  const countries = (codes: string[]) => ({
    countryCodes: codes,
    selectedPlacesIds: codes.map(countryPlaceId),
    selectedCountries: codes.map((code) => ({ code, name: code === 'ES' ? 'Spain' : code === 'MX' ? 'Mexico' : 'United States of America', placeId: countryPlaceId(code) })),
  });

  it('schedules to countries and counts the approved stores in them', async () => {
    const c = await ready({ type: 'consumer' });
    const res = await put(c.id, { action: 'schedule', startDate: nowSeconds() + DAY, endDate: nowSeconds() + 3 * DAY, ...countries(['ES', 'MX']) });
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(c.id);
    expect(row.countryCodes).toEqual(['ES', 'MX']);
    expect(row.selectedCountries.map((x) => x.code)).toEqual(['ES', 'MX']);
    const expected = await sqlCount<{ stores: number; users: number }>(sql`
      select count(*)::int as stores, coalesce(sum(total_users), 0)::int as users from stores
      where brand_id = ${brand} and status = 'approved' and country_code in ('ES', 'MX')`);
    expect({ stores: row.reachStores, users: row.reachUsers }).toEqual(expected);
  });

  it('needs at least one country, and places that are those countries', async () => {
    const c = await ready({ type: 'consumer' });
    const none = await put(c.id, { action: 'schedule', startDate: nowSeconds() + DAY, endDate: nowSeconds() + 3 * DAY });
    expect(fieldsOf(none.body)).toEqual([{ path: 'countryCodes', message: LAUNCH_MESSAGES.selectCountries }]);
    const mismatch = await put(c.id, { action: 'schedule', startDate: nowSeconds() + DAY, endDate: nowSeconds() + 3 * DAY, ...countries(['ES']), selectedPlacesIds: [countryPlaceId('FR')] });
    expect(mismatch.statusCode).toBe(400);
    expect(fieldsOf(mismatch.body).length).toBeGreaterThan(0);
  });
});

describe('scheduler', () => {
  it('activates a campaign at its start and ends it at its end (in this process)', async () => {
    const c = await ready();
    const start = nowSeconds() + 2;
    const res = await put(c.id, { action: 'schedule', startDate: start, endDate: start + 2 });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(async () => (await rowOf(c.id)).status, { timeout: 15_000, interval: 250 }).toBe('active');
    await expect.poll(async () => (await rowOf(c.id)).status, { timeout: 15_000, interval: 250 }).toBe('ended');
    const audit = await t.database.db.select({ action: campaignAudit.action }).from(campaignAudit).where(eq(campaignAudit.campaignId, c.id));
    expect(audit.map((a) => a.action).filter((a) => a.startsWith('scheduler.'))).toEqual(['scheduler.activate', 'scheduler.end']);
  });
});
