import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { ZBudgetStatus } from '@rally/domain';
import { brands, campaigns, rewards, walletLedger } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

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

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: owner }, ...(payload === undefined ? {} : { payload: payload as object }) });
const nowSeconds = () => Math.floor(Date.now() / 1000);

type Op =
  | { kind: 'pay'; share: number }
  | { kind: 'budget'; cents: number }
  | { kind: 'type'; to: 'money' | 'prize' }
  | { kind: 'remove' }
  | { kind: 'add'; cents: number }
  | { kind: 'launch' }
  | { kind: 'end' }
  | { kind: 'delete' }
  | { kind: 'duplicate' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), share: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('budget' as const), cents: fc.integer({ min: 0, max: 50_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('type' as const), to: fc.constantFrom('money' as const, 'prize' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('add' as const), cents: fc.integer({ min: 100, max: 30_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('launch' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('end' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const) }) },
);

/** What the ledgers say each brand holds in a campaign (debits less refunds). */
async function held(campaignId: number): Promise<number> {
  const [row] = await t.database.rows<{ s: number }>(sql`
    select coalesce(sum(-amount_cents), 0)::bigint::int as s from wallet_ledger
    where campaign_id = ${campaignId} and kind in ('budget_debit', 'partner_slice', 'refund')`);
  return row!.s;
}

async function checkInvariants(campaignIds: number[]) {
  // Every brand's wallet equals its ledger sum, and none is negative.
  const wallets = await t.database.rows<{ id: string; balance: number; sum: number }>(sql`
    select b.id, b.wallet_balance_cents::bigint::int as balance, coalesce((select sum(amount_cents) from wallet_ledger l where l.brand_id = b.id), 0)::bigint::int as sum
    from brands b`);
  for (const w of wallets) {
    expect(w.balance, `wallet of ${w.id}`).toBe(w.sum);
    expect(w.balance).toBeGreaterThanOrEqual(0);
  }
  for (const id of campaignIds) {
    const [c] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, id));
    const holding = await held(id);
    expect(holding, `campaign ${id} holds a negative amount`).toBeGreaterThanOrEqual(0);
    if (!c) {
      // Deleted: it holds nothing.
      expect(holding, `deleted campaign ${id}`).toBe(0);
      continue;
    }
    const rows = await t.database.db.select().from(rewards).where(eq(rewards.campaignId, id));
    const paid = rows.reduce((sum, r) => sum + r.budgetPaidCents, 0);
    const spent = rows.reduce((sum, r) => sum + r.budgetSpentCents, 0);
    if (c.status === 'ended') {
      // What nobody won went back: the campaign holds what it spent (nothing here: nobody played).
      expect(holding, `ended campaign ${id}`).toBe(spent);
      continue;
    }
    expect(holding, `campaign ${id}: the ledger and the paid budgets agree`).toBe(paid);
    if (c.status !== 'active') {
      // Not live: nothing beyond what its money rewards' budgets need.
      for (const r of rows) {
        const need = r.type === 'money' ? (r.budgetCents ?? 0) : 0;
        expect(r.budgetPaidCents, `reward ${r.id} (${r.type}) of campaign ${id}`).toBeLessThanOrEqual(need);
      }
    }
  }
}

async function run(ops: Op[]) {
  const c = await f.campaign(brand, { name: 'Property money', completionProgress: 100 });
  const m = await f.mission(brand, { type: 'general' });
  await f.campaignMission(brand, c.id, m.id);
  let reward: { id: number; type: 'money' | 'prize' } | null = { id: (await f.reward(brand, c.id, { type: 'money', title: 'Cash', amountCents: 100, budgetCents: 20_000 })).id, type: 'money' };
  const touched = [c.id];
  for (const step of ops) {
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    if (!row) break;
    switch (step.kind) {
      case 'pay': {
        const status = ZBudgetStatus.parse((await call('GET', `/api/v3/bundle/${c.id}/budget-status`)).json());
        if (status.due === 0 || row.status !== 'draft') break;
        const amount = Math.max(1, Math.floor((status.due * step.share) / 100));
        await t.database.db.insert(walletLedger).values({ brandId: brand, kind: 'topup', amountCents: amount, note: 'property top-up' });
        const res = await call('POST', '/api/v3/bundle/add-budget', { bundleId: c.id, amount });
        expect(res.statusCode, res.body).toBe(200);
        break;
      }
      case 'budget':
        if (reward?.type === 'money') await call('POST', '/api/reward/write/save-reward', { id: reward.id, bundleId: c.id, type: 'money', amount: 100, budget: step.cents });
        break;
      case 'type':
        if (reward) {
          const body =
            step.to === 'money'
              ? { type: 'money', amount: 100, budget: 10_000 }
              : { type: 'prize', title: 'Headphones', description: 'Wireless', value: 9_900, totalAvailable: 3, imageUrl: '/api/media/file/x', noFinePrint: true };
          const res = await call('POST', '/api/reward/write/save-reward', { id: reward.id, bundleId: c.id, ...body });
          if (res.statusCode === 200) reward = { id: reward.id, type: step.to };
        }
        break;
      case 'remove':
        if (reward && (await call('POST', `/api/v3/bundle/${c.id}/reward/${reward.id}/delete`, {})).statusCode === 200) reward = null;
        break;
      case 'add':
        if (!reward) {
          const res = await call('POST', '/api/reward/write/save-reward', { bundleId: c.id, type: 'money', amount: 100, budget: step.cents });
          const [added] = await t.database.db.select().from(rewards).where(eq(rewards.campaignId, c.id));
          if (res.statusCode === 200 && added) reward = { id: added.id, type: 'money' };
        }
        break;
      case 'launch':
        await call('PUT', `/api/campaign/${c.id}/status`, { bundleId: c.id, action: 'launch', endDate: nowSeconds() + 7 * 86_400, scope: 'all', finishCriteria: ['days_over'] });
        break;
      case 'end':
        await call('POST', '/api/v3/bundle/end-campaign', { bundleId: c.id });
        break;
      case 'delete':
        await call('PUT', `/api/campaign/${c.id}/status`, { bundleId: c.id, action: 'delete' });
        break;
      case 'duplicate': {
        const res = await call('POST', `/api/campaign/${c.id}/duplicate`);
        expect(res.statusCode, res.body).toBe(201);
        touched.push((res.json() as { id: number }).id);
        break;
      }
    }
    await checkInvariants(touched);
  }
}

describe('campaign money over generated sequences', () => {
  it('pay, edit, delete, launch, end and duplicate in any order: every wallet equals its ledger, nothing negative, nothing held that is not needed', { timeout: 900_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 10 }), async (ops) => {
        await run(ops);
      }),
      { numRuns: 12 },
    );
    // The runs paid budgets and gave money back, or the property said little.
    const [moves] = await t.database.rows<{ debits: number; refunds: number }>(sql`
      select count(*) filter (where kind = 'budget_debit')::int as debits, count(*) filter (where kind = 'refund')::int as refunds
      from wallet_ledger where brand_id = ${brand}`);
    expect(moves!.debits).toBeGreaterThan(0);
    expect(moves!.refunds).toBeGreaterThan(0);
    const [own] = await t.database.db.select().from(brands).where(eq(brands.id, brand));
    expect(own!.walletBalanceCents).toBeGreaterThanOrEqual(0);
  });
});
