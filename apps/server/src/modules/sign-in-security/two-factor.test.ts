import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { ZErrorBody, ZTwoFactorSetup, ZTwoFactorStatus } from '@rally/domain';
import { brandActivity, twoFactors, users } from '../../db/schema/index.js';
import { insertMember, insertPasswordUser } from '../../seed/demo-accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { totpFromUri } from '../../testing/totp.js';

let t: TestApp;
let ip = 0;
// Each call from its own address: the per-IP limiter is not what these tests are about (except where they say so).
const nextIp = () => `10.28.${Math.floor((ip += 1) / 250)}.${ip % 250}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The Cookie header after a response: its cookies replace those of the same name, expired ones go. */
function withCookies(cookie: string, res: LightMyRequestResponse): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)] as const),
  );
  for (const c of res.cookies) {
    if (c.maxAge === 0 || c.value === '') jar.delete(c.name);
    else jar.set(c.name, c.value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

const PASSWORD = 'correct horse 42';
let users_ = 0;
async function newMember(role: 'owner' | 'campaign_manager' = 'campaign_manager') {
  users_ += 1;
  const email = `two-factor-${users_}@brand.test`;
  const userId = await insertPasswordUser(t.database.db, email, `Two Factor ${users_}`, PASSWORD);
  await insertMember(t.database.db, t.brandIds.owner, userId, role);
  return { email, userId };
}

const post = (url: string, cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {}, remoteAddress: nextIp() });
const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: nextIp() });

/** Signs in and turns two-factor on; the session cookie after it and the setup (URI, backup codes). */
async function memberWithTwoFactor(role: 'owner' | 'campaign_manager' = 'campaign_manager') {
  const m = await newMember(role);
  let cookie = await t.signIn(m.email, PASSWORD);
  const enable = await post('/api/account/two-factor/enable', cookie, { password: PASSWORD });
  expect(enable.statusCode).toBe(200);
  const setup = ZTwoFactorSetup.parse(enable.json());
  const confirm = await post('/api/account/two-factor/confirm', cookie, { code: totpFromUri(setup.totpURI) });
  expect(confirm.statusCode).toBe(200);
  cookie = withCookies(cookie, confirm);
  return { ...m, cookie, setup };
}

/** The password step of a two-factor account: no session yet, a challenge cookie. */
async function passwordStep(email: string) {
  const res = await post('/api/auth/sign-in/email', undefined, { email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  expect(res.cookies.some((c) => c.name.endsWith('session_token') && c.value !== '')).toBe(false);
  return withCookies('', res);
}

describe('turning two-factor on and off', () => {
  it('turns on only after a first code from the app confirms the secret; the setup shows an otpauth URI and backup codes', async () => {
    const m = await newMember();
    let cookie = await t.signIn(m.email, PASSWORD);
    expect(ZTwoFactorStatus.parse((await get('/api/account/two-factor', cookie)).json())).toMatchObject({
      enabled: false,
      hasPassword: true,
    });

    const enable = await post('/api/account/two-factor/enable', cookie, { password: PASSWORD });
    const setup = ZTwoFactorSetup.parse(enable.json());
    expect(setup.totpURI).toMatch(/^otpauth:\/\/totp\/Rally:/);
    expect(setup.secret).toBe(new URL(setup.totpURI).searchParams.get('secret'));
    expect(setup.backupCodes.length).toBeGreaterThanOrEqual(8);
    // Not on yet: signing in still takes the password only.
    expect((await get('/api/account/two-factor', cookie)).json()).toMatchObject({ enabled: false });

    const wrong = await post('/api/account/two-factor/confirm', cookie, {
      code: '000000' === totpFromUri(setup.totpURI) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(ZErrorBody.parse(wrong.json()).error.fields).toEqual([{ path: 'code', message: 'wrong or expired code' }]);

    const confirm = await post('/api/account/two-factor/confirm', cookie, { code: totpFromUri(setup.totpURI) });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ enabled: true });
    cookie = withCookies(cookie, confirm);
    expect((await get('/api/account/two-factor', cookie)).json()).toMatchObject({ enabled: true });
    const [row] = await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, m.userId));
    // better-auth keeps the secret encrypted: the base32 secret the app got is not in the table.
    expect(row?.secret).not.toContain(setup.secret);
  });

  it('refuses to start with a wrong password, naming the field', async () => {
    const m = await newMember();
    const cookie = await t.signIn(m.email, PASSWORD);
    const res = await post('/api/account/two-factor/enable', cookie, { password: 'not my password' });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields.map((f) => f.path)).toEqual(['password']);
  });

  it('turns off only with the password and a code; either one wrong is refused naming it', async () => {
    const m = await memberWithTwoFactor();
    const code = totpFromUri(m.setup.totpURI);
    const noCode = await post('/api/account/two-factor/disable', m.cookie, { password: PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(ZErrorBody.parse(noCode.json()).error.fields.map((f) => f.path)).toEqual(['code']);
    const wrongCode = await post('/api/account/two-factor/disable', m.cookie, {
      password: PASSWORD,
      code: code === '123456' ? '654321' : '123456',
    });
    expect(ZErrorBody.parse(wrongCode.json()).error.fields.map((f) => f.path)).toEqual(['code']);
    const wrongPassword = await post('/api/account/two-factor/disable', m.cookie, { password: 'nope nope', code });
    expect(wrongPassword.statusCode).toBe(400);
    expect(ZErrorBody.parse(wrongPassword.json()).error.fields.map((f) => f.path)).toEqual(['password']);

    const off = await post('/api/account/two-factor/disable', m.cookie, { password: PASSWORD, code });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    const [u] = await t.database.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, m.userId));
    expect(u?.on).toBe(false);
    // Signing in takes the password only again.
    await t.signIn(m.email, PASSWORD);
  });
});

describe('signing in with two-factor', () => {
  it('asks for a second step after the password and signs in with a code from the app', async () => {
    const m = await memberWithTwoFactor();
    const challenge = await passwordStep(m.email);
    // No session yet.
    expect((await get('/api/me', challenge)).statusCode).toBe(401);
    const res = await post('/api/auth/two-factor/verify', challenge, { code: totpFromUri(m.setup.totpURI) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: m.email } });
    const session = withCookies(challenge, res);
    expect((await get('/api/me', session)).statusCode).toBe(200);
  });

  it('signs in with a backup code, once only', async () => {
    const m = await memberWithTwoFactor();
    const backup = m.setup.backupCodes[0]!;
    const first = await post('/api/auth/two-factor/verify', await passwordStep(m.email), {
      code: backup,
      backupCode: true,
    });
    expect(first.statusCode).toBe(200);
    const again = await post('/api/auth/two-factor/verify', await passwordStep(m.email), {
      code: backup,
      backupCode: true,
    });
    expect(again.statusCode).toBe(401);
    expect(ZErrorBody.parse(again.json()).error.fields.map((f) => f.path)).toEqual(['code']);
  });

  it('refuses a wrong code with 401 naming the field, and a second step without the password step', async () => {
    const m = await memberWithTwoFactor();
    const challenge = await passwordStep(m.email);
    const good = totpFromUri(m.setup.totpURI);
    const wrong = await post('/api/auth/two-factor/verify', challenge, {
      code: good === '999999' ? '999998' : '999999',
    });
    expect(wrong.statusCode).toBe(401);
    expect(ZErrorBody.parse(wrong.json()).error).toMatchObject({
      code: 'AUTH_FAILED',
      fields: [{ path: 'code', message: 'wrong or expired code' }],
    });

    const none = await post('/api/auth/two-factor/verify', undefined, { code: good });
    expect(none.statusCode).toBe(401);
    expect(ZErrorBody.parse(none.json()).error.code).toBe('UNAUTHENTICATED');
    const malformed = await post('/api/auth/two-factor/verify', challenge, { code: '12' });
    expect(malformed.statusCode).toBe(400);
    expect(ZErrorBody.parse(malformed.json()).error.fields.map((f) => f.path)).toEqual(['code']);
  });

  it('throttles guesses per account like sign-in: 429 with Retry-After after 5, across fresh challenges, and the right code then waits too', async () => {
    const m = await memberWithTwoFactor();
    const good = totpFromUri(m.setup.totpURI);
    const bad = good === '000001' ? '000002' : '000001';
    const statuses: number[] = [];
    // A new password step every 2 guesses, so better-auth's per-challenge limit (5) is not what stops them.
    let challenge = '';
    for (let i = 0; i < 6; i++) {
      if (i % 2 === 0) challenge = await passwordStep(m.email);
      statuses.push((await post('/api/auth/two-factor/verify', challenge, { code: bad })).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const blocked = await post('/api/auth/two-factor/verify', await passwordStep(m.email), { code: good });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(ZErrorBody.parse(blocked.json()).error).toMatchObject({ code: 'RATE_LIMITED', fields: [{ path: 'code' }] });
  });
});

describe('a brand that requires two-factor', () => {
  it('refuses its members without two-factor with 403 TWO_FACTOR_REQUIRED on brand routes, keeps the account routes open, and lets them in once they turn it on', async () => {
    const owner = await memberWithTwoFactor('owner');
    const member = await newMember();
    let memberCookie = await t.signIn(member.email, PASSWORD);
    expect((await get('/api/campaign/status-summary', memberCookie)).statusCode).toBe(200);

    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/brand/sign-in-security/two-factor',
      payload: { requireTwoFactor: true },
      headers: { cookie: owner.cookie },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ requireTwoFactor: true });

    const refused = await get('/api/campaign/status-summary', memberCookie);
    expect(refused.statusCode).toBe(403);
    expect(ZErrorBody.parse(refused.json()).error.code).toBe('TWO_FACTOR_REQUIRED');
    const status = ZTwoFactorStatus.parse((await get('/api/account/two-factor', memberCookie)).json());
    expect(status.requiredBy.map((b) => b.id)).toContain(t.brandIds.owner);

    const setup = ZTwoFactorSetup.parse(
      (await post('/api/account/two-factor/enable', memberCookie, { password: PASSWORD })).json(),
    );
    const confirm = await post('/api/account/two-factor/confirm', memberCookie, { code: totpFromUri(setup.totpURI) });
    memberCookie = withCookies(memberCookie, confirm);
    expect((await get('/api/campaign/status-summary', memberCookie)).statusCode).toBe(200);
    // The owner with two-factor was never refused.
    expect((await get('/api/campaign/status-summary', owner.cookie)).statusCode).toBe(200);

    const log = await t.database.db
      .select()
      .from(brandActivity)
      .where(eq(brandActivity.action, 'brand.two_factor_requirement_changed'));
    expect(log.at(-1)?.changes).toEqual([{ field: 'requireTwoFactor', old: false, new: true }]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/brand/sign-in-security/two-factor',
      payload: { requireTwoFactor: false },
      headers: { cookie: owner.cookie },
    });
  });

  it('is set by an owner who has two-factor on, never by an owner without it or another role', async () => {
    const owner = await newMember('owner');
    const ownerCookie = await t.signIn(owner.email, PASSWORD);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/brand/sign-in-security/two-factor',
      payload: { requireTwoFactor: true },
      headers: { cookie: ownerCookie },
    });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields.map((f) => f.path)).toEqual(['requireTwoFactor']);
    const manager = await memberWithTwoFactor('campaign_manager');
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/api/brand/sign-in-security/two-factor',
      payload: { requireTwoFactor: true },
      headers: { cookie: manager.cookie },
    });
    expect(denied.statusCode).toBe(403);
    expect(ZErrorBody.parse(denied.json()).error.code).toBe('FORBIDDEN');
  });
});
