import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { ZBillingSummary, ZErrorBody, ZPaymentResult } from '@rally/domain';
import { brands, payments, walletLedger } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const SECRET = 'whsec_rally_test_secret';
// The SDK signs test events offline: no request ever leaves the process.
const stripe = new Stripe('sk_test_rally_offline');

let t: TestApp;
let owner: string;

/** A loopback port nothing listens on: Stripe "unreachable" (connection refused), without leaving the machine. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_rally_offline',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_rally',
      STRIPE_API_URL: `http://127.0.0.1:${await closedPort()}`,
      SCHEDULER_ENABLED: 'false',
    },
  });
  owner = await t.signIn('owner@brand.test');
});
afterAll(() => t.close());

const balance = async () => (await t.database.db.select({ b: brands.walletBalanceCents }).from(brands).where(eq(brands.id, t.brandIds.owner)))[0]!.b;

/** A payment as the top-up call leaves it once Stripe answered with PaymentIntent `ref`. */
async function pendingPayment(amountCents: number) {
  const id = randomUUID();
  const ref = `pi_${id.replaceAll('-', '').slice(0, 24)}`;
  await t.database.db.insert(payments).values({ id, brandId: t.brandIds.owner, provider: 'stripe', providerRef: ref, amountCents, currency: 'USD', status: 'pending' });
  return { id, ref };
}

const succeeded = (eventId: string, payment: { id: string; ref: string }, amount: number) =>
  JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: payment.ref, object: 'payment_intent', amount, amount_received: amount, currency: 'usd', metadata: { paymentId: payment.id } } },
  });

const deliver = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
    payload,
  });
const sign = (payload: string, secret = SECRET, timestamp?: number) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });

describe('Stripe provider', () => {
  it('tells the web to use Stripe Elements with the publishable key', async () => {
    const summary = ZBillingSummary.parse((await t.app.inject({ method: 'GET', url: '/api/billing/summary', headers: { cookie: owner } })).json());
    expect(summary).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_rally', testMode: true });
  });

  it('credits the wallet only from a signed webhook, once, whatever is replayed or delivered twice', async () => {
    const payment = await pendingPayment(5_000);
    const before = await balance();
    const payload = succeeded('evt_first', payment, 5_000);

    const ok = await deliver(payload, sign(payload));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true, outcome: 'credited' });
    expect(await balance()).toBe(before + 5_000);

    // The same event replayed, and Stripe delivering the success again under a new event id.
    expect((await deliver(payload, sign(payload))).json()).toEqual({ received: true, outcome: 'duplicate' });
    const again = succeeded('evt_second', payment, 5_000);
    expect((await deliver(again, sign(again))).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await balance()).toBe(before + 5_000);
    const credits = await t.database.db.select().from(walletLedger).where(eq(walletLedger.paymentId, payment.id));
    expect(credits.map((c) => c.amountCents)).toEqual([5_000]);

    const status = ZPaymentResult.parse((await t.app.inject({ method: 'GET', url: `/api/billing/payments/${payment.id}`, headers: { cookie: owner } })).json());
    expect(status.status).toBe('succeeded');
  });

  it('refuses forged, unsigned, altered and stale events with 400 and credits nothing', async () => {
    const payment = await pendingPayment(7_000);
    const before = await balance();
    const payload = succeeded('evt_forged', payment, 7_000);
    const cases = [
      await deliver(payload, sign(payload, 'whsec_someone_else')),
      await deliver(payload),
      await deliver(payload.replace('7000', '9000'), sign(payload)),
      await deliver(payload, sign(payload, SECRET, Math.floor(Date.now() / 1000) - 3_600)),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[0].path).toBe('stripe-signature');
    }
    expect(await balance()).toBe(before);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.status).toBe('pending');
  });

  it('never credits an amount other than the one asked for, and records a failed payment', async () => {
    const payment = await pendingPayment(3_000);
    const before = await balance();
    const wrong = succeeded('evt_wrong_amount', payment, 300_000);
    expect((await deliver(wrong, sign(wrong))).json()).toEqual({ received: true, outcome: 'ignored' });
    const failed = JSON.stringify({
      id: 'evt_failed',
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: { object: { id: payment.ref, object: 'payment_intent', amount: 3_000, currency: 'usd', metadata: { paymentId: payment.id }, last_payment_error: { message: 'Your card was declined.' } } },
    });
    expect((await deliver(failed, sign(failed))).json()).toEqual({ received: true, outcome: 'failed-recorded' });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect(await balance()).toBe(before);
  });

  it('answers 400 naming the body to a signed event that is not a Stripe event, and records nothing', async () => {
    const payment = await pendingPayment(4_000);
    const before = await balance();
    const noAmount = JSON.stringify({ id: 'evt_no_amount', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: payment.ref, currency: 'usd' } } });
    for (const [payload, path] of [
      ['[]', 'body'],
      ['null', 'body'],
      ['"evt"', 'body'],
      ['{}', 'body.id'],
      [noAmount, 'body.data.object.amount'],
    ] as const) {
      const res = await deliver(payload, sign(payload));
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
      const { error } = ZErrorBody.parse(res.json());
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields.map((f) => f.path)).toContain(path);
    }
    expect(await balance()).toBe(before);
    // The malformed success was not recorded as handled: Stripe's corrected re-delivery still credits.
    const fixed = succeeded('evt_no_amount', payment, 4_000);
    expect((await deliver(fixed, sign(fixed))).json()).toEqual({ received: true, outcome: 'credited' });
  });

  it('answers a top-up with 503 and a message when Stripe cannot be reached, and records the payment as failed', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/top-up', headers: { cookie: owner }, payload: { amount: 2_500 } });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    const { error } = ZErrorBody.parse(res.json());
    expect(error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(error.message).toMatch(/cannot be reached/);
    // No internals: neither the address tried nor the SDK's words.
    expect(res.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|Stripe|stripe/);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.brandId, t.brandIds.owner)).orderBy(desc(payments.createdAt)).limit(1);
    expect(row).toMatchObject({ amountCents: 2_500, status: 'failed', failureMessage: error.message });
  });
});
