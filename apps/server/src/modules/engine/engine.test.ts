import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPlayCompletionResult } from '@rally/domain';
import { buildApp } from '../../app.js';
import { loadTestEnv } from '../../config/test-env.js';
import { createDatabase } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { codeFrom, noteClaimed } from './code-cursor.js';
import { playCookie, runningCampaign, submit, uploadReceipt } from '../../testing/engine-kit.js';
import { readEngineState, type EngineState } from './engine.repository.js';
import { rememberedStates } from './state-memo.js';

let t: TestApp;
let brandId: string;
beforeAll(async () => {
  t = await createTestApp();
  brandId = t.brandIds.owner;
});
afterAll(() => t.close());

const db = () => t.database.db;
const rows = <T>(q: ReturnType<typeof sql>) => t.database.rows<T>(q);
const general = { kind: 'general', answers: [] };

describe('engine: which rewards a completion unlocks', () => {
  it('issues a code every completionsToUnlock accepted completions, up to maxPerUser, each tied to its completion', async () => {
    const k = await runningCampaign(db(), brandId);
    const r = await k.reward({ type: 'discount', title: 'Ten off', percentageDiscount: 10, completionsToUnlock: 2, maxPerUser: 2 });
    await k.codes(r.id, 10);
    const cookie = await playCookie(db(), brandId, k.users[0]!.id);
    const results: TPlayCompletionResult[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await submit(t.app, cookie, k.campaign.id, k.cm.id, general);
      expect(res.statusCode).toBe(201);
      results.push(res.json());
    }
    expect(results.map((x) => x.unlocked.length)).toEqual([0, 1, 0, 1, 0, 0]);
    const codes = results.flatMap((x) => x.unlocked.map((u) => u.code));
    expect(new Set(codes).size).toBe(2);
    const links = await rows<{ completion_id: number }>(sql`select completion_id from reward_unlocks where reward_id = ${r.id} order by id`);
    expect(links.map((l) => Number(l.completion_id))).toEqual([results[1]!.completion.id, results[3]!.completion.id]);
  });

  it('counts a mission-scope reward only for completions of its mission', async () => {
    const k = await runningCampaign(db(), brandId);
    const other = await runningCampaign(db(), brandId);
    const r = await k.reward({ type: 'prize', scope: 'mission', missionId: other.mission.id });
    const cookie = await playCookie(db(), brandId, k.users[0]!.id);
    const res = await submit(t.app, cookie, k.campaign.id, k.cm.id, general);
    expect(res.json().unlocked).toEqual([]);
    await db().execute(sql`update rewards set mission_id = ${k.mission.id} where id = ${r.id}`);
    await new Promise((x) => setTimeout(x, 2_100)); // the engine's 2 s cache of a running campaign's rewards
    const again = await submit(t.app, cookie, k.campaign.id, k.cm.id, general);
    expect(again.json().unlocked).toMatchObject([{ rewardId: r.id, status: 'awaiting_assignment', code: null }]);
  });

  it('grades a quiz: a failed one is recorded but unlocks nothing, a passed one unlocks', async () => {
    const k = await runningCampaign(db(), brandId, { type: 'learning', items: 'questions', campaignMission: { passingGrade: 2 } });
    const r = await k.reward({ type: 'free_product', title: 'Free can', completionsToUnlock: 1, maxPerUser: 1 });
    await k.codes(r.id, 3);
    const cookie = await playCookie(db(), brandId, k.users[0]!.id);
    const [q1, q2] = k.itemIds;
    const failed = await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'learning', answers: [{ itemId: q1, optionId: 'a' }, { itemId: q2, optionId: 'b' }] });
    expect(failed.json()).toMatchObject({ completion: { score: 1, passed: false, status: 'accepted' }, unlocked: [] });
    const passed = await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'learning', answers: [{ itemId: q1, optionId: 'a' }, { itemId: q2, optionId: 'a' }] });
    expect(passed.json()).toMatchObject({ completion: { score: 2, passed: true } });
    expect(passed.json().unlocked).toHaveLength(1);
    const wrongOption = await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'learning', answers: [{ itemId: q1, optionId: 'z' }, { itemId: q2, optionId: 'a' }] });
    expect(wrongOption.statusCode).toBe(400);
    expect(wrongOption.json().error.fields).toEqual([{ path: 'answers.0.optionId', message: 'not an option of this question' }]);
  });

  it('validates form answers against the mission fields', async () => {
    const k = await runningCampaign(db(), brandId, { items: 'fields' });
    const cookie = await playCookie(db(), brandId, k.users[0]!.id);
    const missing = await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [{ itemId: k.itemIds[1], value: 'hi' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields[0].path).toBe('answers');
    const wrongKind = await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'learning', answers: [{ itemId: 1, optionId: 'a' }] });
    expect(wrongKind.json().error.fields).toEqual([{ path: 'kind', message: 'this mission takes "general"' }]);
    const ok = await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [{ itemId: k.itemIds[0], value: 4 }] });
    expect(ok.statusCode).toBe(201);
  });

  it('unlocks on sold items (itemSold assignment) and on accumulated sales over the threshold', async () => {
    const k = await runningCampaign(db(), brandId, { type: 'learning', mission: { type: 'learning', subtype: 'itemSold' }, items: 'options' });
    // A learning mission of subtype itemSold is graded as sold items only when its kind says so; use a general campaign instead.
    const g = await runningCampaign(db(), brandId, { mission: { subtype: 'itemSold' }, items: 'options' });
    const byItem = await g.reward({ type: 'prize', title: 'Item prize', assignment: { type: 'itemSold', itemsId: [g.itemIds[1]!] }, isUnlimited: true });
    const bySales = await g.reward({
      type: 'prize',
      title: 'Sales prize',
      isUnlimited: true,
      assignment: { type: 'salesAmount', itemsId: [], amountThreshold: 10_000, amountThresholdType: 'accumulated' },
    });
    const cookie = await playCookie(db(), brandId, g.users[0]!.id);
    const s1 = (await submit(t.app, cookie, g.campaign.id, g.cm.id, { kind: 'itemSold', items: [{ itemId: g.itemIds[0], quantity: 1 }], salesAmountCents: 6_000 })).json();
    expect(s1.unlocked).toEqual([]);
    const s2 = (await submit(t.app, cookie, g.campaign.id, g.cm.id, { kind: 'itemSold', items: [{ itemId: g.itemIds[1], quantity: 2 }], salesAmountCents: 6_000 })).json();
    expect(s2.unlocked.map((u: { rewardId: number }) => u.rewardId).sort()).toEqual([byItem.id, bySales.id].sort());
    expect(k.cm.id).toBeGreaterThan(0);
  });

  it('pays dynamic cash from the row of the sold item and debits the paid budget through the ledger, never below zero', async () => {
    const g = await runningCampaign(db(), brandId, { mission: { subtype: 'itemSold' }, items: 'options' });
    const money = await g.reward({
      type: 'money',
      title: 'Cash',
      isUnlimited: true,
      budgetCents: 1_000,
      budgetPaidCents: 1_000,
      dynamicActive: true,
      dynamicAmounts: [
        { amountCents: 300, itemsId: [g.itemIds[0]!], itemsName: ['one'] },
        { amountCents: 500, itemsId: [g.itemIds[1]!], itemsName: ['two'] },
      ],
    });
    const cookie = await playCookie(db(), brandId, g.users[0]!.id);
    const amounts: (number | null)[] = [];
    for (const item of [1, 0, 1, 0]) {
      const res = (await submit(t.app, cookie, g.campaign.id, g.cm.id, { kind: 'itemSold', items: [{ itemId: g.itemIds[item], quantity: 1 }] })).json();
      amounts.push(res.unlocked[0]?.amountCents ?? null);
    }
    // 500 + 300 = 800 spent; the next 500 does not fit in 200; the next 300 does not either.
    expect(amounts).toEqual([500, 300, null, null]);
    const [r] = await rows<{ spent: number; paid: number; ledger: number }>(sql`select reward_budget_spent(id) as spent, budget_paid_cents as paid,
      (select -sum(amount_cents) from reward_budget_ledger where reward_id = ${money.id}) as ledger from rewards where id = ${money.id}`);
    expect([Number(r!.spent), Number(r!.ledger)]).toEqual([800, 800]);
    // The constraint, not only the engine's check: a debit past the paid budget fails.
    await expect(
      db().execute(sql`insert into reward_budget_ledger (brand_id, reward_id, amount_cents) values (${brandId}, ${money.id}, -201)`),
    ).rejects.toThrow();
    const deleting = await db().execute(sql`delete from reward_budget_ledger where reward_id = ${money.id}`).catch((e: Error) => e);
    expect(String((deleting as Error).cause ?? deleting)).toMatch(/append-only/);
  });
});

describe('engine: idempotency, pending receipts and entries', () => {
  it('answers a replayed Idempotency-Key with the first result and never records a second completion', async () => {
    const k = await runningCampaign(db(), brandId);
    const r = await k.reward({ type: 'discount', title: 'Code', isUnlimited: true });
    await k.codes(r.id, 5);
    const cookie = await playCookie(db(), brandId, k.users[0]!.id);
    const key = `key-${randomUUID()}`;
    const first = await submit(t.app, cookie, k.campaign.id, k.cm.id, general, key);
    const again = await submit(t.app, cookie, k.campaign.id, k.cm.id, general, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect({ ...again.json(), replayed: false }).toEqual(first.json());
    expect(again.json().replayed).toBe(true);
    // The same key for another mission is another request.
    const k2 = await runningCampaign(db(), brandId);
    const other = await submit(t.app, cookie, k2.campaign.id, k2.cm.id, general, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from completions where campaign_id = ${k.campaign.id}`);
    expect(n!.n).toBe(1);
    const noKey = await t.app.inject({ method: 'POST', url: `/api/play/campaigns/${k.campaign.id}/missions/${k.cm.id}/completions`, headers: { cookie }, payload: general });
    expect(noKey.json().error.fields[0].path).toBe('headers.idempotency-key');
  });

  it('answers concurrent submits of one key once', async () => {
    const k = await runningCampaign(db(), brandId);
    const cookie = await playCookie(db(), brandId, k.users[0]!.id);
    const key = `key-${randomUUID()}`;
    const all = await Promise.all(Array.from({ length: 8 }, () => submit(t.app, cookie, k.campaign.id, k.cm.id, general, key)));
    expect(new Set(all.map((r) => r.json().completion.id)).size).toBe(1);
    expect(all.filter((r) => r.statusCode === 201)).toHaveLength(1);
  });

  it('answers one key sent at once to two campaigns once: the other entry is refused and issues nothing', async () => {
    const a = await runningCampaign(db(), brandId);
    const b = await runningCampaign(db(), brandId);
    const codeA = await a.reward({ type: 'discount', title: 'A', percentageDiscount: 10, isUnlimited: true });
    const codeB = await b.reward({ type: 'discount', title: 'B', percentageDiscount: 10, isUnlimited: true });
    await a.codes(codeA.id, 10);
    await b.codes(codeB.id, 10);
    // Both campaigns reach every store of the brand; each takes its own participant lock, so only the unique key
    // decides which entry is written.
    const cookie = await playCookie(db(), brandId, a.users[0]!.id);
    for (let round = 0; round < 5; round++) {
      const key = `key-${randomUUID()}`;
      const both = await Promise.all([submit(t.app, cookie, a.campaign.id, a.cm.id, general, key), submit(t.app, cookie, b.campaign.id, b.cm.id, general, key)]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(both.find((r) => r.statusCode === 409)!.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    const [n] = await rows<{ completions: string; issued: string }>(sql`select
      (select count(*) from completions where campaign_id in (${a.campaign.id}, ${b.campaign.id})) as completions,
      (select count(*) from reward_codes where reward_id in (${codeA.id}, ${codeB.id}) and issued_at is not null) as issued`);
    expect([Number(n!.completions), Number(n!.issued)]).toEqual([5, 5]);
  });

  it('keeps receipt-required entries pending: they use an entry but unlock and rank nothing', async () => {
    const k = await runningCampaign(db(), t.brandIds.partner, { mission: { subtype: 'itemSold' }, items: 'options', campaignMission: { maxEntriesPerUser: 2 } });
    await db().execute(sql`update brands set smart_review_enabled = true where id = ${t.brandIds.partner}`);
    try {
      const r = await k.reward({ type: 'prize', title: 'P', isUnlimited: true });
      const cookie = await playCookie(db(), t.brandIds.partner, k.users[0]!.id);
      const body = { kind: 'itemSold', items: [{ itemId: k.itemIds[0], quantity: 1 }] };
      const noReceipt = await submit(t.app, cookie, k.campaign.id, k.cm.id, body);
      expect(noReceipt.json().error.fields).toEqual([{ path: 'receiptUploadId', message: 'a receipt photo is required' }]);
      const receiptUploadId = await uploadReceipt(t.app, cookie);
      const pending = await submit(t.app, cookie, k.campaign.id, k.cm.id, { ...body, receiptUploadId });
      expect(pending.json()).toMatchObject({ completion: { status: 'pending' }, unlocked: [], entriesLeft: 1 });
      const [u] = await rows<{ n: number }>(sql`select count(*)::int as n from reward_unlocks where reward_id = ${r.id}`);
      expect(u!.n).toBe(0);
    } finally {
      await db().execute(sql`update brands set smart_review_enabled = false where id = ${t.brandIds.partner}`);
    }
  });

  it('refuses entries past maxEntriesPerUser and maxEntriesPerStore', async () => {
    const k = await runningCampaign(db(), brandId, { campaignMission: { maxEntriesPerUser: 2, maxEntriesPerStore: 3 }, participants: 2 });
    const a = await playCookie(db(), brandId, k.users[0]!.id);
    const b = await playCookie(db(), brandId, k.users[1]!.id);
    expect((await submit(t.app, a, k.campaign.id, k.cm.id, general)).json().entriesLeft).toBe(1);
    expect((await submit(t.app, a, k.campaign.id, k.cm.id, general)).json().entriesLeft).toBe(0);
    const third = await submit(t.app, a, k.campaign.id, k.cm.id, general);
    expect([third.statusCode, third.json().error.code]).toEqual([409, 'NO_ENTRIES_LEFT']);
    expect((await submit(t.app, b, k.campaign.id, k.cm.id, general)).statusCode).toBe(201);
    expect((await submit(t.app, b, k.campaign.id, k.cm.id, general)).json().error.code).toBe('NO_ENTRIES_LEFT');
  });

  it('plans a participant\'s next entry from the state its last write left, and reads again when that state moved another way', async () => {
    const k = await runningCampaign(db(), brandId, { campaignMission: { maxEntriesPerUser: 2 } });
    const r = await k.reward({ type: 'prize', completionsToUnlock: 2, isUnlimited: true });
    const cookie = await playCookie(db(), brandId, k.users[0]!.id);
    const first = (await submit(t.app, cookie, k.campaign.id, k.cm.id, general)).json() as TPlayCompletionResult;
    expect([first.entriesLeft, first.unlocked.length]).toEqual([1, 0]);
    const second = (await submit(t.app, cookie, k.campaign.id, k.cm.id, general)).json() as TPlayCompletionResult;
    // Planned from the remembered state (one entry used, one qualifying completion): the prize, no entry left.
    expect([second.entriesLeft, second.unlocked.map((u) => u.rewardId)]).toEqual([0, [r.id]]);
    // Both entries rejected by a review, outside this process's writes: the remembered state says none is left,
    // so the engine reads the state before refusing, and the entry goes through.
    await db().execute(sql`update completions set status = 'rejected' where campaign_mission_id = ${k.cm.id}`);
    const third = await submit(t.app, cookie, k.campaign.id, k.cm.id, general);
    expect(third.statusCode).toBe(201);
    expect((third.json() as TPlayCompletionResult).entriesLeft).toBe(1);
    // Remembered now: one entry used. A review accepts the first entry again, so two are used: the write sees the
    // moved state and writes nothing, and the engine, reading it, refuses the entry the remembered state allowed.
    await db().execute(sql`update completions set status = 'accepted' where id = ${first.completion.id}`);
    const fourth = await submit(t.app, cookie, k.campaign.id, k.cm.id, general);
    expect([fourth.statusCode, fourth.json().error?.code]).toEqual([409, 'NO_ENTRIES_LEFT']);
    const [count] = await rows<{ n: string }>(sql`select count(*) as n from completions where campaign_mission_id = ${k.cm.id}`);
    expect(Number(count!.n)).toBe(3);
  });
});

describe('engine: the state a write leaves', () => {
  const plain = (s: EngineState) => ({
    mine: Number(s.mine),
    myStore: Number(s.myStore),
    rewards: s.rewards.map((r) => r.map(Number)),
    version: Number(s.version),
  });

  it('is remembered exactly as the database then reads it at that version, over any mix of entries and reviews', async () => {
    let compared = 0;
    const op = fc.oneof(
      fc.constant({ op: 'general' as const }),
      fc.record({ op: fc.constant('sale' as const), items: fc.subarray([0, 1, 2], { minLength: 1 }), sales: fc.integer({ min: 0, max: 12_000 }) }),
      fc.record({ op: fc.constant('review' as const), pick: fc.nat(), status: fc.constantFrom('rejected', 'accepted') }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 14 }), async (ops) => {
        const k = await runningCampaign(db(), brandId);
        const sale = await k.saleMission();
        // Every rule the plan applies: completions to unlock with a per-user cap, mission scope with sold items,
        // a single-sale threshold paid from a budget, an accumulated threshold.
        const code = await k.reward({ type: 'discount', title: 'Code', percentageDiscount: 10, completionsToUnlock: 2, maxPerUser: 3 });
        await k.codes(code.id, 20);
        await k.reward({ type: 'prize', title: 'Item prize', scope: 'mission', missionId: sale.cm.missionId, assignment: { type: 'itemSold', itemsId: [sale.itemIds[1]!] }, isUnlimited: true });
        await k.reward({
          type: 'money',
          title: 'Cash',
          amountCents: 100,
          budgetCents: 100_000,
          budgetPaidCents: 100_000,
          isUnlimited: true,
          assignment: { type: 'salesAmount', itemsId: [], amountThreshold: 5_000, amountThresholdType: 'single' },
        });
        await k.reward({ type: 'prize', title: 'Sales prize', maxPerUser: 2, assignment: { type: 'salesAmount', itemsId: [], amountThreshold: 10_000, amountThresholdType: 'accumulated' } });
        const user = k.users[0]!;
        const cookie = await playCookie(db(), brandId, user.id);
        const participant = { kind: 'store_user' as const, id: user.id, brandId, storeId: k.store.id };
        for (const o of ops) {
          if (o.op === 'review') {
            // A reviewer outside this process's writes: the version moves, so what is remembered no longer counts.
            const mine = await rows<{ id: number }>(sql`select id from completions where campaign_id = ${k.campaign.id} order by id`);
            if (mine.length > 0) await db().execute(sql`update completions set status = ${o.status} where id = ${mine[o.pick % mine.length]!.id}`);
          } else {
            const res =
              o.op === 'general'
                ? await submit(t.app, cookie, k.campaign.id, k.cm.id, general)
                : await submit(t.app, cookie, k.campaign.id, sale.cm.id, {
                    kind: 'itemSold',
                    items: o.items.map((i) => ({ itemId: sale.itemIds[i]!, quantity: 1 })),
                    salesAmountCents: o.sales,
                  });
            expect(res.statusCode).toBe(201);
          }
          for (const kept of rememberedStates(t.app.caches.engine.participantStates).filter((x) => x.spec.campaignId === k.campaign.id)) {
            const read = (await readEngineState(db(), participant, kept.spec, randomUUID())).state;
            if (Number(read.version) !== Number(kept.state.version)) continue;
            compared++;
            expect(plain(kept.state)).toEqual(plain(read));
          }
        }
      }),
      { numRuns: 12 },
    );
    // Most writes are compared (a review leaves the remembered state at an older version until the next write).
    expect(compared).toBeGreaterThan(40);
  });
});

describe('engine: exactly once under concurrency, and finish criteria', () => {
  it('claims past the code it claimed last, and still issues a code left behind before the reward counts as out of codes', async () => {
    const k = await runningCampaign(db(), brandId, { finishCriteria: ['codes_over'] });
    const r = await k.reward({ type: 'discount', title: 'Five off', percentageDiscount: 5, isUnlimited: true });
    await k.codes(r.id, 3);
    const cookie = await playCookie(db(), brandId, k.users[0]!.id);
    const ids = (await rows<{ id: string; code: string }>(sql`select id, code from reward_codes where reward_id = ${r.id} order by id`)).map((c) => ({ id: Number(c.id), code: c.code }));
    const first = (await submit(t.app, cookie, k.campaign.id, k.cm.id, general)).json() as TPlayCompletionResult;
    expect(first.unlocked.map((u) => u.code)).toEqual([ids[0]!.code]);
    // As if another process had claimed up to the last code: this process's next claim looks past it first,
    // finds nothing there, and goes back for the code still left in between.
    noteClaimed(t.app.caches.engine.codeCursors, r.id, ids[2]!.id);
    const second = (await submit(t.app, cookie, k.campaign.id, k.cm.id, general)).json() as TPlayCompletionResult;
    expect(second.unlocked.map((u) => u.code)).toEqual([ids[1]!.code]);
    expect(codeFrom(t.app.caches.engine.codeCursors, r.id)).toBe(ids[1]!.id);
    const third = (await submit(t.app, cookie, k.campaign.id, k.cm.id, general)).json() as TPlayCompletionResult;
    expect(third.unlocked.map((u) => u.code)).toEqual([ids[2]!.code]);
    const [campaign] = await rows<{ status: string }>(sql`select status from campaigns where id = ${k.campaign.id}`);
    expect(campaign!.status).toBe('ended');
  });

  it('issues exactly 100 distinct codes to 200 concurrent claims on a 100-code pool, then ends the campaign (codes_over) once', async () => {
    const k = await runningCampaign(db(), brandId, { participants: 200, finishCriteria: ['codes_over'] });
    const r = await k.reward({ type: 'discount', title: 'Pool', isUnlimited: true });
    await k.codes(r.id, 100);
    const cookies = await Promise.all(k.users.map((u) => playCookie(db(), brandId, u.id)));
    const res = await Promise.all(cookies.map((c) => submit(t.app, c, k.campaign.id, k.cm.id, general)));
    const codes = res.flatMap((x) => (x.statusCode === 201 ? x.json().unlocked.map((u: { code: string }) => u.code) : []));
    expect(codes).toHaveLength(100);
    expect(new Set(codes).size).toBe(100);
    const [s] = await rows<{ status: string; audits: number }>(sql`select status, (select count(*)::int from campaign_audit a where a.campaign_id = c.id and a.action = 'engine.codes_over') as audits from campaigns c where id = ${k.campaign.id}`);
    expect(s).toEqual({ status: 'ended', audits: 1 });
    const late = await submit(t.app, cookies[0]!, k.campaign.id, k.cm.id, general);
    expect(late.json().error.code).toBe('CAMPAIGN_NOT_ACTIVE');
  });

  it('keeps a codes_over campaign running while a code is left and ends it with the completion that issues the last one', async () => {
    const k = await runningCampaign(db(), brandId, { finishCriteria: ['codes_over'] });
    const r = await k.reward({ type: 'discount', title: 'Last three', isUnlimited: true });
    await k.codes(r.id, 3);
    const cookie = await playCookie(db(), brandId, k.users[0]!.id);
    const state = async () =>
      (await rows<{ status: string; audits: number }>(sql`select status, (select count(*)::int from campaign_audit a where a.campaign_id = c.id and a.action = 'engine.codes_over') as audits from campaigns c where id = ${k.campaign.id}`))[0];
    for (let left = 2; left >= 1; left--) {
      expect((await submit(t.app, cookie, k.campaign.id, k.cm.id, general)).json().unlocked).toHaveLength(1);
      expect(await state()).toEqual({ status: 'active', audits: 0 });
    }
    const last = await submit(t.app, cookie, k.campaign.id, k.cm.id, general);
    expect(last.json().unlocked).toMatchObject([{ rewardId: r.id, code: expect.any(String) }]);
    expect(await state()).toEqual({ status: 'ended', audits: 1 });
  });

  it('pays 120 concurrent participants from a budget of 50 issues exactly 50 times, then folds its slices back into the reward', async () => {
    const k = await runningCampaign(db(), brandId, { participants: 120, finishCriteria: ['budget_over'] });
    const money = await k.reward({ type: 'money', title: 'Cash', amountCents: 100, budgetCents: 5_000, budgetPaidCents: 5_000, isUnlimited: true });
    const cookies = await Promise.all(k.users.map((u) => playCookie(db(), brandId, u.id)));
    const res = await Promise.all(cookies.map((c) => submit(t.app, c, k.campaign.id, k.cm.id, general)));
    const paid = res.flatMap((x) => (x.statusCode === 201 ? x.json().unlocked : []));
    expect(paid).toHaveLength(50);
    // Spent while running lands on the budget slices; the campaign stopped (budget_over) and the slices were folded back.
    const [r] = await rows<{ status: string; spent: number; allotted: number; total: number; ledger: number; in_slices: number }>(sql`
      select c.status, r.budget_spent_cents as spent, r.budget_allotted_cents as allotted, reward_budget_spent(r.id) as total,
        (select -sum(amount_cents) from reward_budget_ledger l where l.reward_id = r.id) as ledger,
        (select count(*)::int from reward_budget_slices s where s.reward_id = r.id and (s.allotted_cents <> 0 or s.spent_cents <> 0)) as in_slices
      from rewards r join campaigns c on c.id = r.campaign_id where r.id = ${money.id}`);
    expect([r!.status, Number(r!.spent), Number(r!.allotted), Number(r!.total), Number(r!.ledger), r!.in_slices]).toEqual(['ended', 5_000, 0, 5_000, 5_000, 0]);
    const [slices] = await rows<{ n: number }>(sql`select count(distinct slice)::int as n from reward_budget_ledger where reward_id = ${money.id}`);
    expect(slices!.n).toBeGreaterThanOrEqual(1);
  });

  it('returns exactly the unspent budget when a running campaign is ended by hand, its slices folded back first', async () => {
    const k = await runningCampaign(db(), brandId, { participants: 3 });
    const money = await k.reward({ type: 'money', title: 'Cash', amountCents: 100, budgetCents: 10_000, budgetPaidCents: 10_000, isUnlimited: true });
    for (const u of k.users) expect((await submit(t.app, await playCookie(db(), brandId, u.id), k.campaign.id, k.cm.id, general)).statusCode).toBe(201);
    const owner = await t.signIn('owner@brand.test');
    const ended = await t.app.inject({ method: 'POST', url: '/api/v3/bundle/end-campaign', headers: { cookie: owner }, payload: { bundleId: k.campaign.id } });
    expect(ended.statusCode).toBe(200);
    const [r] = await rows<{ paid: number; spent: number; allotted: number; refund: number }>(sql`
      select r.budget_paid_cents as paid, r.budget_spent_cents as spent, r.budget_allotted_cents as allotted,
        (select sum(amount_cents) from wallet_ledger w where w.campaign_id = r.campaign_id and w.kind = 'refund') as refund
      from rewards r where r.id = ${money.id}`);
    expect([Number(r!.paid), Number(r!.spent), Number(r!.allotted), Number(r!.refund)]).toEqual([300, 300, 0, 9_700]);
  });

  it('ends a campaign whose money budget is spent (budget_over)', async () => {
    const k = await runningCampaign(db(), brandId, { finishCriteria: ['budget_over'] });
    await k.reward({ type: 'money', title: 'Cash', amountCents: 400, budgetCents: 1000, budgetPaidCents: 1000, isUnlimited: true });
    const cookie = await playCookie(db(), brandId, k.users[0]!.id);
    await submit(t.app, cookie, k.campaign.id, k.cm.id, general);
    expect((await rows<{ status: string }>(sql`select status from campaigns where id = ${k.campaign.id}`))[0]!.status).toBe('active');
    await submit(t.app, cookie, k.campaign.id, k.cm.id, general);
    // 200 left < 400: no further issue is possible.
    expect((await rows<{ status: string }>(sql`select status from campaigns where id = ${k.campaign.id}`))[0]!.status).toBe('ended');
  });
});

const serverUrl = loadTestEnv().TEST_DATABASE_URL;
// Two server processes on one PostgreSQL server need the server; CI runs this file with TEST_DATABASE_URL.
describe.runIf(serverUrl)('engine on two processes (PostgreSQL server)', () => {
  it('two apps on one database issue each code once and end the campaign once', async () => {
    const env = loadTestEnv({ DATA_DIR: tmpdir() });
    const database = createDatabase({ databaseUrl: t.databaseUrl!, poolSize: 5 });
    const second = await buildApp({ env, database, logger: false });
    await second.ready();
    try {
      const k = await runningCampaign(db(), brandId, { participants: 120, finishCriteria: ['codes_over'] });
      const r = await k.reward({ type: 'gift_card', title: 'Card', amountCents: 100, isUnlimited: true });
      await k.codes(r.id, 60);
      const cookies = await Promise.all(k.users.map((u) => playCookie(db(), brandId, u.id)));
      const res = await Promise.all(cookies.map((c, i) => submit(i % 2 ? second : t.app, c, k.campaign.id, k.cm.id, general)));
      const codes = res.flatMap((x) => (x.statusCode === 201 ? x.json().unlocked.map((u: { code: string }) => u.code) : []));
      expect([codes.length, new Set(codes).size]).toEqual([60, 60]);
      const [s] = await rows<{ status: string; audits: number }>(sql`select status, (select count(*)::int from campaign_audit a where a.campaign_id = c.id and a.action like 'engine.%') as audits from campaigns c where id = ${k.campaign.id}`);
      expect(s).toEqual({ status: 'ended', audits: 1 });
    } finally {
      await second.close();
      await database.close();
    }
  });
});
