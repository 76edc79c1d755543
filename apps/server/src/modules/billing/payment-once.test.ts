import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ZErrorBody, ZPaymentResult } from '@rally/domain';
import { brands, invoices, payments, walletLedger } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { accrueInvoiceLine, closeInvoices, ledgerSum } from './index.js';
import { providerIdempotencyKey } from './payment-provider.js';
import { NOT_CHARGED_MESSAGE, reconcilePendingPayments } from './reconcile-payments.js';
import { createSandboxProvider } from './sandbox-provider.js';

let t: TestApp;
let owner: string;

const card = (number = '4242424242424242') => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' });

beforeAll(async () => {
  t = await createTestApp({ env: { SCHEDULER_ENABLED: 'false' } });
  owner = await t.signIn('owner@brand.test');
  // A fresh migrations template can take minutes to build on a busy machine.
}, 300_000);
afterAll(() => t.close());

const balanceOf = async (brandId: string) => (await t.database.db.select({ b: brands.walletBalanceCents }).from(brands).where(eq(brands.id, brandId)))[0]!.b;
const paymentsOf = (where: ReturnType<typeof eq>) => t.database.db.select().from(payments).where(where);

/** A closed, unpaid invoice of `amount` for the owner brand (postpaid, so the close leaves it unpaid). */
async function unpaidInvoice(amount: number, at: Date) {
  const brandId = t.brandIds.owner;
  await t.database.db.update(brands).set({ paymentPlan: 'postpaid' }).where(eq(brands.id, brandId));
  const { invoiceId } = await t.database.db.transaction((tx) => accrueInvoiceLine(tx, { brandId, kind: 'budget', description: 'Budget of "Summer push"', amountCents: amount, at }));
  await closeInvoices({ db: t.database.db, mailer: t.app.mailer, log: t.app.log, publicUrl: 'http://localhost:3000' });
  await t.database.db.update(brands).set({ paymentPlan: 'prepaid' }).where(eq(brands.id, brandId));
  return invoiceId;
}

describe('a payment is started once per intent', () => {
  it('charges the card once when one invoice is paid by card 20 times at once', async () => {
    const invoiceId = await unpaidInvoice(54_321, new Date('2025-03-10T12:00:00Z'));
    const before = await balanceOf(t.brandIds.owner);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: `/api/billing/invoices/${invoiceId}/pay`, headers: { cookie: owner }, payload: { source: 'card', card: card() } }),
      ),
    );
    // The first pays; the others get that payment back (while it is under way) or 409 (once the invoice is paid).
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
    const ok = answers.filter((r) => r.statusCode === 200).map((r) => ZPaymentResult.parse(r.json()));
    expect(new Set(ok.map((r) => r.paymentId)).size).toBe(1);
    const rows = await paymentsOf(eq(payments.invoiceId, invoiceId));
    expect(rows.map((r) => r.status)).toEqual(['succeeded']);
    const topUps = await t.database.db.select().from(walletLedger).where(and(eq(walletLedger.invoiceId, invoiceId), eq(walletLedger.kind, 'topup')));
    expect(topUps.map((r) => r.amountCents)).toEqual([54_321]);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(invoice!.status).toBe('paid');
    // Credited and debited once: the wallet is where it was, and equals its ledger.
    expect(await balanceOf(t.brandIds.owner)).toBe(before);
    expect(await ledgerSum(t.database.db, t.brandIds.owner)).toBe(before);
  });

  it('charges once for 20 top-ups sent at once with one idempotency key, and refuses the key for another amount', async () => {
    const before = await balanceOf(t.brandIds.owner);
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/billing/top-up', headers: { cookie: owner }, payload: { amount: 7_500, card: card(), idempotencyKey } }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((r) => ZPaymentResult.parse(r.json()).paymentId)).size).toBe(1);
    const rows = await paymentsOf(eq(payments.idempotencyKey, idempotencyKey));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('succeeded');
    expect(await balanceOf(t.brandIds.owner)).toBe(before + 7_500);

    const again = await t.app.inject({ method: 'POST', url: '/api/billing/top-up', headers: { cookie: owner }, payload: { amount: 7_500, card: card(), idempotencyKey } });
    expect(ZPaymentResult.parse(again.json())).toMatchObject({ paymentId: rows[0]!.id, status: 'succeeded' });
    const other = await t.app.inject({ method: 'POST', url: '/api/billing/top-up', headers: { cookie: owner }, payload: { amount: 9_900, card: card(), idempotencyKey } });
    expect(other.statusCode).toBe(409);
    expect(ZErrorBody.parse(other.json()).error.fields.map((f) => f.path)).toEqual(['idempotencyKey']);
    expect(await balanceOf(t.brandIds.owner)).toBe(before + 7_500);
  });

  it('gives top-ups without a key a payment each, as before', async () => {
    const before = await balanceOf(t.brandIds.owner);
    await Promise.all([1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/billing/top-up', headers: { cookie: owner }, payload: { amount: 1_000, card: card() } })));
    expect(await balanceOf(t.brandIds.owner)).toBe(before + 2_000);
  });

  it('answers a repeated idempotency key from the sandbox with the first outcome and no second charge', async () => {
    const sandbox = createSandboxProvider();
    const input = { paymentId: 'p1', idempotencyKey: providerIdempotencyKey('p1'), brandId: 'b', amountCents: 500, currency: 'USD', description: 'x', card: card() };
    const first = await sandbox.startPayment(input);
    const second = await sandbox.startPayment(input);
    expect(second).toEqual(first);
    expect(sandbox.chargeCount()).toBe(1);
  });
});

describe('pending payments are reconciled with the provider after a crash', () => {
  const TWENTY_MINUTES_AGO = () => new Date(Date.now() - 20 * 60_000);

  /** A payment as a crash leaves it: the row written (pending), nothing completed. */
  async function crashedPayment(amount: number, invoiceId: number | null = null, createdAt = TWENTY_MINUTES_AGO()) {
    const id = randomUUID();
    await t.database.db.insert(payments).values({ id, brandId: t.brandIds.owner, provider: 'sandbox', amountCents: amount, currency: 'USD', status: 'pending', invoiceId, createdAt });
    return id;
  }

  it('completes what the provider charged, fails what it declined or never saw, and does nothing more on a second run', async () => {
    const sandbox = createSandboxProvider();
    const before = await balanceOf(t.brandIds.owner);
    const charged = await crashedPayment(4_000);
    const declined = await crashedPayment(3_000);
    const unknown = await crashedPayment(2_000);
    const young = await crashedPayment(1_000, null, new Date());
    const invoiceId = await unpaidInvoice(6_000, new Date('2025-04-10T12:00:00Z'));
    const chargedInvoice = await crashedPayment(6_000, invoiceId);
    // The provider was called before the crash for these (our payment id as the idempotency key).
    const ask = (paymentId: string, amount: number, number?: string) =>
      sandbox.startPayment({ paymentId, idempotencyKey: providerIdempotencyKey(paymentId), brandId: t.brandIds.owner, amountCents: amount, currency: 'USD', description: 'crash', card: card(number) });
    await ask(charged, 4_000);
    await ask(declined, 3_000, '4000000000000002');
    await ask(chargedInvoice, 6_000);

    const run = () => reconcilePendingPayments({ db: t.database.db, provider: sandbox, log: t.app.log, olderThanMinutes: 10 });
    expect(await run()).toEqual({ completed: 2, failed: 2, left: 0 });
    const status = async (id: string) => (await paymentsOf(eq(payments.id, id)))[0]!;
    expect((await status(charged)).status).toBe('succeeded');
    expect(await status(declined)).toMatchObject({ status: 'failed', failureMessage: expect.stringMatching(/declined/i) });
    expect(await status(unknown)).toMatchObject({ status: 'failed', failureMessage: NOT_CHARGED_MESSAGE });
    expect((await status(young)).status).toBe('pending');
    expect((await status(chargedInvoice)).status).toBe('succeeded');
    expect((await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0]!.status).toBe('paid');
    // 40.00 top-up credited; the invoice's 60.00 credited and paid from it.
    expect(await balanceOf(t.brandIds.owner)).toBe(before + 4_000);

    expect(await run()).toEqual({ completed: 0, failed: 0, left: 0 });
    expect(await balanceOf(t.brandIds.owner)).toBe(before + 4_000);
    expect(await ledgerSum(t.database.db, t.brandIds.owner)).toBe(before + 4_000);
    const credits = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(walletLedger).where(eq(walletLedger.paymentId, charged));
    expect(credits[0]!.n).toBe(1);
    await t.database.db.delete(payments).where(eq(payments.id, young));
  });
});
