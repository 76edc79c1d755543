import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_KEY_SCOPES, APP_REQUEST_HEADER, PLAY_SESSION_COOKIE, type TApiKeyCreated, type TCampaign, type TV1Consumer, type TV1Unlock } from '@rally/domain';
import { brandActivity, campaigns, completions } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { runningCampaign } from '../../testing/engine-kit.js';
import { createPlaySession } from '../play/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let ownerKey: TApiKeyCreated;
let retailerKey: TApiKeyCreated;
const db = () => t.database.db;

async function keyFor(email: string, name: string): Promise<TApiKeyCreated> {
  const cookie = await t.signIn(email);
  const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie, [APP_REQUEST_HEADER]: '1' }, payload: { name, scopes: [...API_KEY_SCOPES] } });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as TApiKeyCreated;
}

function call(key: TApiKeyCreated, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { authorization: `Bearer ${key.secret}`, ...headers }, ...(payload ? { payload } : {}) });
}

beforeAll(async () => {
  t = await createTestApp({ env: { SIGN_IN_RATE_LIMIT: '1000' } });
  ownerKey = await keyFor('owner@brand.test', 'Acme CRM');
  retailerKey = await keyFor('retailer@retail.test', 'Metro POS');
}, 600_000);
afterAll(async () => t?.close());

describe('public API v1: campaigns', () => {
  it('creates a draft from a template and as a copy, reads it, and logs the calls under the key', async () => {
    const created = await call(ownerKey, 'POST', '/api/v1/campaigns', { template: 'general' });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json() as TCampaign;
    expect(draft).toMatchObject({ type: 'general', status: 'draft', brandId: t.brandIds.owner });
    const copy = await call(ownerKey, 'POST', '/api/v1/campaigns', { copyOf: draft.id });
    expect(copy.statusCode, copy.body).toBe(201);
    expect((copy.json() as TCampaign).id).not.toBe(draft.id);
    const read = await call(ownerKey, 'GET', `/api/v1/campaigns/${draft.id}`);
    expect(read.json()).toMatchObject({ id: draft.id, name: draft.name });
    // Neither a template and a copy at once, nor an unknown template.
    expect((await call(ownerKey, 'POST', '/api/v1/campaigns', { template: 'general', copyOf: draft.id })).statusCode).toBe(400);
    expect((await call(ownerKey, 'POST', '/api/v1/campaigns', { template: 'nope' })).statusCode).toBe(400);
    // A draft that is not complete is not launched.
    const launch = await call(ownerKey, 'POST', `/api/v1/campaigns/${draft.id}/launch`, { action: 'launch' });
    expect(launch.statusCode, launch.body).toBe(409);
    // The line is written after the answer is sent (onResponse): wait for the last one.
    const lines = await vi.waitFor(async () => {
      const rows = await db().select().from(brandActivity).where(eq(brandActivity.actorId, ownerKey.key.id));
      expect(rows.map((l) => l.subjectLabel)).toEqual(
        expect.arrayContaining(['POST /api/v1/campaigns → 201', 'GET /api/v1/campaigns/:id → 200', 'POST /api/v1/campaigns/:id/launch → 409']),
      );
      return rows;
    });
    expect(new Set(lines.map((l) => l.actorName))).toEqual(new Set(['Acme CRM']));
  });

  it('pages the list by cursor: every campaign once, in id order, whatever the page size', async () => {
    for (let i = 0; i < 3; i++) await call(ownerKey, 'POST', '/api/v1/campaigns', { template: 'learning' });
    const all = (await call(ownerKey, 'GET', '/api/v1/campaigns?limit=200')).json() as { items: TCampaign[]; nextCursor: string | null };
    expect(all.nextCursor).toBeNull();
    expect(all.items.length).toBeGreaterThanOrEqual(5);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/v1/campaigns?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await call(ownerKey, 'GET', url)).json() as { items: TCampaign[]; nextCursor: string | null };
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 50);
    expect(seen).toEqual(all.items.map((c) => c.id));
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const bad = await call(ownerKey, 'GET', '/api/v1/campaigns?cursor=notacursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: [{ path: 'cursor' }] } });
  });

  it('ends an active campaign', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner);
    const ended = await call(ownerKey, 'POST', `/api/v1/campaigns/${k.campaign.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ id: k.campaign.id, status: 'ended' });
    expect((await call(ownerKey, 'POST', `/api/v1/campaigns/${k.campaign.id}/end`)).statusCode).toBe(409);
  });

  it("keeps brands apart: another brand's key sees none of this brand's campaigns, participants, unlocks or reports", async () => {
    const k = await runningCampaign(db(), t.brandIds.owner);
    const theirs = (await call(retailerKey, 'GET', '/api/v1/campaigns?limit=200')).json() as { items: TCampaign[] };
    expect(theirs.items.every((c) => c.brandId === t.brandIds.retailer)).toBe(true);
    for (const [method, url] of [
      ['GET', `/api/v1/campaigns/${k.campaign.id}`],
      ['GET', `/api/v1/campaigns/${k.campaign.id}/report`],
      ['POST', `/api/v1/campaigns/${k.campaign.id}/end`],
    ] as const) {
      expect((await call(retailerKey, method, url)).statusCode, url).toBe(404);
    }
    expect((await call(retailerKey, 'POST', '/api/v1/campaigns', { copyOf: k.campaign.id })).statusCode).toBe(404);
    const completion = await call(
      retailerKey,
      'POST',
      '/api/v1/completions',
      { participant: { kind: 'store_user', id: k.users[0]!.id }, campaignId: k.campaign.id, campaignMissionId: k.cm.id, submission: { kind: 'general', answers: [] } },
      { 'idempotency-key': randomUUID() },
    );
    expect(completion.statusCode).toBe(404);
    expect(await db().select().from(completions).where(eq(completions.campaignId, k.campaign.id))).toEqual([]);
    const unlocks = (await call(retailerKey, 'GET', '/api/v1/unlocks')).json() as { items: TV1Unlock[] };
    expect(unlocks.items.filter((u) => u.campaignId === k.campaign.id)).toEqual([]);
  });
});

describe('public API v1: completions, unlocks and reports', () => {
  it("enters a completion on a participant's behalf through the engine, once per Idempotency-Key, and lists the code it issued", async () => {
    const k = await runningCampaign(db(), t.brandIds.owner, { participants: 2 });
    const reward = await k.reward({ type: 'discount', title: 'Ten off', percentageDiscount: 10, completionsToUnlock: 1, maxPerUser: 5 });
    await k.codes(reward.id, 5);
    const body = { participant: { kind: 'store_user', id: k.users[0]!.id }, campaignId: k.campaign.id, campaignMissionId: k.cm.id, submission: { kind: 'general', answers: [] } };
    const key = randomUUID();
    const first = await call(ownerKey, 'POST', '/api/v1/completions', body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    const result = first.json() as { completion: { id: number }; unlocked: { code: string | null }[] };
    expect(result.unlocked).toHaveLength(1);
    expect(result.unlocked[0]!.code).toBeTruthy();
    const replay = await call(ownerKey, 'POST', '/api/v1/completions', body, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ completion: { id: result.completion.id }, replayed: true });
    const reused = await call(ownerKey, 'POST', '/api/v1/completions', { ...body, participant: { kind: 'store_user', id: k.users[1]!.id } }, { 'idempotency-key': key });
    // Another participant's key space: the same client key for someone else is a new completion.
    expect(reused.statusCode).toBe(201);
    const missing = await call(ownerKey, 'POST', '/api/v1/completions', body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { fields: [{ path: 'headers.idempotency-key' }] } });
    const rows = await db().select().from(completions).where(eq(completions.campaignId, k.campaign.id));
    expect(rows).toHaveLength(2);

    const page1 = (await call(ownerKey, 'GET', `/api/v1/unlocks?campaignId=${k.campaign.id}&limit=1`)).json() as { items: TV1Unlock[]; nextCursor: string | null };
    expect(page1.items).toHaveLength(1);
    expect(page1.items[0]).toMatchObject({ campaignId: k.campaign.id, rewardId: reward.id, participant: { kind: 'store_user', id: k.users[0]!.id }, code: result.unlocked[0]!.code });
    const page2 = (await call(ownerKey, 'GET', `/api/v1/unlocks?campaignId=${k.campaign.id}&limit=1&cursor=${page1.nextCursor}`)).json() as { items: TV1Unlock[]; nextCursor: string | null };
    expect(page2.items).toHaveLength(1);
    expect(page2.items[0]!.participant).toEqual({ kind: 'store_user', id: k.users[1]!.id });
    // The last page says so: no cursor to follow.
    expect(page2.nextCursor).toBeNull();

    const report = await call(ownerKey, 'GET', `/api/v1/campaigns/${k.campaign.id}/report`);
    expect(report.statusCode, report.body).toBe(200);
    expect(JSON.stringify(report.json())).toContain('"completions"');

    // The same key with another submission (a sale of another quantity) is refused.
    const sale = await k.saleMission();
    const saleKey = randomUUID();
    const sold = (quantity: number) => ({ ...body, campaignMissionId: sale.cm.id, submission: { kind: 'itemSold', items: [{ itemId: sale.itemIds[0]!, quantity }] } });
    expect((await call(ownerKey, 'POST', '/api/v1/completions', sold(1), { 'idempotency-key': saleKey })).statusCode).toBe(201);
    const changed = await call(ownerKey, 'POST', '/api/v1/completions', sold(2), { 'idempotency-key': saleKey });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
  });

  it('refuses a participant of the brand the campaign does not reach', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner);
    const f = factories(db());
    const elsewhere = await f.store(t.brandIds.owner);
    const outsider = await f.storeUser(t.brandIds.owner, elsewhere.id, { name: 'Outsider' });
    await db().update(campaigns).set({ scopeType: 'store', scopePks: [k.store.id] }).where(eq(campaigns.id, k.campaign.id));
    const res = await call(
      ownerKey,
      'POST',
      '/api/v1/completions',
      { participant: { kind: 'store_user', id: outsider.id }, campaignId: k.campaign.id, campaignMissionId: k.cm.id, submission: { kind: 'general', answers: [] } },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(404);
  });
});

describe('public API v1: staff', () => {
  it('adds a store employee by address, updates them on the next call, and deactivates them', async () => {
    const f = factories(db());
    const store = await f.store(t.brandIds.owner);
    const other = await f.store(t.brandIds.owner);
    const put = (body: object) => t.app.inject({ method: 'PUT', url: '/api/v1/staff', headers: { authorization: `Bearer ${ownerKey.secret}` }, payload: body });
    const created = await put({ storeId: store.id, email: 'Jamie@Store.test', name: 'Jamie', role: 'staff' });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    expect(created.json()).toMatchObject({ storeId: store.id, name: 'Jamie', role: 'staff', status: 'active' });
    const updated = await put({ storeId: other.id, email: 'jamie@store.test', name: 'Jamie Doe', role: 'manager' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id, storeId: other.id, name: 'Jamie Doe', role: 'manager' });
    const deactivated = await call(ownerKey, 'POST', `/api/v1/staff/${id}/deactivate`);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toMatchObject({ id, status: 'inactive' });
    // Upserting again makes them active again; another brand's key finds no such person.
    expect((await put({ storeId: other.id, email: 'jamie@store.test', name: 'Jamie Doe', role: 'manager' })).json()).toMatchObject({ id, status: 'active' });
    expect((await call(retailerKey, 'POST', `/api/v1/staff/${id}/deactivate`)).statusCode).toBe(404);
    const elsewhere = await t.app.inject({ method: 'PUT', url: '/api/v1/staff', headers: { authorization: `Bearer ${retailerKey.secret}` }, payload: { storeId: store.id, email: 'x@store.test', name: 'X' } });
    expect(elsewhere.statusCode).toBe(404);
    const lines = await db().select().from(brandActivity).where(eq(brandActivity.subjectId, String(id)));
    expect(lines.map((l) => [l.actorKind, l.actorName, l.action])).toEqual(
      expect.arrayContaining([
        ['api_key', 'Acme CRM', 'staff.created'],
        ['api_key', 'Acme CRM', 'staff.updated'],
        ['api_key', 'Acme CRM', 'staff.deactivated'],
      ]),
    );
  });
});

describe('public API v1: consumers', () => {
  const put = (key: TApiKeyCreated, body: object) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/consumers', headers: { authorization: `Bearer ${key.secret}` }, payload: body });
  const alex = { externalRef: 'crm-1001', email: 'Alex@Example.test', name: 'Alex Rivera', countryCode: 'us', locale: 'en' };

  it('adds a consumer by reference, answers the same body again without a change, and follows the reference to a new address', async () => {
    const created = await put(ownerKey, alex);
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json() as TV1Consumer;
    expect(first).toMatchObject({ externalRef: 'crm-1001', email: 'alex@example.test', name: 'Alex Rivera', countryCode: 'US', locale: 'en', active: true });
    const again = await put(ownerKey, alex);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    // The reference names the person: a new address (and name) updates them; the address alone finds them too.
    const moved = await put(ownerKey, { ...alex, email: 'alex.r@example.test', name: 'Alex R.' });
    expect(moved.json()).toMatchObject({ id: first.id, email: 'alex.r@example.test', name: 'Alex R.' });
    const byEmail = await put(ownerKey, { email: 'alex.r@example.test', name: 'Alex R.', countryCode: 'US' });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toMatchObject({ id: first.id, externalRef: 'crm-1001' });
    const lines = await db().select().from(brandActivity).where(eq(brandActivity.subjectId, String(first.id)));
    expect(lines.filter((l) => l.subjectType === 'consumer').map((l) => [l.actorName, l.action])).toEqual([
      ['Acme CRM', 'consumer.created'],
      ['Acme CRM', 'consumer.updated'],
    ]);
  });

  it('refuses a reference and an address of two different consumers, and bad input, naming the field', async () => {
    await put(ownerKey, { externalRef: 'crm-2001', email: 'blair@example.test', name: 'Blair', countryCode: 'FR' });
    await put(ownerKey, { externalRef: 'crm-2002', email: 'casey@example.test', name: 'Casey', countryCode: 'FR' });
    const clash = await put(ownerKey, { externalRef: 'crm-2001', email: 'casey@example.test', name: 'Blair', countryCode: 'FR' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ error: { fields: [{ path: 'email' }] } });
    const otherRef = await put(ownerKey, { externalRef: 'crm-2999', email: 'casey@example.test', name: 'Casey', countryCode: 'FR' });
    expect(otherRef.statusCode).toBe(409);
    expect(otherRef.json()).toMatchObject({ error: { fields: [{ path: 'externalRef' }] } });
    const bad = await put(ownerKey, { email: 'not-an-address', name: ' ', countryCode: 'ZZ' });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json() as { error: { fields: { path: string }[] } }).error.fields.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'name', 'countryCode']));
  });

  it('deactivates a consumer: signed out of /play, no entries through the API, another brand finds nothing; an upsert makes them active again', async () => {
    const made = (await put(ownerKey, { externalRef: 'crm-3001', email: 'drew@example.test', name: 'Drew', countryCode: 'US' })).json() as TV1Consumer;
    const session = async () => `${PLAY_SESSION_COOKIE}=${await createPlaySession(db(), { kind: 'consumer', id: made.id, brandId: t.brandIds.owner })}`;
    const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/play/me', headers: { cookie } });
    const cookie = await session();
    expect((await me(cookie)).statusCode).toBe(200);

    expect((await call(retailerKey, 'POST', `/api/v1/consumers/${made.id}/deactivate`)).statusCode).toBe(404);
    const off = await call(ownerKey, 'POST', `/api/v1/consumers/${made.id}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: made.id, active: false });
    expect((await call(ownerKey, 'POST', `/api/v1/consumers/${made.id}/deactivate`)).json()).toMatchObject({ active: false });
    expect((await me(cookie)).statusCode).toBe(401);
    // A session made anyway is no session, and the API enters nothing for them.
    expect((await me(await session())).statusCode).toBe(401);
    const k = await runningCampaign(db(), t.brandIds.owner, { type: 'consumer' });
    const entry = await call(
      ownerKey,
      'POST',
      '/api/v1/completions',
      { participant: { kind: 'consumer', id: made.id }, campaignId: k.campaign.id, campaignMissionId: k.cm.id, submission: { kind: 'general', answers: [] } },
      { 'idempotency-key': randomUUID() },
    );
    expect(entry.statusCode).toBe(404);

    const back = await put(ownerKey, { externalRef: 'crm-3001', email: 'drew@example.test', name: 'Drew', countryCode: 'US' });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id: made.id, active: true });
    expect((await me(await session())).statusCode).toBe(200);
    const lines = await db().select().from(brandActivity).where(eq(brandActivity.subjectId, String(made.id))).orderBy(asc(brandActivity.id));
    expect(lines.filter((l) => l.subjectType === 'consumer').map((l) => l.action)).toEqual(['consumer.created', 'consumer.deactivated', 'consumer.updated']);
  });
});

describe('public API v1: a reward\'s codes and low-stock alerts', () => {
  it('generates codes into a code reward, sets its alert and downloads the pool with the key; another brand\'s key finds nothing', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner);
    const reward = await k.reward({ type: 'discount', title: 'API codes', percentageDiscount: 5, isUnlimited: true });
    const base = `/api/v1/campaigns/${k.campaign.id}/rewards/${reward.id}`;
    const send = (key: TApiKeyCreated, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${key.secret}` }, ...(payload ? { payload } : {}) });
    const made = await send(ownerKey, 'POST', `${base}/generate-codes`, { prefix: 'API-', length: 10, alphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789', count: 50 });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ added: 50, availableCodes: 50 });
    const alert = await send(ownerKey, 'PUT', `${base}/stock-alerts`, { codesBelow: 10, budgetBelowCents: null });
    expect(alert.json()).toMatchObject({ codesBelow: 10, codesLeft: 50, codesLow: false });
    expect((await send(ownerKey, 'GET', `${base}/stock-alerts`)).json()).toMatchObject({ codesBelow: 10 });
    const csv = await send(ownerKey, 'GET', `${base}/codes.csv`);
    expect(csv.statusCode).toBe(200);
    const codes = csv.body.replace(/^\uFEFF/, '').trim().split('\n').slice(1).map((l) => l.split(',')[0]);
    expect(codes).toHaveLength(50);
    expect(codes.every((c) => /^API-[A-Z2-9]{10}$/.test(c!))).toBe(true);
    expect((await send(retailerKey, 'POST', `${base}/generate-codes`, { length: 10, alphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789', count: 1 })).statusCode).toBe(404);
    expect((await send(retailerKey, 'GET', `${base}/codes.csv`)).statusCode).toBe(404);
  });
});

describe('public API v1 in the OpenAPI document', () => {
  it('describes every v1 route with the bearer scheme, its scope, its refusals and examples', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security?: unknown; 'x-rally-scope'?: string; 'x-rally-permission'?: string; responses: Record<string, { headers?: object }>; requestBody?: { content: Record<string, { schema: { example?: unknown } }> } }>>;
    };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const v1 = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/v1/'));
    expect(v1.map(([path]) => path).sort()).toEqual(
      [
        '/api/v1/campaigns',
        '/api/v1/campaigns/{id}',
        '/api/v1/campaigns/{id}/end',
        '/api/v1/campaigns/{id}/launch',
        '/api/v1/campaigns/{id}/report',
        '/api/v1/campaigns/{id}/rewards/{rewardId}/codes.csv',
        '/api/v1/campaigns/{id}/rewards/{rewardId}/generate-codes',
        '/api/v1/campaigns/{id}/rewards/{rewardId}/stock-alerts',
        '/api/v1/completions',
        '/api/v1/consumers',
        '/api/v1/consumers/{id}/deactivate',
        '/api/v1/sales',
        '/api/v1/sales/batches/{id}',
        '/api/v1/sales/files',
        '/api/v1/staff',
        '/api/v1/staff/{id}/deactivate',
        '/api/v1/unlocks',
      ].sort(),
    );
    for (const [path, operations] of v1) {
      for (const [method, op] of Object.entries(operations)) {
        expect(op['x-rally-permission'], `${method} ${path}`).toBe('api-key');
        expect(op['x-rally-scope'], `${method} ${path}`).toMatch(/^[a-z]+:(read|write)$/);
        expect(op.security, `${method} ${path}`).toEqual([{ apiKey: [] }]);
        expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403', '429']));
        expect(op.responses['429']!.headers, `${method} ${path}`).toHaveProperty('Retry-After');
      }
    }
    const withExample = (path: string, method: string) => doc.paths[path]![method]!.requestBody?.content['application/json']?.schema.example;
    expect(withExample('/api/v1/completions', 'post')).toMatchObject({ participant: { kind: 'store_user' } });
    expect(withExample('/api/v1/campaigns', 'post')).toEqual({ template: 'general' });
    expect(withExample('/api/v1/staff', 'put')).toMatchObject({ email: 'jamie@store.example' });
    expect(withExample('/api/v1/consumers', 'put')).toMatchObject({ externalRef: 'crm-88412', email: 'alex@example.com' });
  });
});

describe('public API v1 from a script', () => {
  it('is called over HTTP with fetch and a key, as the README shows with curl', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { authorization: `Bearer ${ownerKey.secret}`, 'content-type': 'application/json' };
    const created = await fetch(`${address}/api/v1/campaigns`, { method: 'POST', headers, body: JSON.stringify({ template: 'contest' }) });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as TCampaign).id;
    const list = await fetch(`${address}/api/v1/campaigns?limit=200`, { headers });
    expect(((await list.json()) as { items: TCampaign[] }).items.map((c) => c.id)).toContain(id);
    const withOrigin = await fetch(`${address}/api/v1/campaigns`, { method: 'POST', headers: { ...headers, origin: 'https://elsewhere.example' }, body: JSON.stringify({ template: 'general' }) });
    // No CSRF check on key calls: the key is the proof, and no cookie rides along.
    expect(withOrigin.status).toBe(201);
  });
});
