import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBody, ZMe } from '@rally/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SIGN_IN_RATE_LIMIT: '5', SIGN_IN_RATE_WINDOW_MS: '60000' } });
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('signs in with email and password and sets an httpOnly SameSite=Lax session cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'owner@brand.test', password: 'demo1234' },
      remoteAddress: '10.0.0.1',
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeFalsy();
  });

  it('rejects a wrong password with 401 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'owner@brand.test', password: 'wrong-password' },
      remoteAddress: '10.0.0.2',
    });
    expect(res.statusCode).toBe(401);
    const body = ZErrorBody.parse(res.json());
    expect(body.error.message).toMatch(/invalid/i);
  });

  it('names the invalid field when the email is malformed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'not-an-email', password: 'x' },
      remoteAddress: '10.0.0.3',
    });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields.map((f) => f.path)).toContain('email');
  });

  it('rate limits sign-in per IP with 429 and Retry-After', async () => {
    // A different email each time, so the per-account limit (sign-in-throttle.test.ts) plays no part.
    let n = 0;
    const attempt = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: `someone-${(n += 1)}@brand.test`, password: 'wrong-password' },
        remoteAddress: ip,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt('10.9.9.9')).statusCode);
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    const limited = await attempt('10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(ZErrorBody.parse(limited.json()).error.code).toBe('RATE_LIMITED');
    // Another address is not affected.
    expect((await attempt('10.9.9.10')).statusCode).toBe(401);
  });
});

describe('/api/me and sign-out', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(ZErrorBody.parse(res.json()).error.code).toBe('UNAUTHENTICATED');
  });

  it('returns the user, current brand and its permissions', async () => {
    const cookie = await t.signIn('owner@brand.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const me = ZMe.parse(res.json());
    expect(me.user.email).toBe('owner@brand.test');
    expect(me.brand).toMatchObject({ name: 'Brightside Beverages', isRetailer: false, consumerEnabled: true, paymentPlan: 'prepaid' });
    expect(me.permissions).toContain('campaign:launch');
    expect(me.brands).toHaveLength(2);
  });

  it('refuses a session cookie whose signature was altered, even while the genuine one is in use', async () => {
    const cookie = await t.signIn('owner@brand.test');
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const [name, value] = cookie.split('=', 2) as [string, string];
    const signed = decodeURIComponent(value);
    const token = signed.slice(0, signed.lastIndexOf('.'));
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32, 7).toString('base64')}`)}`;
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: forged } });
    expect(res.statusCode).toBe(401);
  });

  it('reports a retailer brand for the retailer', async () => {
    const cookie = await t.signIn('retailer@retail.test');
    const me = ZMe.parse((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json());
    expect(me.brand.isRetailer).toBe(true);
  });

  it('switches brand and reports the role and permissions of the new brand', async () => {
    const cookie = await t.signIn('owner@brand.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/brand',
      headers: { cookie },
      payload: { brandId: t.brandIds.outlet },
    });
    expect(res.statusCode).toBe(200);
    const me = ZMe.parse(res.json());
    expect(me.brand.id).toBe(t.brandIds.outlet);
    expect(me.role).toBe('campaign_manager');
    expect(me.permissions).toContain('campaign:launch');
    expect(me.permissions).not.toContain('billing:manage');
    const again = ZMe.parse((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json());
    expect(again.brand.id).toBe(t.brandIds.outlet);
  });

  it('refuses to switch to a brand the user does not belong to', async () => {
    const cookie = await t.signIn('owner@brand.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/brand',
      headers: { cookie },
      payload: { brandId: t.brandIds.retailer },
    });
    expect(res.statusCode).toBe(404);
  });

  it('signs out and the session no longer works', async () => {
    const cookie = await t.signIn('partner@partner.test');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie }, payload: {} });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('refuses a cross-site write even with a valid session', async () => {
    const cookie = await t.signIn('owner@brand.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/campaign/create-draft',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { type: 'general' },
    });
    expect(res.statusCode).toBe(403);
  });
});
