import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMyPayouts, ZPayout, ZPayoutList } from '@rally/domain';
import { payoutBalances, payoutLedger, payouts } from '../../db/schema/index.js';
import { playCookie, runningCampaign, submit } from '../../testing/engine-kit.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let owner: string;
let partner: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SCHEDULER_ENABLED: 'false' } });
  owner = await t.signIn('owner@brand.test');
  partner = await t.signIn('partner@partner.test');
  // A changed migration rebuilds the PGlite template first: minutes on a busy machine.
}, 600_000);
afterAll(() => t.close());
const db = () => t.database.db;

/** A store user of the owner brand who earned `cents` through the engine (a money reward unlocked by a submit). */
async function earner(cents: number) {
  const k = await runningCampaign(db(), t.brandIds.owner);
  await k.reward({ type: 'money', title: 'Cash', amountCents: cents, budgetCents: cents * 10, budgetPaidCents: cents * 10, isUnlimited: true });
  const cookie = await playCookie(db(), t.brandIds.owner, k.users[0]!.id);
  const res = await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [] });
  expect(res.statusCode, res.body).toBe(201);
  return { cookie, key: `u:${k.users[0]!.id}`, user: k.users[0]! };
}

const mine = async (cookie: string) => ZMyPayouts.parse((await t.app.inject({ method: 'GET', url: '/api/play/payouts', headers: { cookie } })).json());
const setDetails = (cookie: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/play/payouts/details', headers: { cookie }, payload });
const ask = (cookie: string, brandId = t.brandIds.owner, key: string = randomUUID()) =>
  t.app.inject({ method: 'POST', url: '/api/play/payouts', headers: { cookie, 'idempotency-key': key }, payload: { brandId } });
const balanceOf = async (participant: string, brandId = t.brandIds.owner) =>
  (await db().select().from(payoutBalances).where(and(eq(payoutBalances.brandId, brandId), eq(payoutBalances.participant, participant))))[0]?.balanceCents ?? 0;
const ledgerSum = async (participant: string) =>
  Number((await db().select({ s: sql<string>`coalesce(sum(${payoutLedger.amountCents}), 0)` }).from(payoutLedger).where(eq(payoutLedger.participant, participant)))[0]!.s);
const setSettings = (cookie: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/payouts/settings', headers: { cookie }, payload });

describe('payouts', () => {
  it('credits a participant’s balance at the brand from the money they unlocked', async () => {
    const e = await earner(2_500);
    const view = await mine(e.cookie);
    expect(view.balances).toEqual([expect.objectContaining({ brandId: t.brandIds.owner, balanceCents: 2_500, minimumCents: 1_000, canRequest: true, approval: 'automatic' })]);
    expect(view.details).toBeNull();
    expect(view.testMode).toBe(true);
    expect(await ledgerSum(e.key)).toBe(2_500);
  });

  it('refuses bad payout details naming the field, and a request before any details are set', async () => {
    const e = await earner(2_000);
    const badIban = await setDetails(e.cookie, { method: 'bank_transfer', accountHolder: 'Sam Staff', iban: 'DE00 1234' });
    expect([badIban.statusCode, badIban.json().error.fields[0].path]).toEqual([400, 'iban']);
    const badEmail = await setDetails(e.cookie, { method: 'paypal', email: 'nope' });
    expect([badEmail.statusCode, badEmail.json().error.fields[0].path]).toEqual([400, 'email']);
    const noDetails = await ask(e.cookie);
    expect([noDetails.statusCode, noDetails.json().error.fields[0].path]).toEqual([400, 'payoutDetails']);
    const noKey = await t.app.inject({ method: 'POST', url: '/api/play/payouts', headers: { cookie: e.cookie }, payload: { brandId: t.brandIds.owner } });
    expect([noKey.statusCode, noKey.json().error.fields[0].path]).toEqual([400, 'headers.idempotency-key']);
    const iban = await setDetails(e.cookie, { method: 'bank_transfer', accountHolder: 'Sam Staff', iban: 'DE89 3704 0044 0532 0130 00' });
    expect(iban.json()).toEqual({ method: 'bank_transfer', address: 'DE•• •••• 3000', accountHolder: 'Sam Staff' });
    expect(await balanceOf(e.key)).toBe(2_000);
  });

  it('pays the whole balance in the sandbox, once per Idempotency-Key', async () => {
    const e = await earner(1_500);
    expect((await setDetails(e.cookie, { method: 'paypal', email: 'Sam@Example.test' })).statusCode).toBe(200);
    const key = randomUUID();
    const first = await ask(e.cookie, t.brandIds.owner, key);
    expect(first.statusCode, first.body).toBe(201);
    const payout = ZPayout.parse(first.json());
    expect(payout).toMatchObject({ amountCents: 1_500, status: 'paid', provider: 'sandbox', address: 'sam@example.test', currency: 'USD' });
    const replay = await ask(e.cookie, t.brandIds.owner, key);
    expect([replay.statusCode, replay.json().id]).toEqual([200, payout.id]);
    const again = await ask(e.cookie);
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(e.key)).toBe(0);
    expect(await ledgerSum(e.key)).toBe(0);
    expect((await mine(e.cookie)).balances[0]).toMatchObject({ balanceCents: 0, paidCents: 1_500, canRequest: false });
  });

  it('answers 50 concurrent requests of one participant with exactly one payout of what was earned', async () => {
    const e = await earner(3_000);
    await setDetails(e.cookie, { method: 'paypal', email: 'many@example.test' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => ask(e.cookie)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const rows = await db().select().from(payouts).where(eq(payouts.participant, e.key));
    expect(rows.map((r) => r.amountCents)).toEqual([3_000]);
    expect(await balanceOf(e.key)).toBe(0);
    expect(await ledgerSum(e.key)).toBe(0);
  });

  it('returns a failed payout’s amount to the balance, and it can be asked for again', async () => {
    const e = await earner(1_200);
    await setDetails(e.cookie, { method: 'paypal', email: 'fail@paypal.test' });
    const failed = ZPayout.parse((await ask(e.cookie)).json());
    expect(failed).toMatchObject({ status: 'failed', amountCents: 1_200 });
    expect(failed.failureMessage).toMatch(/refused/);
    expect(await balanceOf(e.key)).toBe(1_200);
    const kinds = (await db().select().from(payoutLedger).where(eq(payoutLedger.payoutId, failed.id))).map((r) => [r.kind, r.amountCents]);
    expect(kinds.sort()).toEqual([
      ['payout', -1_200],
      ['returned', 1_200],
    ]);
    await setDetails(e.cookie, { method: 'paypal', email: 'ok@paypal.test' });
    expect(ZPayout.parse((await ask(e.cookie)).json())).toMatchObject({ status: 'paid', amountCents: 1_200 });
    expect(await balanceOf(e.key)).toBe(0);
  });

  it('holds requests below the brand’s minimum, and waits for the brand to approve a batch when it approves payouts', async () => {
    const bad = await setSettings(owner, { minimumCents: 50, approval: 'brand' });
    expect([bad.statusCode, bad.json().error.fields[0].path]).toEqual([400, 'minimumCents']);
    expect((await setSettings(owner, { minimumCents: 5_000, approval: 'brand' })).json()).toMatchObject({ minimumCents: 5_000, approval: 'brand', provider: 'sandbox' });
    const e = await earner(4_000);
    await setDetails(e.cookie, { method: 'paypal', email: 'batch@example.test' });
    const below = await ask(e.cookie);
    expect([below.statusCode, below.json().error.fields[0].path]).toEqual([409, 'brandId']);
    await setSettings(owner, { minimumCents: 1_000, approval: 'brand' });
    const requested = ZPayout.parse((await ask(e.cookie)).json());
    expect(requested).toMatchObject({ status: 'requested', amountCents: 4_000 });
    expect(await balanceOf(e.key)).toBe(0);

    // Another brand approves nothing of ours.
    const foreign = await t.app.inject({ method: 'POST', url: '/api/payouts/approve', headers: { cookie: partner }, payload: { ids: [requested.id] } });
    expect(foreign.json()).toMatchObject({ approved: 0 });
    const list = ZPayoutList.parse((await t.app.inject({ method: 'GET', url: '/api/payouts?status=requested', headers: { cookie: owner } })).json());
    expect(list.items.map((p) => p.id)).toContain(requested.id);
    expect(list.items.every((p) => p.status === 'requested')).toBe(true);

    const approved = await t.app.inject({ method: 'POST', url: '/api/payouts/approve', headers: { cookie: owner }, payload: {} });
    expect(approved.json()).toMatchObject({ approved: 1, paid: 1, failed: 0 });
    const after = (await mine(e.cookie)).payouts.find((p) => p.id === requested.id);
    expect(after?.status).toBe('paid');
    const activity = await t.app.inject({ method: 'GET', url: '/api/activity', headers: { cookie: owner } });
    expect(activity.body).toContain('billing.payouts_approved');
    await setSettings(owner, { minimumCents: 1_000, approval: 'automatic' });
  });

  it('keeps brands apart: another brand lists none of these payouts, and a participant has no balance to ask for elsewhere', async () => {
    const e = await earner(1_100);
    await setDetails(e.cookie, { method: 'paypal', email: 'iso@example.test' });
    const paid = ZPayout.parse((await ask(e.cookie)).json());
    const theirs = ZPayoutList.parse((await t.app.inject({ method: 'GET', url: '/api/payouts', headers: { cookie: partner } })).json());
    expect(theirs.items.map((p) => p.id)).not.toContain(paid.id);
    const csv = await t.app.inject({ method: 'GET', url: '/api/payouts.csv', headers: { cookie: partner } });
    expect(csv.body).not.toContain(paid.id);
    const elsewhere = await ask(e.cookie, t.brandIds.partner);
    expect(elsewhere.statusCode).toBe(409);
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/play/payouts' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('exports the brand’s payouts as CSV with the filter applied', async () => {
    const e = await earner(1_300);
    await setDetails(e.cookie, { method: 'paypal', email: 'csv@example.test' });
    const paid = ZPayout.parse((await ask(e.cookie)).json());
    const csv = await t.app.inject({ method: 'GET', url: '/api/payouts.csv?status=paid', headers: { cookie: owner } });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const line = csv.body.split('\r\n').find((l) => l.startsWith(paid.id))!;
    expect(line).toContain(',13.00,USD,paypal,');
    expect(line).toContain(',csv@example.test,paid,sandbox,');
    const none = await t.app.inject({ method: 'GET', url: '/api/payouts.csv?status=failed', headers: { cookie: owner } });
    expect(none.body).not.toContain(paid.id);
  });

  it('has the database refuse what the ledger forbids: edits, deletes, a negative balance, a balance written by hand, a status going back', async () => {
    const e = await earner(1_000);
    await setDetails(e.cookie, { method: 'paypal', email: 'db@example.test' });
    const paid = ZPayout.parse((await ask(e.cookie)).json());
    await expect(db().execute(sql`update payout_ledger set amount_cents = 1 where participant = ${e.key}`)).rejects.toThrow();
    await expect(db().execute(sql`delete from payout_ledger where participant = ${e.key}`)).rejects.toThrow();
    await expect(db().execute(sql`update payout_balances set balance_cents = 99999 where participant = ${e.key}`)).rejects.toThrow();
    await expect(db().execute(sql`update payouts set status = 'pending' where id = ${paid.id}`)).rejects.toThrow();
    await expect(db().execute(sql`update payouts set amount_cents = 1 where id = ${paid.id}`)).rejects.toThrow();
    // A payout the balance does not cover fails on the CHECK, whatever the code above it does.
    const id = randomUUID();
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(payouts).values({ id, brandId: t.brandIds.owner, participant: e.key, participantName: 'x', amountCents: 1, currency: 'USD', method: 'paypal', address: 'a@b.c', status: 'pending', idempotencyKey: 'raw-insert-1' });
        await tx.insert(payoutLedger).values({ brandId: t.brandIds.owner, participant: e.key, kind: 'payout', amountCents: -1, payoutId: id });
      }),
    ).rejects.toThrow();
    // A payout without its debit fails at commit.
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(payouts).values({ id: randomUUID(), brandId: t.brandIds.owner, participant: e.key, participantName: 'x', amountCents: 1, currency: 'USD', method: 'paypal', address: 'a@b.c', status: 'pending', idempotencyKey: 'raw-insert-2' });
      }),
    ).rejects.toThrow();
    expect(await balanceOf(e.key)).toBe(0);
    expect(await ledgerSum(e.key)).toBe(0);
  });
});
