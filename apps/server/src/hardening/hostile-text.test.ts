import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_REQUEST_HEADER, ZErrorBody } from '@rally/domain';
import { factories } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('owner@brand.test');
});
afterAll(async () => t?.close());

const fieldsOf = (body: string) => ZErrorBody.parse(JSON.parse(body)).error.fields;

describe('text and numbers', () => {
  it('refuses a NUL in a list filter with 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/campaign/bundle?filter=a%00b', headers: { cookie: owner } });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body).map((f) => f.path)).toEqual(['filter']);
  });

  it('refuses a NUL or a lone surrogate in a body field, and in a key, naming it', async () => {
    for (const [payload, path] of [
      ['{"title":"a\\u0000b","type":"general"}', 'title'],
      ['{"title":"a\\ud800b","type":"general"}', 'title'],
      ['{"ti\\u0000tle":"x","type":"general"}', 'ti\u0000tle'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v3/mission', headers: { cookie: owner, 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(fieldsOf(res.body).map((f) => f.path)).toEqual([path]);
    }
  });

  it('refuses an id past int4 with 400 naming it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v3/bundle/delete-campaign', headers: { cookie: owner }, payload: { bundleId: 2147483648 } });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body).map((f) => f.path)).toEqual(['bundleId']);
  });

  it('holds money reward titles and descriptions to the spec (80/200)', async () => {
    const c = await factories(t.database.db).campaign(t.brandIds.owner);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reward/write/save-reward',
      headers: { cookie: owner },
      payload: { bundleId: c.id, type: 'money', title: 'x'.repeat(81), description: 'y'.repeat(201) },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body).map((f) => f.path).sort()).toEqual(['description', 'title']);
  });

  it('names the field of a wrong type in a status change, not the root', async () => {
    const c = await factories(t.database.db).campaign(t.brandIds.owner);
    const res = await t.app.inject({ method: 'PUT', url: `/api/campaign/${c.id}/status`, headers: { cookie: owner }, payload: { action: 'launch', bundleId: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body).map((f) => f.path)).toEqual(['bundleId']);
  });

  it('says a __proto__ key is reserved instead of calling valid JSON invalid', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/mission',
      headers: { cookie: owner, 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1},"title":"a"}',
    });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error).toMatchObject({ message: 'The request body uses a reserved key', fields: [{ path: '__proto__' }] });
  });

  it('answers a path that is not valid UTF-8 with 400 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v3/bundle/%ED%A0%80/form-data', headers: { cookie: owner } });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body).map((f) => f.path)).toEqual(['url']);
  });
});

describe('auth and cross-site requests', () => {
  it('offers no sign-up and none of the auth routes the product does not use', async () => {
    for (const url of ['/api/auth/sign-up/email', '/api/auth/forget-password', '/api/auth/organization/create', '/api/auth/list-sessions']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { email: 'new@x.test', password: 'password123', name: 'New' } });
      expect(res.statusCode, url).toBe(404);
    }
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: owner } });
    expect(session.statusCode).toBe(200);
  });

  it('runs the duplicating GET only for the app: not for another site, not for a bare link', async () => {
    const m = await factories(t.database.db).mission(t.brandIds.owner, { title: 'Original' });
    const url = `/api/v3/mission/${m.id}/duplicate`;
    const crossSite = await t.app.inject({ method: 'GET', url, headers: { cookie: owner, 'sec-fetch-site': 'cross-site', [APP_REQUEST_HEADER]: '1' } });
    expect(crossSite.statusCode).toBe(403);
    const bareLink = await t.app.inject({ method: 'GET', url, headers: { cookie: owner, 'sec-fetch-site': 'same-site' } });
    expect(bareLink.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({ method: 'GET', url, headers: { cookie: owner, 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.statusCode).toBe(200);
    const fromApp = await t.app.inject({ method: 'GET', url, headers: { cookie: owner, [APP_REQUEST_HEADER]: '1' } });
    expect(fromApp.statusCode).toBe(200);
  });
});
