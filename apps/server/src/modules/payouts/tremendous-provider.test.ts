import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPayout } from '@rally/domain';
import { loadEnv } from '../../config/env.js';
import { payoutBalances, payouts } from '../../db/schema/index.js';
import { playCookie, runningCampaign, submit } from '../../testing/engine-kit.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const SECRET = 'tremendous-webhook-private-key';
const API_KEY = 'TEST_tremendous_key';

/** A local stand-in for Tremendous's orders API: idempotent by external_id as Tremendous documents it. */
interface Received {
  auth: string | undefined;
  body: { external_id: string; reward: { value: { denomination: number; currency_code: string }; recipient: { email: string }; campaign_id: string } };
}
const received: Received[] = [];
const orders = new Map<string, { orderId: string; rewardId: string }>();
let failNext = 0;
let server: Server;
let apiUrl: string;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });

let t: TestApp;
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req)) as Received['body'];
    received.push({ auth: req.headers.authorization, body });
    if (failNext > 0) {
      failNext -= 1;
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"errors":{"message":"down"}}');
      return;
    }
    let order = orders.get(body.external_id);
    if (!order) {
      order = { orderId: `ORD${orders.size + 1}`, rewardId: `RWD${randomUUID().slice(0, 8)}` };
      orders.set(body.external_id, order);
    }
    res.writeHead(201, { 'content-type': 'application/json' }).end(
      JSON.stringify({ order: { id: order.orderId, external_id: body.external_id, status: 'EXECUTED', rewards: [{ id: order.rewardId, delivery: { status: 'PENDING' } }] } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v2`;
  t = await createTestApp({
    env: { SCHEDULER_ENABLED: 'false', PAYOUT_PROVIDER: 'tremendous', TREMENDOUS_API_KEY: API_KEY, TREMENDOUS_WEBHOOK_SECRET: SECRET, TREMENDOUS_CAMPAIGN_ID: 'CAMP1', TREMENDOUS_API_URL: apiUrl },
  });
}, 600_000);
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
const db = () => t.database.db;

async function earner(cents: number, email = 'paid@paypal.test') {
  const k = await runningCampaign(db(), t.brandIds.owner);
  await k.reward({ type: 'money', title: 'Cash', amountCents: cents, budgetCents: cents * 10, budgetPaidCents: cents * 10, isUnlimited: true });
  const cookie = await playCookie(db(), t.brandIds.owner, k.users[0]!.id);
  expect((await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [] })).statusCode).toBe(201);
  await t.app.inject({ method: 'POST', url: '/api/play/payouts/details', headers: { cookie }, payload: { method: 'paypal', email } });
  return { cookie, key: `u:${k.users[0]!.id}` };
}
const ask = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/play/payouts', headers: { cookie, 'idempotency-key': randomUUID() }, payload: { brandId: t.brandIds.owner } });
const sign = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const callback = (body: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payouts/tremendous/webhook',
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'tremendous-webhook-signature': signature }) },
    payload: body,
  });
const event = (type: string, rewardId: string, uuid: string = randomUUID()) => JSON.stringify({ event: type, uuid, created_utc: new Date().toISOString(), payload: { resource: { id: rewardId, type: 'rewards' }, meta: {} } });
const balanceOf = async (participant: string) =>
  (await db().select().from(payoutBalances).where(and(eq(payoutBalances.brandId, t.brandIds.owner), eq(payoutBalances.participant, participant))))[0]?.balanceCents ?? 0;
const payoutRow = async (id: string) => (await db().select().from(payouts).where(eq(payouts.id, id)))[0]!;

describe('Tremendous payout provider', () => {
  it('is chosen by PAYOUT_PROVIDER and refused at boot without its keys', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', PAYOUT_PROVIDER: 'tremendous' })).toThrow(/TREMENDOUS_API_KEY: required/);
    expect(() => loadEnv({ NODE_ENV: 'test', PAYOUT_PROVIDER: 'paypal' })).toThrow(/PAYOUT_PROVIDER/);
    expect(loadEnv({ NODE_ENV: 'test' }).PAYOUT_PROVIDER).toBe('sandbox');
  });

  it('sends one order per payout with our key and the payout id as external_id, and a resend makes no second order', async () => {
    const e = await earner(2_345);
    const before = received.length;
    const res = await ask(e.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const payout = ZPayout.parse(res.json());
    expect(payout).toMatchObject({ status: 'pending', provider: 'tremendous', amountCents: 2_345 });
    const sent = received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.auth).toBe(`Bearer ${API_KEY}`);
    expect(sent[0]!.body).toMatchObject({ external_id: payout.id, reward: { campaign_id: 'CAMP1', value: { denomination: 23.45, currency_code: 'USD' }, recipient: { email: 'paid@paypal.test' } } });
    expect(payout.providerRef).toBe(orders.get(payout.id)!.rewardId);
    expect(await balanceOf(e.key)).toBe(0);
  });

  it('keeps a payout pending when Tremendous is down and sends it again with the same external_id', async () => {
    const e = await earner(1_500);
    failNext = 1;
    const payout = ZPayout.parse((await ask(e.cookie)).json());
    expect(payout).toMatchObject({ status: 'pending', providerRef: null });
    const { sendPayout } = await import('./send-payout.js');
    const { createPayoutProvider } = await import('./create-payout-provider.js');
    const provider = createPayoutProvider(loadEnv({ NODE_ENV: 'test', PAYOUT_PROVIDER: 'tremendous', TREMENDOUS_API_KEY: API_KEY, TREMENDOUS_WEBHOOK_SECRET: SECRET, TREMENDOUS_CAMPAIGN_ID: 'CAMP1', TREMENDOUS_API_URL: apiUrl }));
    expect(await sendPayout(db(), provider, payout.id, t.app.log)).toBe('pending');
    expect(await sendPayout(db(), provider, payout.id, t.app.log)).toBe('pending');
    const tries = received.filter((r) => r.body.external_id === payout.id);
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((r) => r.body.external_id)).size).toBe(1);
    expect((await payoutRow(payout.id)).providerRef).toBe(orders.get(payout.id)!.rewardId);
  });

  it('marks a payout paid from a signed callback, once, whatever is replayed', async () => {
    const e = await earner(1_800);
    const payout = ZPayout.parse((await ask(e.cookie)).json());
    const body = event('REWARDS.DELIVERY.SUCCEEDED', payout.providerRef!);
    const ok = await callback(body, sign(body));
    expect([ok.statusCode, ok.json()]).toEqual([200, { received: true, outcome: 'paid' }]);
    expect((await payoutRow(payout.id)).status).toBe('paid');
    expect((await callback(body, sign(body))).json()).toEqual({ received: true, outcome: 'duplicate' });
    const again = event('REWARDS.DELIVERY.SUCCEEDED', payout.providerRef!);
    expect((await callback(again, sign(again))).json()).toEqual({ received: true, outcome: 'duplicate' });
    // A failure arriving after the payment returns nothing.
    const late = event('REWARDS.DELIVERY.FAILED', payout.providerRef!);
    expect((await callback(late, sign(late))).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await balanceOf(e.key)).toBe(0);
  });

  it('refuses forged, unsigned and altered callbacks with 400 naming the signature, and changes nothing', async () => {
    const e = await earner(1_600);
    const payout = ZPayout.parse((await ask(e.cookie)).json());
    const body = event('REWARDS.DELIVERY.FAILED', payout.providerRef!);
    for (const res of [await callback(body, sign(body, 'someone-else-key')), await callback(body), await callback(body.replace('FAILED', 'SUCCEEDED'), sign(body))]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[0].path).toBe('tremendous-webhook-signature');
    }
    expect((await payoutRow(payout.id)).status).toBe('pending');
    expect(await balanceOf(e.key)).toBe(0);
  });

  it('returns a payout Tremendous could not deliver to the balance, once', async () => {
    const e = await earner(1_700);
    const payout = ZPayout.parse((await ask(e.cookie)).json());
    const body = event('REWARDS.DELIVERY.FAILED', payout.providerRef!);
    expect((await callback(body, sign(body))).json()).toEqual({ received: true, outcome: 'returned' });
    expect(await balanceOf(e.key)).toBe(1_700);
    expect((await callback(body, sign(body))).json()).toEqual({ received: true, outcome: 'duplicate' });
    const redelivered = event('REWARDS.DELIVERY.FAILED', payout.providerRef!);
    expect((await callback(redelivered, sign(redelivered))).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await balanceOf(e.key)).toBe(1_700);
    expect((await payoutRow(payout.id)).status).toBe('failed');
  });
});
