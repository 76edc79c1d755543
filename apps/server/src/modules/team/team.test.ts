import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { BRAND_CREATIONS_PER_DAY, type TMemberRole } from '@rally/domain';
import { brandActivity, invitations, payments } from '../../db/schema/index.js';
import { insertMember, insertPasswordUser } from '../../seed/demo-accounts.js';
import { factories } from '../../testing/factories.js';
import { multipartBody } from '../../testing/multipart.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let mail: SmtpCapture;
let owner: string;
let doorCalls = 0;

beforeAll(async () => {
  mail = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: mail.url } });
  owner = await t.signIn('owner@brand.test');
}, 60_000);
afterAll(async () => {
  await t.close();
  await mail.close();
});

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload ? { payload } : {}),
    // The accept doors are limited per address; each call here comes from its own.
    remoteAddress: `127.9.${Math.floor(++doorCalls / 250)}.${doorCalls % 250}`,
  });
const get = (url: string, cookie?: string) => inject('GET', url, cookie);
const post = (url: string, cookie: string | undefined, payload: object = {}) => inject('POST', url, cookie, payload);

const unique = () => randomBytes(4).toString('hex');

/** A person with an account (and the given memberships), signed in. */
async function person(memberships: [string, TMemberRole][] = [], name = 'Pat Person') {
  const email = `p-${unique()}@team.test`;
  const userId = await insertPasswordUser(t.database.db, email, name, 'pat-password-1');
  for (const [brandId, role] of memberships) await insertMember(t.database.db, brandId, userId, role);
  return { email, userId, cookie: await t.signIn(email, 'pat-password-1') };
}

/** A brand of its own with an owner, so tests do not share a team. */
async function brandWithOwner() {
  const p = await person();
  const res = await post('/api/brands', p.cookie, {
    name: `Team ${unique()}`,
    country: 'FR',
    currency: 'EUR',
    timeZone: 'Europe/Paris',
    paymentPlan: 'prepaid',
    kind: 'brand',
  });
  expect(res.statusCode).toBe(201);
  return { ...p, brandId: res.json<{ id: string }>().id };
}

async function invite(cookie: string, email: string, role: TMemberRole) {
  const res = await post('/api/team/invitations', cookie, { email, role });
  expect(res.statusCode, res.body).toBe(201);
  const link = await linkFor(email.toLowerCase());
  return { invitation: res.json<{ id: string; status: string }>(), link, token: link.split('/invitations/')[1]! };
}

/** The link of the newest invitation mail to an address (read from the mail received over SMTP). */
async function linkFor(email: string, after = 0): Promise<string> {
  const received = await mail.waitFor(
    (m) => m.to.includes(email) && mail.messages.filter((x) => x.to.includes(email)).length > after,
  );
  const all = mail.messages.filter((m) => m.to.includes(email));
  const last = all.at(-1) ?? received;
  const match = /(http:\/\/localhost:3000\/invitations\/[A-Za-z0-9_-]{43})/.exec(last.text);
  expect(match, last.text).not.toBeNull();
  return match![1]!;
}

const activity = (brandId: string, action: string) =>
  t.database.db
    .select()
    .from(brandActivity)
    .where(and(eq(brandActivity.brandId, brandId), eq(brandActivity.action, action)));

const membersOf = async (cookie: string) =>
  (await get('/api/team/members', cookie)).json<{
    items: { id: string; email: string; role: string; userId: string }[];
  }>().items;

describe('creating a brand', () => {
  it('sends a signed-in person without a brand a 403 NO_BRAND, then makes them owner of the brand they create, as the current brand', async () => {
    const p = await person();
    const before = await get('/api/me', p.cookie);
    expect(before.statusCode).toBe(403);
    expect(before.json().error.code).toBe('NO_BRAND');

    const res = await post('/api/brands', p.cookie, {
      name: '  Café Nova ',
      country: 'fr',
      currency: 'EUR',
      timeZone: 'Europe/Paris',
      paymentPlan: 'postpaid',
      kind: 'retailer',
    });
    expect(res.statusCode, res.body).toBe(201);
    const brand = res.json();
    expect(brand).toMatchObject({
      name: 'Café Nova',
      country: 'FR',
      currency: 'EUR',
      timeZone: 'Europe/Paris',
      paymentPlan: 'postpaid',
      kind: 'retailer',
      logoUrl: null,
    });
    expect(brand.slug).toMatch(/^cafe-nova-[0-9a-f]{8}$/);

    const me = await get('/api/me', p.cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      brand: { id: brand.id, isRetailer: true, paymentPlan: 'postpaid', currency: 'EUR' },
      role: 'owner',
    });
    const [logged] = await activity(brand.id, 'brand.created');
    expect(logged).toMatchObject({ actorId: p.userId, subjectId: brand.id });
    expect(logged!.changes).toContainEqual({ field: 'timeZone', old: null, new: 'Europe/Paris' });
  });

  it('a member of a brand may create another, which becomes current', async () => {
    const p = await person([[t.brandIds.partner, 'analyst']]);
    const res = await post('/api/brands', p.cookie, {
      name: 'Second shop',
      country: 'US',
      currency: 'USD',
      timeZone: 'America/New_York',
      paymentPlan: 'prepaid',
      kind: 'brand',
    });
    expect(res.statusCode).toBe(201);
    const me = (await get('/api/me', p.cookie)).json();
    expect(me.brand.id).toBe(res.json().id);
    expect(me.brands).toHaveLength(2);
  });

  it('refuses an unknown country, currency, time zone, plan and kind, naming each field', async () => {
    const p = await person();
    const res = await post('/api/brands', p.cookie, {
      name: 'X',
      country: 'XX',
      currency: 'BTC',
      timeZone: 'Mars/Olympus',
      paymentPlan: 'weekly',
      kind: 'store',
    });
    expect(res.statusCode).toBe(400);
    const paths = res
      .json()
      .error.fields.map((f: { path: string }) => f.path)
      .sort();
    expect(paths).toEqual(['country', 'currency', 'kind', 'name', 'paymentPlan', 'timeZone']);
  });

  it('refuses a signed-out caller with 401', async () => {
    const res = await post('/api/brands', undefined, {
      name: 'Nobody',
      country: 'US',
      currency: 'USD',
      timeZone: 'UTC',
      paymentPlan: 'prepaid',
      kind: 'brand',
    });
    expect(res.statusCode).toBe(401);
  });

  it(`lets one person create ${BRAND_CREATIONS_PER_DAY} brands a day, then answers 429 with Retry-After, even when asked at once`, async () => {
    const p = await person();
    const body = (i: number) => ({
      name: `Burst ${i}`,
      country: 'GB',
      currency: 'GBP',
      timeZone: 'Europe/London',
      paymentPlan: 'prepaid',
      kind: 'brand',
    });
    const answers = await Promise.all(
      Array.from({ length: BRAND_CREATIONS_PER_DAY + 3 }, (_, i) => post('/api/brands', p.cookie, body(i))),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(BRAND_CREATIONS_PER_DAY);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(3);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    const [count] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from brands where created_by = ${p.userId}`,
    );
    expect(count!.n).toBe(BRAND_CREATIONS_PER_DAY);
  });

  it("checks a logo by its content: a script named .png is refused naming the file; a real image becomes the brand's logo", async () => {
    const b = await brandWithOwner();
    const fake = multipartBody({
      name: 'logo.png',
      type: 'image/png',
      bytes: Buffer.from('<script>alert(1)</script>'),
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/brands/current/logo',
      headers: { cookie: b.cookie, 'content-type': fake.contentType },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields[0].path).toBe('file');

    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#1c7ed6' } })
      .png()
      .toBuffer();
    const real = multipartBody({ name: 'logo.png', type: 'image/png', bytes: png });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/brands/current/logo',
      headers: { cookie: b.cookie, 'content-type': real.contentType },
      payload: real.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const logoUrl = res.json().logoUrl as string;
    expect(logoUrl).toMatch(/^\/api\/media\/file\/[0-9a-f-]{36}$/);
    const file = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(512);
    expect((await get('/api/me', b.cookie)).json().brand.logoUrl).toBe(logoUrl);
    expect(await activity(b.brandId, 'brand.updated')).toHaveLength(1);
  });
});

describe('the guided start', () => {
  it("starts with nothing ticked and ticks each step from the brand's real data", async () => {
    const b = await brandWithOwner();
    const first = await get('/api/brands/current/guided-start', b.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      steps: [
        { key: 'campaign', done: false, count: 0 },
        { key: 'stores', done: false, count: 0, staff: 0 },
        { key: 'money', done: false, count: 0 },
      ],
      walletBalance: 0,
      complete: false,
    });
    const f = factories(t.database.db);
    await f.campaign(b.brandId);
    const store = await f.store(b.brandId);
    await f.storeUser(b.brandId, store.id);
    await t.database.db
      .insert(payments)
      .values({
        id: `pay_${unique()}`,
        brandId: b.brandId,
        provider: 'sandbox',
        amountCents: 5000,
        currency: 'EUR',
        status: 'succeeded',
      });
    const after = (await get('/api/brands/current/guided-start', b.cookie)).json();
    expect(after.steps).toEqual([
      { key: 'campaign', done: true, count: 1 },
      { key: 'stores', done: true, count: 1, staff: 1 },
      { key: 'money', done: true, count: 1 },
    ]);
    expect(after.complete).toBe(true);
  });
});

describe('invitations', () => {
  it("invites by email; the mail's link lets a person without an account create one, verified, and join with the role", async () => {
    const b = await brandWithOwner();
    const email = `new-${unique()}@team.test`;
    const { invitation, link, token } = await invite(b.cookie, email, 'campaign_manager');
    expect(invitation).toMatchObject({ email, role: 'campaign_manager', status: 'pending' });
    const stored = await t.database.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    // Only the token's hash is kept.
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(link.startsWith('http://localhost:3000/invitations/')).toBe(true);

    const preview = await get(`/api/team/invitations/by-token/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      email,
      role: 'campaign_manager',
      hasAccount: false,
      invitedBy: 'Pat Person',
      signedInAs: null,
    });

    const accepted = await post(`/api/team/invitations/by-token/${token}/accept-new`, undefined, {
      name: 'Casey Maker',
      password: 'casey-password',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ brandId: b.brandId, role: 'campaign_manager' });
    const [user] = await t.database.rows<{ email_verified: boolean }>(
      sql`select email_verified from users where email = ${email}`,
    );
    expect(user!.email_verified).toBe(true);

    const casey = await t.signIn(email, 'casey-password');
    const me = (await get('/api/me', casey)).json();
    expect(me).toMatchObject({ brand: { id: b.brandId }, role: 'campaign_manager', user: { name: 'Casey Maker' } });
    const list = (await get('/api/team/invitations', b.cookie)).json().items;
    expect(list.find((i: { id: string }) => i.id === invitation.id).status).toBe('accepted');
    expect(await activity(b.brandId, 'member.invited')).toHaveLength(1);
    const [joined] = await activity(b.brandId, 'member.joined');
    expect(joined!.changes).toEqual([{ field: 'role', old: null, new: 'campaign_manager' }]);
  });

  it('a link works once: used again it answers 410 LINK_EXPIRED', async () => {
    const b = await brandWithOwner();
    const email = `once-${unique()}@team.test`;
    const { token } = await invite(b.cookie, email, 'analyst');
    expect(
      (
        await post(`/api/team/invitations/by-token/${token}/accept-new`, undefined, {
          name: 'Once',
          password: 'once-password',
        })
      ).statusCode,
    ).toBe(201);
    const again = await post(`/api/team/invitations/by-token/${token}/accept-new`, undefined, {
      name: 'Twice',
      password: 'twice-password',
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('LINK_EXPIRED');
    expect((await get(`/api/team/invitations/by-token/${token}`)).statusCode).toBe(410);
  });

  it('an expired link is refused (410) and the list shows the invitation expired; resending sends a new link that works and stops the old one', async () => {
    const b = await brandWithOwner();
    const email = `late-${unique()}@team.test`;
    const { invitation, token } = await invite(b.cookie, email, 'finance');
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, invitation.id));
    expect((await get(`/api/team/invitations/by-token/${token}`)).statusCode).toBe(410);
    expect(
      (
        await post(`/api/team/invitations/by-token/${token}/accept-new`, undefined, {
          name: 'Late',
          password: 'late-password',
        })
      ).statusCode,
    ).toBe(410);
    const listed = (await get('/api/team/invitations', b.cookie)).json().items;
    expect(listed.find((i: { id: string }) => i.id === invitation.id).status).toBe('expired');

    const resent = await post(`/api/team/invitations/${invitation.id}/resend`, b.cookie);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().status).toBe('pending');
    const newLink = await linkFor(email, 1);
    const newToken = newLink.split('/invitations/')[1]!;
    expect(newToken).not.toBe(token);
    expect((await get(`/api/team/invitations/by-token/${token}`)).statusCode).toBe(404);
    expect(
      (
        await post(`/api/team/invitations/by-token/${newToken}/accept-new`, undefined, {
          name: 'Late',
          password: 'late-password',
        })
      ).statusCode,
    ).toBe(201);
  });

  it("a revoked invitation's link stops working; the revocation is logged", async () => {
    const b = await brandWithOwner();
    const email = `rev-${unique()}@team.test`;
    const { invitation, token } = await invite(b.cookie, email, 'analyst');
    const revoked = await post(`/api/team/invitations/${invitation.id}/revoke`, b.cookie);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().status).toBe('revoked');
    expect((await get(`/api/team/invitations/by-token/${token}`)).statusCode).toBe(404);
    expect((await post(`/api/team/invitations/${invitation.id}/revoke`, b.cookie)).statusCode).toBe(409);
    expect(await activity(b.brandId, 'invitation.revoked')).toHaveLength(1);
  });

  it('tells the inviter only "invited", whether or not the address has an account', async () => {
    const b = await brandWithOwner();
    const existing = await person();
    const fresh = `fresh-${unique()}@team.test`;
    const a = await post('/api/team/invitations', b.cookie, { email: existing.email, role: 'analyst' });
    const c = await post('/api/team/invitations', b.cookie, { email: fresh, role: 'analyst' });
    expect([a.statusCode, c.statusCode]).toEqual([201, 201]);
    const shape = (r: typeof a) => {
      const { id: _id, email: _email, createdAt: _c, expiresAt: _e, ...rest } = r.json();
      return rest;
    };
    expect(shape(a)).toEqual(shape(c));
    expect(Object.keys(a.json()).sort()).toEqual(Object.keys(c.json()).sort());
  });

  it('an address with an account signs in to accept: creating one answers 409, another signed-in address 403, the invited one joins', async () => {
    const b = await brandWithOwner();
    const invitee = await person();
    const other = await person();
    const { token } = await invite(b.cookie, invitee.email.toUpperCase(), 'admin');
    expect((await get(`/api/team/invitations/by-token/${token}`)).json().hasAccount).toBe(true);
    // The page knows whom a signed-in browser would join as.
    expect((await get(`/api/team/invitations/by-token/${token}`, other.cookie)).json().signedInAs).toBe(other.email);
    expect(
      (
        await post(`/api/team/invitations/by-token/${token}/accept-new`, undefined, {
          name: 'Hijack',
          password: 'hijack-password',
        })
      ).statusCode,
    ).toBe(409);
    expect((await post(`/api/team/invitations/by-token/${token}/accept`, undefined)).statusCode).toBe(401);
    expect((await post(`/api/team/invitations/by-token/${token}/accept`, other.cookie)).statusCode).toBe(403);
    const joined = await post(`/api/team/invitations/by-token/${token}/accept`, invitee.cookie);
    expect(joined.statusCode, joined.body).toBe(200);
    // The joined brand is the session's current one at once.
    expect((await get('/api/me', invitee.cookie)).json()).toMatchObject({ brand: { id: b.brandId }, role: 'admin' });
  });

  it('an admin cannot invite an owner, nor make a member owner (403)', async () => {
    const b = await brandWithOwner();
    const admin = await person([[b.brandId, 'admin']]);
    const analyst = await person([[b.brandId, 'analyst']]);
    expect(
      (await post('/api/team/invitations', admin.cookie, { email: `o-${unique()}@team.test`, role: 'owner' }))
        .statusCode,
    ).toBe(403);
    const target = (await membersOf(b.cookie)).find((m) => m.userId === analyst.userId)!;
    expect((await post(`/api/team/members/${target.id}/role`, admin.cookie, { role: 'owner' })).statusCode).toBe(403);
    const ownerRow = (await membersOf(b.cookie)).find((m) => m.userId === b.userId)!;
    expect((await post(`/api/team/members/${ownerRow.id}/role`, admin.cookie, { role: 'analyst' })).statusCode).toBe(
      403,
    );
    expect((await inject('DELETE', `/api/team/members/${ownerRow.id}`, admin.cookie)).statusCode).toBe(403);
    // What an admin may do: invite and change the other roles.
    expect(
      (await post('/api/team/invitations', admin.cookie, { email: `a-${unique()}@team.test`, role: 'admin' }))
        .statusCode,
    ).toBe(201);
    expect((await post(`/api/team/members/${target.id}/role`, admin.cookie, { role: 'finance' })).statusCode).toBe(200);
  });

  it('names the field of a bad invitation: email and role', async () => {
    const res = await post('/api/team/invitations', owner, { email: 'not-an-email', role: 'boss' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['email', 'role']);
    const member = await post('/api/team/invitations', owner, { email: 'OWNER@brand.test', role: 'analyst' });
    expect(member.statusCode).toBe(409);
    expect(member.json().error.fields[0].path).toBe('email');
  });
});

describe('members', () => {
  it('roles other than owner and admin get 403 on every team:manage route, and may read the team', async () => {
    const b = await brandWithOwner();
    const { invitation } = await invite(b.cookie, `x-${unique()}@team.test`, 'analyst');
    const victim = await person([[b.brandId, 'analyst']]);
    const victimRow = (await membersOf(b.cookie)).find((m) => m.userId === victim.userId)!;
    for (const role of ['campaign_manager', 'analyst', 'finance'] as const) {
      const m = await person([[b.brandId, role]]);
      const answers = await Promise.all([
        post('/api/team/invitations', m.cookie, { email: `y-${unique()}@team.test`, role: 'analyst' }),
        post(`/api/team/invitations/${invitation.id}/resend`, m.cookie),
        post(`/api/team/invitations/${invitation.id}/revoke`, m.cookie),
        post(`/api/team/members/${victimRow.id}/role`, m.cookie, { role: 'finance' }),
        inject('DELETE', `/api/team/members/${victimRow.id}`, m.cookie),
      ]);
      expect(
        answers.map((a) => a.statusCode),
        role,
      ).toEqual([403, 403, 403, 403, 403]);
      expect((await get('/api/team/members', m.cookie)).statusCode).toBe(200);
      expect((await get('/api/team/invitations', m.cookie)).statusCode).toBe(200);
    }
    expect((await membersOf(b.cookie)).find((m) => m.userId === victim.userId)!.role).toBe('analyst');
  });

  it('never leaves a brand without an owner: the last owner cannot be removed, demoted or leave (409 LAST_OWNER)', async () => {
    const b = await brandWithOwner();
    const ownerRow = (await membersOf(b.cookie)).find((m) => m.userId === b.userId)!;
    const demote = await post(`/api/team/members/${ownerRow.id}/role`, b.cookie, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.code).toBe('LAST_OWNER');
    expect((await inject('DELETE', `/api/team/members/${ownerRow.id}`, b.cookie)).json().error.code).toBe('LAST_OWNER');
    expect((await post('/api/team/leave', b.cookie)).json().error.code).toBe('LAST_OWNER');

    // With a second owner, one of them may go.
    const second = await person([[b.brandId, 'owner']]);
    expect((await post('/api/team/leave', b.cookie)).statusCode).toBe(204);
    expect((await get('/api/me', b.cookie)).json().error.code).toBe('NO_BRAND');
    const secondRow = (await membersOf(second.cookie)).find((m) => m.userId === second.userId)!;
    expect((await inject('DELETE', `/api/team/members/${secondRow.id}`, second.cookie)).statusCode).toBe(409);
    const [left] = await activity(b.brandId, 'member.left');
    expect(left!.changes).toEqual([{ field: 'role', old: 'owner', new: null }]);
  });

  it('two owners removing each other at once leave one owner', async () => {
    const b = await brandWithOwner();
    const second = await person([[b.brandId, 'owner']]);
    const rows = await membersOf(b.cookie);
    const [a, c] = [rows.find((m) => m.userId === b.userId)!, rows.find((m) => m.userId === second.userId)!];
    const answers = await Promise.all([
      inject('DELETE', `/api/team/members/${c.id}`, b.cookie),
      inject('DELETE', `/api/team/members/${a.id}`, second.cookie),
    ]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([204, 409]);
    const [left] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from members where organization_id = ${b.brandId} and role = 'owner'`,
    );
    expect(left!.n).toBe(1);
  });

  it('a removed member gets 403 on their next call, though their session was cached', async () => {
    const b = await brandWithOwner();
    const m = await person([[b.brandId, 'campaign_manager']]);
    expect((await get('/api/me', m.cookie)).statusCode).toBe(200);
    expect((await get('/api/team/members', m.cookie)).statusCode).toBe(200);
    const row = (await membersOf(b.cookie)).find((x) => x.userId === m.userId)!;
    expect((await inject('DELETE', `/api/team/members/${row.id}`, b.cookie)).statusCode).toBe(204);
    const next = await get('/api/team/members', m.cookie);
    expect(next.statusCode).toBe(403);
    expect(next.json().error.code).toBe('NO_BRAND');
    const [removed] = await activity(b.brandId, 'member.removed');
    expect(removed).toMatchObject({ actorId: b.userId, subjectId: m.userId });
  });

  it("changes a member's role: logged old → new, in force on the member's next call", async () => {
    const b = await brandWithOwner();
    const m = await person([[b.brandId, 'analyst']]);
    expect((await get('/api/me', m.cookie)).json().role).toBe('analyst');
    const row = (await membersOf(b.cookie)).find((x) => x.userId === m.userId)!;
    const res = await post(`/api/team/members/${row.id}/role`, b.cookie, { role: 'finance' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'finance', email: m.email, isMe: false });
    expect((await get('/api/me', m.cookie)).json().role).toBe('finance');
    const [changed] = await activity(b.brandId, 'member.role_changed');
    expect(changed!.changes).toEqual([{ field: 'role', old: 'analyst', new: 'finance' }]);
  });

  it("lists members with name, email, role and joined, and refuses another brand's member (404)", async () => {
    const b = await brandWithOwner();
    const items = await membersOf(b.cookie);
    expect(items).toEqual([
      expect.objectContaining({
        email: b.email,
        role: 'owner',
        name: 'Pat Person',
        isMe: true,
        joinedAt: expect.any(Number),
      }),
    ]);
    const foreign = (await membersOf(owner))[0]!;
    expect((await post(`/api/team/members/${foreign.id}/role`, b.cookie, { role: 'analyst' })).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/team/members/${foreign.id}`, b.cookie)).statusCode).toBe(404);
  });
});

describe('an invitation when the mail server is down', () => {
  it('keeps the invitation and answers 201 (no 500); the list shows it pending, for Resend', async () => {
    // Port 1 on loopback: nothing listens, the SMTP connection is refused.
    const down = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const email = `o-${unique()}@team.test`;
      const userId = await insertPasswordUser(down.database.db, email, 'Odile Owner', 'odile-password-1');
      await insertMember(down.database.db, down.brandIds.owner, userId, 'owner');
      const cookie = await down.signIn(email, 'odile-password-1');
      const headers = { cookie, origin: 'http://localhost:3000' };
      const res = await down.app.inject({ method: 'POST', url: '/api/team/invitations', headers, payload: { email: 'late@team.test', role: 'analyst' } });
      expect(res.statusCode, res.body).toBe(201);
      const list = await down.app.inject({ method: 'GET', url: '/api/team/invitations', headers });
      expect((list.json() as { items: { email: string; status: string }[] }).items).toContainEqual(
        expect.objectContaining({ email: 'late@team.test', status: 'pending' }),
      );
    } finally {
      await down.close();
    }
  });
});
