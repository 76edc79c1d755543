import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ZBrandSignInSecurity, ZErrorBody, ZMe, ZSsoStart } from '@rally/domain';
import { accounts, brandActivity, brands, brandSsoProviders, members, users } from '../../db/schema/index.js';
import { insertMember, insertPasswordUser } from '../../seed/demo-accounts.js';
import { browseProvider, startOidcProvider, type TestOidcProvider } from '../../testing/oidc-provider.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

// A real OpenID Connect provider in the test process; Rally's callback at the test app's public URL.
const REDIRECT_URI = 'http://localhost:3000/api/auth/sso/callback';
let t: TestApp;
let idp: TestOidcProvider;
let owner: string;
let ip = 0;
const nextIp = () => `10.34.${Math.floor((ip += 1) / 250)}.${ip % 250}`;

const cookiesOf = (res: LightMyRequestResponse) =>
  res.cookies
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
const putOidc = (cookie: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/brand/sign-in-security/oidc',
    payload,
    headers: { cookie },
    remoteAddress: nextIp(),
  });

beforeAll(async () => {
  t = await createTestApp();
  idp = await startOidcProvider(REDIRECT_URI);
  owner = await t.signIn('owner@brand.test');
  const res = await putOidc(owner, {
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    domains: ['sso-corp.test', 'Corp-Two.test'],
    defaultRole: 'analyst',
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** Starts at Rally, goes through the provider's login and consent, and comes back to Rally's callback. */
async function signInWithSso(email: string, opts: { abort?: boolean } = {}) {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sso/start',
    payload: { email },
    remoteAddress: nextIp(),
  });
  expect(start.statusCode).toBe(200);
  const { url } = ZSsoStart.parse(start.json());
  const stateCookie = cookiesOf(start);
  const back = await browseProvider(url, REDIRECT_URI, email, opts);
  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: stateCookie },
    remoteAddress: nextIp(),
  });
  return { start, url: new URL(url), back, callback, stateCookie };
}

describe("configuring a brand's OpenID Connect", () => {
  it('checks the issuer, keeps the secret encrypted and never answers it, and shows the redirect URI to register', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/brand/sign-in-security', headers: { cookie: owner } });
    const body = ZBrandSignInSecurity.parse(res.json());
    expect(body).toEqual({
      requireTwoFactor: false,
      oidc: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecretSet: true,
        domains: ['corp-two.test', 'sso-corp.test'],
        defaultRole: 'analyst',
      },
      redirectUri: REDIRECT_URI,
    });
    expect(res.body).not.toContain(idp.clientSecret);
    const [row] = await t.database.db
      .select()
      .from(brandSsoProviders)
      .where(eq(brandSsoProviders.brandId, t.brandIds.owner));
    expect(row?.clientSecretEncrypted).toMatch(/^v1\./);
    expect(row?.clientSecretEncrypted).not.toContain(idp.clientSecret);
    const log = await t.database.db
      .select()
      .from(brandActivity)
      .where(and(eq(brandActivity.brandId, t.brandIds.owner), eq(brandActivity.action, 'brand.sso_configured')));
    expect(JSON.stringify(log)).not.toContain(idp.clientSecret);
    expect(log).toHaveLength(1);
  });

  it('refuses a domain another brand signs in with (409 naming domains), an issuer that is not one, http off this machine, and a missing secret', async () => {
    const other = await t.signIn('retailer@retail.test');
    const taken = await putOidc(other, {
      issuer: idp.issuer,
      clientId: 'x',
      clientSecret: 'y',
      domains: ['sso-corp.test'],
      defaultRole: 'analyst',
    });
    expect(taken.statusCode).toBe(409);
    expect(ZErrorBody.parse(taken.json()).error.fields).toEqual([
      { path: 'domains', message: 'already used by another brand: sso-corp.test' },
    ]);
    const notAnIssuer = await putOidc(other, {
      issuer: `${idp.issuer}/nothing-here`,
      clientId: 'x',
      clientSecret: 'y',
      domains: ['retail-sso.test'],
      defaultRole: 'analyst',
    });
    expect(notAnIssuer.statusCode).toBe(400);
    expect(ZErrorBody.parse(notAnIssuer.json()).error.fields.map((f) => f.path)).toEqual(['issuer']);
    const plainHttp = await putOidc(other, {
      issuer: 'http://idp.example.com',
      clientId: 'x',
      clientSecret: 'y',
      domains: ['retail-sso.test'],
      defaultRole: 'analyst',
    });
    expect(ZErrorBody.parse(plainHttp.json()).error.fields.map((f) => f.path)).toEqual(['issuer']);
    const noSecret = await putOidc(other, {
      issuer: idp.issuer,
      clientId: 'x',
      domains: ['retail-sso.test'],
      defaultRole: 'analyst',
    });
    expect(noSecret.statusCode).toBe(400);
    expect(ZErrorBody.parse(noSecret.json()).error.fields.map((f) => f.path)).toEqual(['clientSecret']);
    const ownerRole = await putOidc(other, {
      issuer: idp.issuer,
      clientId: 'x',
      clientSecret: 'y',
      domains: ['retail-sso.test'],
      defaultRole: 'owner',
    });
    expect(ZErrorBody.parse(ownerRole.json()).error.fields.map((f) => f.path)).toEqual(['defaultRole']);
  });

  it("is an owner's only: an admin of the brand gets 403", async () => {
    const adminId = await insertPasswordUser(t.database.db, 'admin-sso@brand.test', 'Ada Admin', 'admin-password-1');
    await insertMember(t.database.db, t.brandIds.owner, adminId, 'admin');
    const admin = await t.signIn('admin-sso@brand.test', 'admin-password-1');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/brand/sign-in-security', headers: { cookie: admin } }))
        .statusCode,
    ).toBe(403);
    const res = await putOidc(admin, {
      issuer: idp.issuer,
      clientId: 'x',
      clientSecret: 'y',
      domains: ['admin.test'],
      defaultRole: 'analyst',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("signing in through the brand's provider", () => {
  it('sends a user of the domain to the provider and back: a verified account, a session, and the brand with the default role', async () => {
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/lookup',
      payload: { email: 'ana@sso-corp.test' },
      remoteAddress: nextIp(),
    });
    expect(lookup.json()).toEqual({ sso: true });

    const { url, callback } = await signInWithSso('ana@sso-corp.test');
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/');

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookiesOf(callback) } });
    expect(me.statusCode).toBe(200);
    const body = ZMe.parse(me.json());
    expect(body.user.email).toBe('ana@sso-corp.test');
    expect(body.brand.id).toBe(t.brandIds.owner);
    expect(body.role).toBe('analyst');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'ana@sso-corp.test'));
    expect(user?.emailVerified).toBe(true);
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(account).toMatchObject({
      providerId: `sso:${t.brandIds.owner}`,
      accountId: 'ana@sso-corp.test',
      password: null,
    });
    const joined = await t.database.db
      .select()
      .from(brandActivity)
      .where(and(eq(brandActivity.action, 'member.joined_via_sso'), eq(brandActivity.actorId, user!.id)));
    expect(joined[0]?.changes).toEqual([{ field: 'role', old: null, new: 'analyst' }]);
  });

  it('signs the same person in again later without a second account or membership', async () => {
    await signInWithSso('bo@corp-two.test');
    const { callback } = await signInWithSso('bo@corp-two.test');
    expect(callback.headers.location).toBe('/');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'bo@corp-two.test'));
    expect(await t.database.db.select().from(members).where(eq(members.userId, user!.id))).toHaveLength(1);
    expect(await t.database.db.select().from(accounts).where(eq(accounts.userId, user!.id))).toHaveLength(1);
  });

  it("refuses a callback whose state is not this browser's, or was used already", async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/start',
      payload: { email: 'cy@sso-corp.test' },
      remoteAddress: nextIp(),
    });
    const { url } = ZSsoStart.parse(start.json());
    const back = await browseProvider(url, REDIRECT_URI, 'cy@sso-corp.test');
    const path = `${back.pathname}${back.search}`;
    // Another browser (no state cookie, or another one): the login-CSRF case.
    const noCookie = await t.app.inject({ method: 'GET', url: path, remoteAddress: nextIp() });
    expect(noCookie.headers.location).toBe('/sign-in?sso_error=invalid_state');
    const otherCookie = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { cookie: 'rally_sso_state=someone-elses' },
      remoteAddress: nextIp(),
    });
    expect(otherCookie.headers.location).toBe('/sign-in?sso_error=invalid_state');
    // A state changed in the address.
    const tampered = new URL(back);
    tampered.searchParams.set('state', 'forged');
    const forged = await t.app.inject({
      method: 'GET',
      url: `${tampered.pathname}${tampered.search}`,
      headers: { cookie: 'rally_sso_state=forged' },
      remoteAddress: nextIp(),
    });
    expect(forged.headers.location).toBe('/sign-in?sso_error=invalid_state');
    // The right browser once; then the same answer replayed.
    const first = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { cookie: cookiesOf(start) },
      remoteAddress: nextIp(),
    });
    expect(first.headers.location).toBe('/');
    const replay = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { cookie: cookiesOf(start) },
      remoteAddress: nextIp(),
    });
    expect(replay.headers.location).toBe('/sign-in?sso_error=invalid_state');
    for (const res of [noCookie, otherCookie, forged, replay])
      expect(res.cookies.some((c) => c.name.endsWith('session_token') && c.value !== '')).toBe(false);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'cy@sso-corp.test'))).toHaveLength(1);
  });

  it('tells an email whose domain has no SSO so, naming the field', async () => {
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/lookup',
      payload: { email: 'dee@elsewhere.test' },
      remoteAddress: nextIp(),
    });
    expect(lookup.json()).toEqual({ sso: false });
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/start',
      payload: { email: 'dee@elsewhere.test' },
      remoteAddress: nextIp(),
    });
    expect(start.statusCode).toBe(400);
    expect(ZErrorBody.parse(start.json()).error.fields).toEqual([
      { path: 'email', message: 'this email domain does not sign in with SSO' },
    ]);
  });

  it('lands on the sign-in page with provider_error when the provider refuses (the person cancels), without an account', async () => {
    const { back, callback } = await signInWithSso('eve@sso-corp.test', { abort: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(callback.headers.location).toBe('/sign-in?sso_error=provider_error');
    expect(callback.cookies.some((c) => c.name.endsWith('session_token') && c.value !== '')).toBe(false);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'eve@sso-corp.test'))).toHaveLength(0);
  });

  it('never takes over an existing account that is not a member of the brand', async () => {
    await insertPasswordUser(t.database.db, 'fay@sso-corp.test', 'Fay', 'fay-password-1');
    const { callback } = await signInWithSso('fay@sso-corp.test');
    expect(callback.headers.location).toBe('/sign-in?sso_error=account_exists');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'fay@sso-corp.test'));
    expect(await t.database.db.select().from(members).where(eq(members.userId, user!.id))).toHaveLength(0);
  });

  it("does not hold a member who signs in only through the provider to the brand's two-factor requirement; a password member is", async () => {
    const { callback } = await signInWithSso('hal@sso-corp.test');
    const sso = cookiesOf(callback);
    const passwordMember = await t.signIn('admin-sso@brand.test', 'admin-password-1');
    await t.database.db.update(brands).set({ requireTwoFactor: true }).where(eq(brands.id, t.brandIds.owner));
    t.app.caches.sessions.evictAll();
    try {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/campaign/status-summary', headers: { cookie: sso } }))
          .statusCode,
      ).toBe(200);
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/campaign/status-summary',
        headers: { cookie: passwordMember },
      });
      expect(refused.statusCode).toBe(403);
      expect(ZErrorBody.parse(refused.json()).error.code).toBe('TWO_FACTOR_REQUIRED');
    } finally {
      await t.database.db.update(brands).set({ requireTwoFactor: false }).where(eq(brands.id, t.brandIds.owner));
      t.app.caches.sessions.evictAll();
    }
  });

  it('refuses the id_token when the stored client secret is wrong (the provider will not redeem the code)', async () => {
    const wrong = await putOidc(owner, {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: 'not-the-secret',
      domains: ['sso-corp.test', 'corp-two.test'],
      defaultRole: 'analyst',
    });
    expect(wrong.statusCode).toBe(200);
    const { callback } = await signInWithSso('gus@sso-corp.test');
    expect(callback.headers.location).toBe('/sign-in?sso_error=invalid_token');
    await putOidc(owner, {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      domains: ['sso-corp.test', 'corp-two.test'],
      defaultRole: 'analyst',
    });
  });
});
