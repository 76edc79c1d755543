import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerIdempotencyKey } from './payment-provider.js';
import { createStripeProvider } from './stripe-provider.js';

/** A local stand-in for api.stripe.com: records each request and answers PaymentIntents like Stripe. */
let server: Server;
let apiUrl: string;
const seen: { method: string; path: string; idempotencyKey: string | undefined; body: string }[] = [];
const intents = new Map<string, Record<string, unknown>>();

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(body));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await read(req);
    const key = req.headers['idempotency-key'];
    seen.push({ method: req.method!, path: req.url!, idempotencyKey: typeof key === 'string' ? key : undefined, body });
    const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.method === 'POST' && req.url === '/v1/payment_intents') {
      // Stripe's idempotency: the same key answers the same intent.
      const existing = [...intents.values()].find((i) => i._key === key);
      if (existing) return json(200, existing);
      const params = new URLSearchParams(body);
      const id = `pi_test_${intents.size + 1}`;
      const intent = { id, object: 'payment_intent', amount: Number(params.get('amount')), currency: params.get('currency'), status: 'requires_payment_method', client_secret: `${id}_secret_x`, metadata: { paymentId: params.get('metadata[paymentId]') }, _key: key };
      intents.set(id, intent);
      return json(200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/?]+)$/.exec(req.url!);
    if (req.method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      return intent ? json(200, intent) : json(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
    }
    if (req.method === 'GET' && req.url!.startsWith('/v1/payment_intents/search')) {
      const query = new URL(req.url!, 'http://x').searchParams.get('query') ?? '';
      const data = [...intents.values()].filter((i) => query.includes(`'${(i.metadata as { paymentId: string }).paymentId}'`));
      return json(200, { object: 'search_result', data, has_more: false, url: '/v1/payment_intents/search' });
    }
    json(404, { error: { type: 'invalid_request_error', message: 'unknown' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const provider = () => createStripeProvider({ secretKey: 'sk_test_rally', webhookSecret: 'whsec_rally', publishableKey: 'pk_test_rally', apiUrl });

describe('the Stripe client at its boundary', () => {
  it('sends our payment idempotency key with the PaymentIntent, so a repeated start is the same intent', async () => {
    const stripe = provider();
    const input = { paymentId: 'pay-1', idempotencyKey: providerIdempotencyKey('pay-1'), brandId: 'b', amountCents: 4_200, currency: 'USD', description: 'top-up' };
    const first = await stripe.startPayment(input);
    const second = await stripe.startPayment(input);
    expect(first).toMatchObject({ status: 'pending', providerRef: 'pi_test_1', clientSecret: 'pi_test_1_secret_x' });
    expect(second).toEqual(first);
    const creates = seen.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(creates.map((r) => r.idempotencyKey)).toEqual(['rally-payment-pay-1', 'rally-payment-pay-1']);
    expect(intents.size).toBe(1);
  });

  it('tells the reconcile sweep what became of a payment: by its intent, by its payment id, or unknown', async () => {
    const stripe = provider();
    expect(await stripe.lookupPayment({ paymentId: 'pay-1', idempotencyKey: providerIdempotencyKey('pay-1'), providerRef: 'pi_test_1' })).toEqual({
      status: 'pending',
      providerRef: 'pi_test_1',
      clientSecret: 'pi_test_1_secret_x',
    });
    intents.get('pi_test_1')!.status = 'succeeded';
    intents.get('pi_test_1')!.amount_received = 4_200;
    // The crash came before the intent's id was stored: found by the payment id in its metadata.
    expect(await stripe.lookupPayment({ paymentId: 'pay-1', idempotencyKey: providerIdempotencyKey('pay-1'), providerRef: null })).toEqual({
      status: 'succeeded',
      providerRef: 'pi_test_1',
      amountCents: 4_200,
      currency: 'USD',
    });
    expect(await stripe.lookupPayment({ paymentId: 'pay-2', idempotencyKey: providerIdempotencyKey('pay-2'), providerRef: null })).toEqual({ status: 'unknown' });
    expect(await stripe.lookupPayment({ paymentId: 'pay-3', idempotencyKey: providerIdempotencyKey('pay-3'), providerRef: 'pi_missing' })).toEqual({ status: 'unknown' });
  });
});
