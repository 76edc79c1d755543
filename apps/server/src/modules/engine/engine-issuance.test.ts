import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inRewardScope, meetsAssignment, type TAssignment } from '@rally/domain';
import { loadTestEnv } from '../../config/test-env.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { playCookie, runningCampaign, submit, uploadReceipt } from '../../testing/engine-kit.js';
import { readEngineState, type EngineRewardRow } from './engine.repository.js';
import { stateSpec } from './write-completion.js';

// Every way a reward reaches a participant goes through one issue (db/functions/engine.sql engine_issue): these tests
// hold the review's accept to the same rules and money as a submit, under concurrency, and hold engine_state's one
// SQL expression for "meets the assignment" to the domain's rule.

let t: TestApp;
let owner: string;
const onServer = Boolean(loadTestEnv().TEST_DATABASE_URL);
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('owner@brand.test');
  await db().execute(sql`update brands set smart_review_enabled = false where id = ${t.brandIds.owner}`);
});
afterAll(() => t.close());

const db = () => t.database.db;
const rows = <T>(q: ReturnType<typeof sql>) => t.database.rows<T>(q);
const general = { kind: 'general', answers: [] };
let uploads = 0;

/** A pending sale (a receipt for a person to review): its receipt id. */
async function pendingSale(cookie: string, campaignId: number, cmId: number, itemId: number, salesAmountCents: number): Promise<number> {
  const receiptUploadId = await uploadReceipt(t.app, cookie, ++uploads);
  const res = await submit(t.app, cookie, campaignId, cmId, { kind: 'itemSold', items: [{ itemId, quantity: 1 }], salesAmountCents, receiptUploadId });
  expect(res.statusCode).toBe(201);
  const completionId = (res.json() as { completion: { id: number; status: string } }).completion.id;
  const [r] = await rows<{ id: string }>(sql`select id from receipts where completion_id = ${completionId}`);
  return Number(r!.id);
}
const accept = (receiptId: number) =>
  t.app.inject({ method: 'POST', url: `/api/receipt-scan/receipts/${receiptId}/accept`, headers: { cookie: owner }, payload: {} });

/** The ledger's, the reward row's and the unlocks' account of a budget reward. */
async function money(rewardId: number) {
  const [m] = await rows<{ paid: string; spent: string; ledger: string; unlocks: string; allotted: string }>(sql`
    select r.budget_paid_cents as paid, reward_budget_spent(r.id) as spent, r.budget_allotted_cents as allotted,
      -(select coalesce(sum(amount_cents), 0) from reward_budget_ledger l where l.reward_id = r.id and l.amount_cents < 0) as ledger,
      (select coalesce(sum(amount_cents), 0) from reward_unlocks u where u.reward_id = r.id) as unlocks
    from rewards r where r.id = ${rewardId}`);
  return { paid: Number(m!.paid), spent: Number(m!.spent), ledger: Number(m!.ledger), unlocks: Number(m!.unlocks), allotted: Number(m!.allotted) };
}

describe('engine: a sale accepted in review issues through the same path as a submit', () => {
  it('debits the budget through a slice and the ledger, splits what is left between the brands that paid, and ends the campaign on budget_over', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner, { finishCriteria: ['budget_over'], participants: 3 });
    const sale = await k.saleMission();
    // 250 paid, 100 an issue: two issues, then 50 left that no issue can use. The partner paid 150 of it.
    const cash = await k.reward({ type: 'money', title: 'Cash', amountCents: 100, budgetCents: 250, budgetPaidCents: 250, isUnlimited: true });
    await db().execute(sql`insert into reward_partners (brand_id, reward_id, partner_brand_id, budget_cents, paid_cents, fill_status)
      values (${t.brandIds.owner}, ${cash.id}, ${t.brandIds.partner}, 150, 150, 'filled')`);
    const wallets = async () =>
      Object.fromEntries(
        (await rows<{ id: string; w: string }>(sql`select id, wallet_balance_cents as w from brands where id in (${t.brandIds.owner}, ${t.brandIds.partner})`)).map((b) => [b.id, Number(b.w)]),
      );
    const before = await wallets();
    const cookies = await Promise.all(k.users.map((u) => playCookie(db(), t.brandIds.owner, u.id)));
    const receipts = [];
    for (const c of cookies) receipts.push(await pendingSale(c, k.campaign.id, sale.cm.id, sale.itemIds[0]!, 2_000));
    // Pending: nothing issued, nothing spent.
    expect((await money(cash.id)).spent).toBe(0);

    expect((await accept(receipts[0]!)).statusCode).toBe(200);
    const first = await rows<{ amount_cents: string; completion_id: string; store_user_id: number }>(
      sql`select amount_cents, completion_id, store_user_id from reward_unlocks where reward_id = ${cash.id}`,
    );
    expect(first.map((u) => [Number(u.amount_cents), u.store_user_id])).toEqual([[100, k.users[0]!.id]]);
    const [slice] = await rows<{ slice: number | null }>(sql`select slice from reward_budget_ledger where reward_id = ${cash.id} and completion_id = ${first[0]!.completion_id}`);
    expect(slice!.slice).not.toBeNull();
    expect(await money(cash.id)).toMatchObject({ paid: 250, spent: 100, ledger: 100, unlocks: 100 });

    expect((await accept(receipts[1]!)).statusCode).toBe(200);
    // 50 left < 100: the campaign ends (budget_over) and its slices fold back; the 50 nobody won goes back to the
    // two brands in proportion to what each paid (partner 150 of 250, owner 100).
    const [campaign] = await rows<{ status: string }>(sql`select status from campaigns where id = ${k.campaign.id}`);
    expect(campaign!.status).toBe('ended');
    expect(await money(cash.id)).toMatchObject({ spent: 200, ledger: 200, unlocks: 200, allotted: 0, paid: 200 });
    const after = await wallets();
    expect([after[t.brandIds.owner]! - before[t.brandIds.owner]!, after[t.brandIds.partner]! - before[t.brandIds.partner]!]).toEqual([20, 30]);

    // A third sale accepted after the end counts, and issues nothing.
    expect((await accept(receipts[2]!)).statusCode).toBe(200);
    const [third] = await rows<{ status: string; unlocks: number }>(sql`select c.status, (select count(*)::int from reward_unlocks u where u.completion_id = c.id) as unlocks
      from receipts r join completions c on c.id = r.completion_id where r.id = ${receipts[2]!}`);
    expect(third).toEqual({ status: 'accepted', unlocks: 0 });
  });

  it('accepts sales while the same participants submit, hundreds of times at once, without an error, a code twice or a cent astray', async () => {
    const participants = onServer ? 10 : 4;
    const perParticipant = onServer ? 20 : 6;
    const k = await runningCampaign(db(), t.brandIds.owner, { participants });
    const sale = await k.saleMission();
    const total = participants * perParticipant * 2;
    const code = await k.reward({ type: 'discount', title: 'Code', percentageDiscount: 5, isUnlimited: true });
    await k.codes(code.id, total + 10);
    const cash = await k.reward({ type: 'money', title: 'Cash', amountCents: 7, budgetCents: 1_000_000, budgetPaidCents: 1_000_000, isUnlimited: true });
    // Every second sale meets the single-sale threshold of this prize.
    const prize = await k.reward({
      type: 'prize',
      title: 'Big sale',
      scope: 'mission',
      missionId: sale.cm.missionId,
      isUnlimited: true,
      assignment: { type: 'salesAmount', itemsId: [], amountThreshold: 5_000, amountThresholdType: 'single' },
    });
    const cookies = await Promise.all(k.users.map((u) => playCookie(db(), t.brandIds.owner, u.id)));
    const receipts: number[][] = await Promise.all(
      cookies.map(async (c) => {
        const mine: number[] = [];
        for (let i = 0; i < perParticipant; i++) mine.push(await pendingSale(c, k.campaign.id, sale.cm.id, sale.itemIds[0]!, i % 2 === 0 ? 6_000 : 1_000));
        return mine;
      }),
    );

    // Each round: every participant's next sale accepted by a reviewer while that participant submits.
    const statuses: number[] = [];
    for (let i = 0; i < perParticipant; i++) {
      const round = await Promise.all(
        cookies.flatMap((c, p) => [accept(receipts[p]![i]!), submit(t.app, c, k.campaign.id, k.cm.id, general, randomUUID())]),
      );
      statuses.push(...round.map((r) => r.statusCode));
    }
    expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);

    // No code twice; one code and one payment per accepted completion; a prize per big sale; money exact.
    const [codes] = await rows<{ n: number; distinct: number; issued: number }>(sql`select count(code_id)::int as n, count(distinct code_id)::int as distinct,
      (select count(*)::int from reward_codes where reward_id = ${code.id} and issued_at is not null) as issued
      from reward_unlocks where reward_id = ${code.id}`);
    expect(codes).toEqual({ n: total, distinct: total, issued: total });
    const perUser = await rows<{ store_user_id: number; accepted: number; codes: number; cash: number; prizes: number; big: number }>(sql`
      select c.store_user_id, count(*)::int as accepted,
        (select count(*)::int from reward_unlocks u where u.store_user_id = c.store_user_id and u.reward_id = ${code.id}) as codes,
        (select count(*)::int from reward_unlocks u where u.store_user_id = c.store_user_id and u.reward_id = ${cash.id}) as cash,
        (select count(*)::int from reward_unlocks u where u.store_user_id = c.store_user_id and u.reward_id = ${prize.id}) as prizes,
        count(*) filter (where c.campaign_mission_id = ${sale.cm.id} and c.sales_amount_cents >= 5000)::int as big
      from completions c where c.campaign_id = ${k.campaign.id} and c.status = 'accepted' group by c.store_user_id`);
    expect(perUser).toHaveLength(participants);
    for (const u of perUser) expect(u).toMatchObject({ accepted: perParticipant * 2, codes: perParticipant * 2, cash: perParticipant * 2, prizes: u.big });
    expect(perUser.reduce((n, u) => n + u.big, 0)).toBe(participants * Math.ceil(perParticipant / 2));
    const m = await money(cash.id);
    expect(m).toMatchObject({ spent: total * 7, ledger: total * 7, unlocks: total * 7 });
    expect(m.paid - (m.paid - m.spent)).toBe(m.ledger);
  }, 240_000);
});

describe('engine_state: one SQL expression for "meets the assignment", held to the domain rule', () => {
  it('counts a participant\'s qualifying completions and sales per reward exactly as meetsAssignment and inRewardScope do, over generated histories', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner, { participants: 1 });
    const sale = await k.saleMission();
    const missions = [
      { cmId: k.cm.id, missionId: k.mission.id },
      { cmId: sale.cm.id, missionId: sale.cm.missionId },
    ];
    const items = [...sale.itemIds, 999_999];
    // Few amounts, so a sale often equals a threshold (the boundary a rule and its SQL can disagree on).
    const amount = fc.oneof({ arbitrary: fc.constantFrom(0, 1_000, 5_000), weight: 3 }, { arbitrary: fc.integer({ min: 0, max: 12_000 }), weight: 1 });
    const completion = fc.record({
      mission: fc.nat({ max: 1 }),
      status: fc.constantFrom('accepted', 'accepted', 'accepted', 'pending', 'rejected'),
      passed: fc.constantFrom(null, null, true, false),
      sales: amount,
      items: fc.subarray(items),
    });
    const assignment: fc.Arbitrary<TAssignment | null> = fc.oneof(
      fc.constant(null),
      fc.record({ type: fc.constant('itemSold' as const), itemsId: fc.subarray(items, { minLength: 1 }) }),
      fc.record({
        type: fc.constant('salesAmount' as const),
        itemsId: fc.constant([] as number[]),
        amountThreshold: amount,
        amountThresholdType: fc.constantFrom('single' as const, 'accumulated' as const),
      }),
    );
    const reward = fc.record({ mission: fc.option(fc.nat({ max: 1 }), { nil: null }), assignment });
    let participant = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(completion, { maxLength: 12 }), fc.array(reward, { minLength: 1, maxLength: 5 }), async (history, specs) => {
        // A participant of their own for each history.
        const [user] = await rows<{ id: number }>(sql`insert into store_users (brand_id, store_id, name, email)
          values (${t.brandIds.owner}, ${k.store.id}, ${`Generated ${++participant}`}, ${`generated-${participant}-${randomUUID()}@example.test`}) returning id`);
        const p = { kind: 'store_user' as const, id: user!.id, brandId: t.brandIds.owner, storeId: k.store.id };
        for (const c of history)
          await db().execute(sql`insert into completions (brand_id, campaign_id, campaign_mission_id, store_user_id, store_id, status, sales_amount_cents,
              items_sold, passed, participant_key, idempotency_key)
            values (${p.brandId}, ${k.campaign.id}, ${missions[c.mission]!.cmId}, ${p.id}, ${p.storeId}, ${c.status}, ${c.sales},
              ${JSON.stringify(c.items.map((itemId) => ({ itemId, quantity: 1 })))}::jsonb, ${c.passed}, ${`u:${p.id}`}, ${randomUUID()})`);
        const rewards = specs.map(
          (s, i) =>
            ({
              id: 1_000_000 + i,
              scope: s.mission === null ? 'campaign' : 'mission',
              missionId: s.mission === null ? null : missions[s.mission]!.missionId,
              assignment: s.assignment,
            }) as EngineRewardRow,
        );
        const spec = stateSpec(p, { campaignId: k.campaign.id, campaignMissionId: k.cm.id }, rewards, { withMine: false, withStore: false });
        const { state } = await readEngineState(db(), p, spec, randomUUID());
        const expected = rewards.map((r) => {
          const counted = history
            .filter((c) => c.status === 'accepted' && c.passed !== false && inRewardScope(r, missions[c.mission]!.missionId))
            .map((c) => ({ missionId: missions[c.mission]!.missionId, salesAmountCents: c.sales, itemIds: c.items }));
          return [counted.filter((c) => meetsAssignment(r.assignment, c)).length, counted.reduce((n, c) => n + c.salesAmountCents, 0), 0];
        });
        expect(state.rewards.map((r) => r.map(Number))).toEqual(expected);
      }),
      { numRuns: onServer ? 80 : 50 },
    );
  });
});
