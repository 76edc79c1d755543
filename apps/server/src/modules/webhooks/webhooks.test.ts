import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_REQUEST_HEADER,
  isNonPublicAddress,
  WEBHOOK_DELIVERY,
  webhookRetryDelaySeconds,
  webhookUrlProblem,
  type TWebhookEndpoint,
  type TWebhookEndpointWithSecret,
  type TWebhookMessageList,
} from '@rally/domain';
import { enqueueWebhook } from '../../lib/webhook-outbox.js';
import { DEMO_PASSWORD, insertMember, insertPasswordUser } from '../../seed/demo-accounts.js';
import { playCookie, runningCampaign, submit } from '../../testing/engine-kit.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.js';
import { checkedLookup, createWebhookSender } from './webhook-sender.js';

let t: TestApp;
let smtp: SmtpCapture;
let receiver: WebhookReceiver;
const cookies: Record<string, string> = {};
const db = () => t.database.db;
const rows = <T>(q: ReturnType<typeof sql>) => t.database.rows<T>(q);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  receiver = await startWebhookReceiver();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, SIGN_IN_RATE_LIMIT: '1000' } });
  for (const [brand, email] of [
    ['owner', 'owner@brand.test'],
    ['retailer', 'retailer@retail.test'],
    ['partner', 'partner@partner.test'],
    ['summit', 'summit@partner.test'],
  ] as const)
    cookies[brand] = await t.signIn(email);
  await insertMember(db(), t.brandIds.owner, await insertPasswordUser(db(), 'analyst@hooks.test', 'Ana Analyst', DEMO_PASSWORD), 'analyst');
  cookies.analyst = await t.signIn('analyst@hooks.test');
}, 600_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await smtp?.close();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, [APP_REQUEST_HEADER]: '1' }, ...(payload ? { payload } : {}) });

async function createEndpoint(brand: string, path: string, events: string[]): Promise<TWebhookEndpointWithSecret> {
  const res = await call(cookies[brand]!, 'POST', '/api/webhooks', { url: receiver.url(path), events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TWebhookEndpointWithSecret;
}

/** Polls until `check` answers something truthy (deliveries happen after commit, in the dispatcher). */
async function until<T>(check: () => Promise<T> | T, what: string, ms = 10_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const messagesOf = async (brand: string, endpointId: number) => {
  const res = await call(cookies[brand]!, 'GET', `/api/webhooks/${endpointId}/messages`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TWebhookMessageList).items;
};

/** Writes an event as a use case would: in a transaction of its own (committed, so the dispatcher may send it). */
const enqueue = (brand: keyof TestApp['brandIds'], type: Parameters<typeof enqueueWebhook>[2], data: Record<string, unknown>, key: string | null = null) =>
  db().transaction((tx) => enqueueWebhook(tx, t.brandIds[brand], type, data, key));

describe('webhook delivery', () => {
  it('delivers a real submit’s completion.created, reward.unlocked and code.issued in order, signed so the standardwebhooks library verifies them', async () => {
    const { endpoint, secret } = await createEndpoint('owner', '/engine', ['completion.created', 'reward.unlocked', 'code.issued']);
    expect(secret).toMatch(/^whsec_/);
    const k = await runningCampaign(db(), t.brandIds.owner, { participants: 1 });
    const reward = await k.reward({ type: 'discount', title: 'Ten off', completionsToUnlock: 1, maxPerUser: 1 });
    await k.codes(reward.id, 2);
    const cookie = await playCookie(db(), t.brandIds.owner, k.users[0]!.id);
    const res = await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [] });
    expect(res.statusCode, res.body).toBe(201);

    const got = await until(() => (receiver.at('/engine').length >= 3 ? receiver.at('/engine') : null), 'three deliveries');
    expect(got.map((r) => r.type)).toEqual(['completion.created', 'reward.unlocked', 'code.issued']);
    const wh = new Webhook(secret);
    for (const r of got) expect(() => wh.verify(r.body, r.headers)).not.toThrow();
    // Another secret does not verify: the signature is the endpoint's own.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(got[1]!.body, got[1]!.headers)).toThrow();
    const unlocked = wh.verify(got[1]!.body, got[1]!.headers) as { type: string; data: Record<string, unknown> };
    expect(unlocked.data).toMatchObject({ campaignId: k.campaign.id, rewardId: reward.id, participant: { storeUserId: k.users[0]!.id, consumerId: null }, codeIssued: true });
    expect((wh.verify(got[2]!.body, got[2]!.headers) as { data: { code: string } }).data.code).toEqual(expect.any(String));
    // One webhook-id per message, and the delivery log shows each request and its answer.
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(3);
    const log = await until(async () => {
      const items = await messagesOf('owner', endpoint.id);
      return items.length === 3 && items.every((m) => m.status === 'delivered') ? items : null;
    }, 'the log to show three delivered');
    expect(log[0]!.log[0]).toMatchObject({ responseStatus: 200, responseBody: 'ok', error: null, replay: false });
    expect(log[0]!.log[0]!.requestHeaders['webhook-id']).toBe(log[0]!.messageId);
    // The log keeps the request but not the signature's value.
    expect(log[0]!.log[0]!.requestHeaders['webhook-signature']).toBe('v1,…');
  }, 60_000);

  it('writes nothing for a brand without endpoints, and nothing when the change rolls back', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from webhook_messages`);
    const k = await runningCampaign(db(), t.brandIds.outlet, { participants: 1 });
    await k.reward({ type: 'free_product', title: 'Free can', completionsToUnlock: 1, maxPerUser: 1 });
    const cookie = await playCookie(db(), t.brandIds.outlet, k.users[0]!.id);
    expect((await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [] })).statusCode).toBe(201);
    await db()
      .transaction(async (tx) => {
        await enqueueWebhook(tx, t.brandIds.owner, 'reward.unlocked', { rolledBack: true });
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from webhook_messages`)).toEqual(before);
  });

  it('retries a failing receiver with exponential backoff and delivers when it answers', async () => {
    let failures = 2;
    receiver.answers.set('/flaky', () => (failures-- > 0 ? 503 : 200));
    const { endpoint } = await createEndpoint('retailer', '/flaky', ['invoice.closed']);
    await enqueue('retailer', 'invoice.closed', { invoiceId: 1 });
    for (const attempts of [1, 2]) {
      const m = await until(async () => {
        const [row] = await rows<{ attempts: number; status: string; wait: number }>(
          sql`select attempts, status, extract(epoch from next_attempt_at - now())::float as wait from webhook_messages where endpoint_id = ${endpoint.id}`,
        );
        return row && row.attempts === attempts && row.status === 'pending' ? row : null;
      }, `failed attempt ${attempts}`);
      // 30 s after the first failure, 60 s after the second: each wait doubles.
      expect(m.wait).toBeGreaterThan(webhookRetryDelaySeconds(attempts) - 5);
      expect(m.wait).toBeLessThanOrEqual(webhookRetryDelaySeconds(attempts));
      await db().execute(sql`update webhook_messages set next_attempt_at = now() where endpoint_id = ${endpoint.id}`);
    }
    const [done] = await until(async () => {
      const items = await messagesOf('retailer', endpoint.id);
      return items[0]?.status === 'delivered' ? items : null;
    }, 'the third attempt');
    expect(done!.log.map((a) => a.responseStatus)).toEqual([200, 503, 503]);
    expect(receiver.at('/flaky').map((r) => r.headers['webhook-id'])).toEqual(Array(3).fill(done!.messageId));
    expect(webhookRetryDelaySeconds(20)).toBe(WEBHOOK_DELIVERY.maxRetrySeconds);
  }, 30_000);

  it('gives up on a message 3 days after its event', async () => {
    receiver.answers.set('/gone', () => 500);
    const { endpoint } = await createEndpoint('retailer', '/gone', ['budget.low']);
    await enqueue('retailer', 'budget.low', { rewardId: 1 });
    await db().execute(sql`update webhook_messages set created_at = now() - interval '3 days' + interval '10 seconds' where endpoint_id = ${endpoint.id}`);
    const [m] = await until(async () => {
      const items = await messagesOf('retailer', endpoint.id);
      return items[0]?.status === 'failed' ? items : null;
    }, 'the message to be given up');
    expect(m!.log).toHaveLength(1);
    expect(m!.nextAttemptAt).toBeNull();
  });

  it('keeps one participant’s events in order while another participant’s go ahead', async () => {
    let blockA = true;
    receiver.answers.set('/order', (r) => (blockA && (JSON.parse(r.body) as { data: { n: string } }).data.n === 'a1' ? 500 : 200));
    const { endpoint } = await createEndpoint('partner', '/order', ['completion.created']);
    await enqueue('partner', 'completion.created', { n: 'a1' }, 'u:1');
    await enqueue('partner', 'completion.created', { n: 'a2' }, 'u:1');
    await enqueue('partner', 'completion.created', { n: 'b1' }, 'u:2');
    const names = () => receiver.at('/order').map((r) => (JSON.parse(r.body) as { data: { n: string } }).data.n);
    await until(() => names().includes('b1') && names().includes('a1'), 'b1 and the failed a1');
    await t.app.webhooks.dispatcher.idle();
    expect(names()).not.toContain('a2');
    blockA = false;
    await db().execute(sql`update webhook_messages set next_attempt_at = now() where endpoint_id = ${endpoint.id} and status = 'pending'`);
    await until(() => names().includes('a2'), 'a2');
    const a = names().filter((n) => n !== 'b1');
    expect(a).toEqual(['a1', 'a1', 'a2']);
  });

  it('turns an endpoint off after repeated failures, mails the owners, and sends again once turned on', async () => {
    let down = true;
    receiver.answers.set('/down', () => (down ? 500 : 200));
    const { endpoint } = await createEndpoint('summit', '/down', ['codes.low']);
    // The run of failures so far, short of the limit: the next failure is the one that turns it off.
    await db().execute(sql`update webhook_endpoints set consecutive_failures = ${WEBHOOK_DELIVERY.disableAfterFailures - 1} where id = ${endpoint.id}`);
    await enqueue('summit', 'codes.low', { rewardId: 7 });
    const mail = await smtp.waitFor((m) => m.to.includes('summit@partner.test') && /webhook/i.test(m.subject), 10_000);
    expect(mail.text).toContain(receiver.url('/down'));
    const list = (await call(cookies.summit!, 'GET', '/api/webhooks')).json() as { items: TWebhookEndpoint[] };
    expect(list.items.find((e) => e.id === endpoint.id)).toMatchObject({ enabled: false, disabledReason: 'failures' });
    // While it is off, new events are not written for it and its waiting message is not sent.
    await enqueue('summit', 'codes.low', { rewardId: 8 });
    expect(await rows(sql`select 1 from webhook_messages where endpoint_id = ${endpoint.id}`)).toHaveLength(1);
    const replayOff = await call(cookies.summit!, 'POST', `/api/webhooks/${endpoint.id}/messages/${(await messagesOf('summit', endpoint.id))[0]!.id}/replay`);
    expect(replayOff.statusCode).toBe(409);

    down = false;
    const on = await call(cookies.summit!, 'PATCH', `/api/webhooks/${endpoint.id}`, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
    await db().execute(sql`update webhook_messages set next_attempt_at = now() where endpoint_id = ${endpoint.id}`);
    await until(async () => (await messagesOf('summit', endpoint.id))[0]?.status === 'delivered', 'the waiting message after turning on');
  }, 30_000);

  it('replays a delivered message with its original id and body, logged as a replay', async () => {
    const { endpoint, secret } = await createEndpoint('partner', '/replay', ['campaign.ended']);
    await enqueue('partner', 'campaign.ended', { campaignId: 3, reason: 'end_date' });
    const [first] = await until(async () => {
      const items = await messagesOf('partner', endpoint.id);
      return items[0]?.status === 'delivered' ? items : null;
    }, 'the first delivery');
    const res = await call(cookies.partner!, 'POST', `/api/webhooks/${endpoint.id}/messages/${first!.id}/replay`);
    expect(res.statusCode, res.body).toBe(202);
    await until(() => receiver.at('/replay').length === 2, 'the replay');
    const [a, b] = receiver.at('/replay');
    expect(b!.headers['webhook-id']).toBe(a!.headers['webhook-id']);
    expect(b!.body).toBe(a!.body);
    expect(() => new Webhook(secret).verify(b!.body, b!.headers)).not.toThrow();
    const [again] = await until(async () => {
      const items = await messagesOf('partner', endpoint.id);
      return items[0]?.log.length === 2 ? items : null;
    }, 'the replay in the log');
    expect(again!.log.map((l) => l.replay)).toEqual([true, false]);
  });

  it('signs with the new and the previous secret after a rotation, so a receiver on either verifies', async () => {
    const { endpoint, secret: old } = await createEndpoint('partner', '/rotate', ['invoice.closed']);
    const rotated = await call(cookies.partner!, 'POST', `/api/webhooks/${endpoint.id}/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(201);
    const { secret: next, endpoint: after } = rotated.json() as TWebhookEndpointWithSecret;
    expect(next).not.toBe(old);
    expect(after.previousSecretUntil).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
    await enqueue('partner', 'invoice.closed', { invoiceId: 9 });
    const [r] = await until(() => (receiver.at('/rotate').length ? receiver.at('/rotate') : null), 'the delivery');
    expect(r!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(old).verify(r!.body, r!.headers)).not.toThrow();
    expect(() => new Webhook(next).verify(r!.body, r!.headers)).not.toThrow();
    // The secret is kept encrypted, never as written.
    const [row] = await rows<{ secret_enc: string }>(sql`select secret_enc from webhook_endpoints where id = ${endpoint.id}`);
    expect(row!.secret_enc).not.toContain(next.slice(6, 20));
  });
});

describe('webhook endpoints', () => {
  it('is for owners and admins of the brand: an analyst gets 403, another brand’s owner 404 on every route', async () => {
    const { endpoint } = await createEndpoint('owner', '/private', ['invoice.closed']);
    await enqueue('owner', 'invoice.closed', { invoiceId: 2 });
    const [m] = await until(async () => {
      const items = await messagesOf('owner', endpoint.id);
      return items.length ? items : null;
    }, 'a message');
    expect((await call(cookies.analyst!, 'GET', '/api/webhooks')).statusCode).toBe(403);
    expect((await call(cookies.analyst!, 'POST', '/api/webhooks', { url: receiver.url('/x'), events: ['invoice.closed'] })).statusCode).toBe(403);
    const other = cookies.retailer!;
    for (const [method, url, body] of [
      ['PATCH', `/api/webhooks/${endpoint.id}`, { enabled: false }],
      ['POST', `/api/webhooks/${endpoint.id}/rotate`, undefined],
      ['GET', `/api/webhooks/${endpoint.id}/messages`, undefined],
      ['POST', `/api/webhooks/${endpoint.id}/messages/${m!.id}/replay`, undefined],
      ['DELETE', `/api/webhooks/${endpoint.id}`, undefined],
    ] as const) {
      const res = await call(other, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = (await call(other, 'GET', '/api/webhooks')).json() as { items: TWebhookEndpoint[] };
    expect(theirs.items.map((e) => e.id)).not.toContain(endpoint.id);
    // Still there, still on, for its own brand; then deleted with its messages.
    expect(((await call(cookies.owner!, 'GET', '/api/webhooks')).json() as { items: TWebhookEndpoint[] }).items.find((e) => e.id === endpoint.id)).toMatchObject({ enabled: true });
    expect((await call(cookies.owner!, 'DELETE', `/api/webhooks/${endpoint.id}`)).statusCode).toBe(204);
    expect(await rows(sql`select 1 from webhook_messages where endpoint_id = ${endpoint.id}`)).toEqual([]);
  });

  it('refuses bad input naming the field: no events, an unknown event, a URL that is not http(s)', async () => {
    const cases: [object, string][] = [
      [{ url: receiver.url('/x'), events: [] }, 'events'],
      [{ url: receiver.url('/x'), events: ['everything'] }, 'events.0'],
      [{ url: 'ftp://hooks.example.com/', events: ['invoice.closed'] }, 'url'],
      [{ url: 'not a url', events: ['invoice.closed'] }, 'url'],
    ];
    for (const [body, path] of cases) {
      const res = await call(cookies.owner!, 'POST', '/api/webhooks', body);
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { error: { fields: { path: string }[] } }).error.fields.map((f) => f.path)).toContain(path);
    }
    const badId = await call(cookies.owner!, 'PATCH', '/api/webhooks/abc', { enabled: true });
    expect(badId.statusCode).toBe(400);
  });
});

describe('webhook URLs must be public', () => {
  it('refuses private, loopback and link-local addresses, v4 and v6 and IPv4 inside IPv6, and local names', () => {
    for (const ip of ['127.0.0.1', '10.0.0.8', '172.16.4.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd12::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe', '2002:c0a8:101::1'])
      expect(isNonPublicAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isNonPublicAddress(ip), ip).toBe(false);
    for (const url of ['https://127.0.0.1/hook', 'https://[::1]/', 'https://[::ffff:169.254.169.254]/', 'https://localhost/', 'https://db.internal/', 'https://2130706433/', 'http://hooks.example.com/'])
      expect(webhookUrlProblem(url, false), url).not.toBeNull();
    expect(webhookUrlProblem('https://hooks.example.com/rally', false)).toBeNull();
    // Development and tests (WEBHOOK_ALLOW_PRIVATE_URLS=true) reach a local receiver, still only over http(s).
    expect(webhookUrlProblem('http://127.0.0.1:8080/', true)).toBeNull();
  });

  it('checks again at delivery, after DNS: a name resolving to a loopback address is refused, and a literal one never connected to', async () => {
    // The lookup the sender's connections use: it resolves, checks every address, and hands over the one it checked.
    const lookup = (allow: boolean) =>
      new Promise<string>((resolve, reject) =>
        checkedLookup(allow)('localhost', {}, (error, address) => (error ? reject(error) : resolve(String(address)))),
      );
    await expect(lookup(false)).rejects.toThrow(/not a public address/);
    expect(isNonPublicAddress(await lookup(true))).toBe(true);
    const sender = createWebhookSender({ allowPrivate: false, timeoutMs: 2_000, responseBodyChars: 100 });
    try {
      const before = receiver.received.length;
      const literal = await sender.send({ url: receiver.url('/ssrf').replace('http:', 'https:'), headers: {}, body: '{}' });
      expect(literal).toMatchObject({ status: null });
      expect(literal.error).toMatch(/^refused/);
      expect(receiver.received.length).toBe(before);
    } finally {
      sender.close();
    }
  });
});
