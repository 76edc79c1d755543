import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_KEY_PATTERN, APP_REQUEST_HEADER, type TApiKey, type TApiKeyCreated } from '@rally/domain';
import { apiKeys, brandActivity } from '../../db/schema/index.js';
import { DEMO_PASSWORD, insertMember, insertPasswordUser } from '../../seed/demo-accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let owner: string;
let analyst: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ env: { SIGN_IN_RATE_LIMIT: '1000', API_KEY_RATE_LIMIT: '5', API_KEY_RATE_WINDOW_MS: '60000' } });
  owner = await t.signIn('owner@brand.test');
  await insertMember(db(), t.brandIds.owner, await insertPasswordUser(db(), 'analyst@keys.test', 'Ana Analyst', DEMO_PASSWORD), 'analyst');
  analyst = await t.signIn('analyst@keys.test');
}, 600_000);
afterAll(async () => t?.close());

async function createKey(cookie: string, body: object = { name: 'POS sync', scopes: ['campaigns:read'] }) {
  return t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie, [APP_REQUEST_HEADER]: '1' }, payload: body });
}
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const v1 = (secret: string, url = '/api/v1/campaigns') => t.app.inject({ method: 'GET', url, headers: bearer(secret) });

describe('API keys', () => {
  it('shows a new key once, keeps only the SHA-256 of its secret, and never lists the secret', async () => {
    const res = await createKey(owner, { name: 'Reporting', scopes: ['campaigns:read', 'reports:read'], expiresAt: null });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as TApiKeyCreated;
    expect(created.secret).toMatch(API_KEY_PATTERN);
    expect(created.key).toMatchObject({ name: 'Reporting', scopes: ['campaigns:read', 'reports:read'], status: 'active', lastUsedAt: null, prefix: `rk_live_${created.key.id}_` });
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    const secretPart = created.secret.split('_').slice(3).join('_');
    expect(row!.secretHash).toBe(createHash('sha256').update(secretPart).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secretPart);
    const list = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie: owner } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secretPart);
    expect((list.json() as { items: TApiKey[] }).items.map((k) => k.id)).toContain(created.key.id);
  });

  it('is for owners and admins: an analyst is refused 403', async () => {
    expect((await createKey(analyst)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie: analyst } })).statusCode).toBe(403);
  });

  it('refuses bad input naming the field: no scopes, an unknown scope, a past expiry, an empty name', async () => {
    const cases: [object, string][] = [
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: 'x', scopes: ['everything'] }, 'scopes.0'],
      [{ name: 'x', scopes: ['campaigns:read'], expiresAt: 1000 }, 'expiresAt'],
      [{ name: '  ', scopes: ['campaigns:read'] }, 'name'],
    ];
    for (const [body, path] of cases) {
      const res = await createKey(owner, body);
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { error: { fields: { path: string }[] } }).error.fields.map((f) => f.path)).toContain(path);
    }
  });

  it('authenticates a working key, and refuses an unknown, wrong, revoked, rotated or expired one with 401', async () => {
    const { key, secret } = (await createKey(owner)).json() as TApiKeyCreated;
    expect((await v1(secret)).statusCode).toBe(200);
    // The right id with another secret, and a key that is not ours.
    expect((await v1(secret.slice(0, -4) + 'AAAA')).statusCode).toBe(401);
    expect((await v1('rk_live_000000000000_' + 'A'.repeat(43))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/campaigns', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);

    const rotated = await t.app.inject({ method: 'POST', url: `/api/api-keys/${key.id}/rotate`, headers: { cookie: owner, [APP_REQUEST_HEADER]: '1' } });
    expect(rotated.statusCode, rotated.body).toBe(201);
    const next = rotated.json() as TApiKeyCreated;
    expect(next.key).toMatchObject({ name: key.name, scopes: key.scopes, status: 'active' });
    expect(next.secret).not.toBe(secret);
    expect((await v1(secret)).statusCode).toBe(401);
    expect((await v1(next.secret)).statusCode).toBe(200);
    const old = ((await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie: owner } })).json() as { items: TApiKey[] }).items.find((k) => k.id === key.id)!;
    expect(old).toMatchObject({ status: 'revoked', replacedBy: next.key.id });

    const revoked = await t.app.inject({ method: 'POST', url: `/api/api-keys/${next.key.id}/revoke`, headers: { cookie: owner, [APP_REQUEST_HEADER]: '1' } });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked' });
    const refused = await v1(next.secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', message: 'This API key was revoked' } });
    // Revoked already: 409, and a revoked key cannot be rotated back to life.
    expect((await t.app.inject({ method: 'POST', url: `/api/api-keys/${next.key.id}/revoke`, headers: { cookie: owner, [APP_REQUEST_HEADER]: '1' } })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/api-keys/${next.key.id}/rotate`, headers: { cookie: owner, [APP_REQUEST_HEADER]: '1' } })).statusCode).toBe(409);

    const expiring = (await createKey(owner, { name: 'Short', scopes: ['campaigns:read'], expiresAt: Math.floor(Date.now() / 1000) + 3600 })).json() as TApiKeyCreated;
    expect((await v1(expiring.secret)).statusCode).toBe(200);
    await db().update(apiKeys).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiKeys.id, expiring.key.id));
    const expired = await v1(expiring.secret);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: { message: 'This API key has expired' } });
  });

  it('keeps keys and sessions apart: a cookie on /api/v1 is refused, a key on a dashboard route is refused', async () => {
    const { secret } = (await createKey(owner)).json() as TApiKeyCreated;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/campaigns', headers: { cookie: owner } })).statusCode).toBe(401);
    const both = await t.app.inject({ method: 'GET', url: '/api/v1/campaigns', headers: { cookie: owner, ...bearer(secret) } });
    expect(both.statusCode).toBe(401);
    expect(both.json()).toMatchObject({ error: { message: 'The public API takes an API key alone: send no cookie' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/activity', headers: bearer(secret) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(secret) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: bearer(secret) })).statusCode).toBe(401);
  });

  it('answers 403 naming the scope a key lacks', async () => {
    const { secret } = (await createKey(owner, { name: 'Reader', scopes: ['campaigns:read'] })).json() as TApiKeyCreated;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/campaigns', headers: bearer(secret), payload: { template: 'general' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: 'This API key lacks the campaigns:write scope', fields: [{ path: 'scope', message: 'needs campaigns:write' }] } });
  });

  it('limits each key on its own: past the limit 429 with Retry-After, while another key still works', async () => {
    const a = (await createKey(owner, { name: 'Busy', scopes: ['campaigns:read'] })).json() as TApiKeyCreated;
    const b = (await createKey(owner, { name: 'Quiet', scopes: ['campaigns:read'] })).json() as TApiKeyCreated;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await v1(a.secret)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await v1(a.secret);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect((await v1(b.secret)).statusCode).toBe(200);
  });

  it("records every call in the brand's activity log under the key's name, and the key's last use", async () => {
    const { key, secret } = (await createKey(owner, { name: 'Logged key', scopes: ['campaigns:read'] })).json() as TApiKeyCreated;
    expect((await v1(secret)).statusCode).toBe(200);
    expect((await v1(secret, '/api/v1/campaigns/999999')).statusCode).toBe(404);
    // Lines are written after the answer is sent (onResponse): wait for the second.
    await vi.waitFor(async () => {
      const rows = await db().select().from(brandActivity).where(eq(brandActivity.actorId, key.id)).orderBy(brandActivity.id);
      expect(rows.map((r) => [r.actorKind, r.actorName, r.action, r.subjectLabel])).toEqual([
        ['api_key', 'Logged key', 'api_key.called', 'GET /api/v1/campaigns → 200'],
        ['api_key', 'Logged key', 'api_key.called', 'GET /api/v1/campaigns/:id → 404'],
      ]);
    });
    const created = await db().select().from(brandActivity).where(eq(brandActivity.subjectId, key.id));
    expect(created.map((r) => [r.actorKind, r.actorName, r.action])).toContainEqual(['user', 'Olivia Owner', 'api_key.created']);
    const listed = ((await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie: owner } })).json() as { items: TApiKey[] }).items.find((k) => k.id === key.id)!;
    expect(listed.lastUsedAt).not.toBeNull();
    // A member of another brand sees none of this brand's keys, and cannot revoke one.
    const retailer = await t.signIn('retailer@retail.test');
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie: retailer } })).json() as { items: TApiKey[] };
    expect(theirs.items.map((k) => k.id)).not.toContain(key.id);
    expect((await t.app.inject({ method: 'POST', url: `/api/api-keys/${key.id}/revoke`, headers: { cookie: retailer, [APP_REQUEST_HEADER]: '1' } })).statusCode).toBe(404);
  });
});
