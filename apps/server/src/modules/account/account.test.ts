import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAccountProfile, ZAccountSessions, ZErrorBody } from '@rally/domain';
import { insertPasswordUser } from '../../seed/demo-accounts.js';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../testing/smtp-capture.js';
import { cookieHeader, createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let mail: SmtpCapture;
beforeAll(async () => {
  mail = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: mail.url } });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

let ips = 0;
const nextIp = () => {
  ips += 1;
  return `10.50.${Math.floor(ips / 250)}.${ips % 250}`;
};
const post = (url: string, payload: object, cookie?: string, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, ...(cookie ? { headers: { cookie } } : {}) });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const signIn = (email: string, password: string, userAgent = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15') =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: nextIp(), headers: { 'user-agent': userAgent } });
async function session(email: string, password: string, userAgent?: string): Promise<string> {
  const res = await signIn(email, password, userAgent);
  expect(res.statusCode).toBe(200);
  return cookieHeader(res);
}
const works = async (cookie: string) => (await get('/api/account', cookie)).statusCode === 200;

function tokenIn(message: CapturedMail): string {
  const match = /#token=([A-Za-z0-9_-]{43})/.exec(message.text);
  if (!match) throw new Error(`no link in: ${message.text}`);
  return match[1]!;
}
const mailTo = (to: string, subject: RegExp) => mail.waitFor((m) => m.to.includes(to) && subject.test(m.subject));

describe('password reset by email', () => {
  it('answers the same for an address with and without an account, and mails only the one with an account', async () => {
    const known = await post('/api/auth/forgot-password', { email: 'owner@brand.test' });
    const unknown = await post('/api/auth/forgot-password', { email: 'no.account@reset.test' });
    expect([known.statusCode, known.body]).toEqual([202, '{"status":"mail-queued"}']);
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    await mailTo('owner@brand.test', /Reset your Rally password/);
    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(mail.messages.filter((m) => m.to.includes('no.account@reset.test'))).toEqual([]);
  });

  it('sets a new password with the mailed link, ends every session of the account, and works once', async () => {
    const email = 'rita.reset@reset.test';
    await insertPasswordUser(t.database.db, email, 'Rita', 'ritas-old-password');
    const [laptop, phone] = [await session(email, 'ritas-old-password'), await session(email, 'ritas-old-password')];
    expect((await post('/api/auth/forgot-password', { email: 'Rita.Reset@reset.test' })).statusCode).toBe(202);
    const token = tokenIn(await mailTo(email, /Reset your Rally password/));

    // The policy, field by field.
    const short = await post('/api/auth/reset-password', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(ZErrorBody.parse(short.json()).error.fields).toEqual([{ path: 'password', message: 'at least 8 characters' }]);

    const reset = await post('/api/auth/reset-password', { token, password: 'ritas-new-password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ email });
    expect(await works(laptop)).toBe(false);
    expect(await works(phone)).toBe(false);
    expect((await signIn(email, 'ritas-old-password')).statusCode).toBe(401);
    expect((await signIn(email, 'ritas-new-password')).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, password: 'someone-elses-password' });
    expect(again.statusCode).toBe(410);
    expect(ZErrorBody.parse(again.json()).error.code).toBe('LINK_EXPIRED');
  });

  it('refuses an expired link and one replaced by a newer request', async () => {
    const email = 'ed.expired@reset.test';
    await insertPasswordUser(t.database.db, email, 'Ed', 'eds-password-1');
    await post('/api/auth/forgot-password', { email });
    const first = tokenIn(await mailTo(email, /Reset your Rally password/));
    await post('/api/auth/forgot-password', { email });
    await mail.waitFor((m) => m.to.includes(email) && !m.text.includes(first));
    const second = tokenIn(mail.messages.filter((m) => m.to.includes(email)).at(-1)!);
    expect((await post('/api/auth/reset-password', { token: first, password: 'eds-password-2' })).statusCode).toBe(410);
    await t.database.db.execute(sql`update account_tokens set expires_at = now() - interval '1 second' where email = ${email}`);
    expect((await post('/api/auth/reset-password', { token: second, password: 'eds-password-2' })).statusCode).toBe(410);
    expect((await signIn(email, 'eds-password-1')).statusCode).toBe(200);
  });

  it('limits reset requests per address, known or not, with 429 and Retry-After', async () => {
    for (const email of ['retailer@retail.test', 'not.known@reset.test']) {
      for (let i = 0; i < 3; i++) expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(202);
      const limited = await post('/api/auth/forgot-password', { email });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(ZErrorBody.parse(limited.json()).error.fields[0]?.path).toBe('email');
    }
  });
});

describe('my account', () => {
  it('changes the password with the current one; my other sessions end and the address is told', async () => {
    const email = 'carl.change@account.test';
    await insertPasswordUser(t.database.db, email, 'Carl', 'carls-password-1');
    const [here, elsewhere] = [await session(email, 'carls-password-1'), await session(email, 'carls-password-1')];

    const wrong = await post('/api/account/password', { currentPassword: 'not-it-at-all', newPassword: 'carls-password-2' }, here);
    expect(wrong.statusCode).toBe(400);
    expect(ZErrorBody.parse(wrong.json()).error.fields).toEqual([{ path: 'currentPassword', message: 'incorrect password' }]);
    const weak = await post('/api/account/password', { currentPassword: 'carls-password-1', newPassword: 'short' }, here);
    expect(ZErrorBody.parse(weak.json()).error.fields).toEqual([{ path: 'newPassword', message: 'at least 8 characters' }]);

    const changed = await post('/api/account/password', { currentPassword: 'carls-password-1', newPassword: 'carls-password-2' }, here);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ revoked: 1 });
    expect(await works(here)).toBe(true);
    expect(await works(elsewhere)).toBe(false);
    expect((await signIn(email, 'carls-password-1')).statusCode).toBe(401);
    expect((await signIn(email, 'carls-password-2')).statusCode).toBe(200);
    await mailTo(email, /password was changed/);
    // Signed out: 401.
    expect((await post('/api/account/password', { currentPassword: 'carls-password-2', newPassword: 'carls-password-3' })).statusCode).toBe(401);
  });

  it('counts wrong current passwords per account: 429 with Retry-After after five', async () => {
    const email = 'gus.guess@account.test';
    await insertPasswordUser(t.database.db, email, 'Gus', 'gus-password-1');
    const cookie = await session(email, 'gus-password-1');
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/account/password', { currentPassword: `guess-${i}-wrong`, newPassword: 'gus-password-2' }, cookie)).statusCode).toBe(400);
    }
    const limited = await post('/api/account/password', { currentPassword: 'gus-password-1', newPassword: 'gus-password-2' }, cookie);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('changes the address only when the link mailed to the new one is followed, and tells the old one', async () => {
    const [oldEmail, newEmail] = ['emma.old@account.test', 'emma.new@account.test'];
    await insertPasswordUser(t.database.db, oldEmail, 'Emma', 'emmas-password');
    const cookie = await session(oldEmail, 'emmas-password');
    const wrong = await post('/api/account/email', { newEmail, currentPassword: 'not-emmas-password' }, cookie);
    expect(ZErrorBody.parse(wrong.json()).error.fields[0]?.path).toBe('currentPassword');
    const same = await post('/api/account/email', { newEmail: oldEmail, currentPassword: 'emmas-password' }, cookie);
    expect(ZErrorBody.parse(same.json()).error.fields[0]?.path).toBe('newEmail');

    const asked = await post('/api/account/email', { newEmail: 'Emma.New@account.test', currentPassword: 'emmas-password' }, cookie);
    expect([asked.statusCode, asked.body]).toEqual([202, '{"status":"mail-queued"}']);
    await mailTo(oldEmail, /about to change/);
    const token = tokenIn(await mailTo(newEmail, /Confirm your new email address/));
    // Nothing changed yet: the old address still signs in, the account shows the change as pending.
    expect(ZAccountProfile.parse((await get('/api/account', cookie)).json())).toMatchObject({ email: oldEmail, pendingEmail: newEmail });
    expect((await signIn(oldEmail, 'emmas-password')).statusCode).toBe(200);
    expect((await signIn(newEmail, 'emmas-password')).statusCode).toBe(401);

    const confirmed = await post('/api/account/confirm-email', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail });
    expect(ZAccountProfile.parse((await get('/api/account', cookie)).json())).toMatchObject({ email: newEmail, pendingEmail: null });
    expect((await signIn(newEmail, 'emmas-password')).statusCode).toBe(200);
    expect((await signIn(oldEmail, 'emmas-password')).statusCode).toBe(401);
    await mailTo(oldEmail, /address was changed/);
    expect((await post('/api/account/confirm-email', { token })).statusCode).toBe(410);
  });

  it('answers a change to an address that has an account like any other, and mails that address no link', async () => {
    const email = 'fay.first@account.test';
    await insertPasswordUser(t.database.db, email, 'Fay', 'fays-password');
    const cookie = await session(email, 'fays-password');
    const asked = await post('/api/account/email', { newEmail: 'summit@partner.test', currentPassword: 'fays-password' }, cookie);
    expect([asked.statusCode, asked.body]).toEqual([202, '{"status":"mail-queued"}']);
    const note = await mailTo('summit@partner.test', /asked to move to your address/);
    expect(note.text).not.toMatch(/#token=/);
    await mailTo(email, /about to change/);
    expect(ZAccountProfile.parse((await get('/api/account', cookie)).json())).toMatchObject({ email, pendingEmail: 'summit@partner.test' });
  });

  it('lists my sessions with this one marked, signs out one of them, then everywhere else', async () => {
    const email = 'sam.sessions@account.test';
    await insertPasswordUser(t.database.db, email, 'Sam', 'sams-password');
    const here = await session(email, 'sams-password');
    const phone = await session(email, 'sams-password', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1');
    const office = await session(email, 'sams-password', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36');
    const other = await session('owner@brand.test', 'demo1234');

    const list = ZAccountSessions.parse((await get('/api/account/sessions', here)).json()).sessions;
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.userAgent).some((ua) => ua?.includes('iPhone'))).toBe(true);
    for (const s of list) {
      expect(s.ipAddress).toMatch(/^10\.50\./);
      expect(s.lastActiveAt).toBeGreaterThanOrEqual(s.createdAt);
      expect(s.expiresAt).toBeGreaterThan(s.lastActiveAt);
    }
    const phoneSession = list.find((s) => s.userAgent?.includes('iPhone'))!;
    const current = list.find((s) => s.current)!;

    // Someone else's session is not mine to end: 404, as if it did not exist; this one: sign out instead.
    const othersId = ZAccountSessions.parse((await get('/api/account/sessions', other)).json()).sessions[0]!.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${othersId}`, headers: { cookie: here } })).statusCode).toBe(404);
    expect(await works(other)).toBe(true);
    const own = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${current.id}`, headers: { cookie: here } });
    expect(ZErrorBody.parse(own.json()).error.fields[0]?.path).toBe('id');

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneSession.id}`, headers: { cookie: here } });
    expect(revoked.statusCode).toBe(200);
    expect(await works(phone)).toBe(false);
    expect(await works(office)).toBe(true);

    const everywhere = await post('/api/account/sessions/revoke-others', {}, here);
    expect(everywhere.statusCode).toBe(200);
    expect(everywhere.json()).toEqual({ revoked: 1 });
    expect(await works(office)).toBe(false);
    expect(await works(here)).toBe(true);
    expect(ZAccountSessions.parse((await get('/api/account/sessions', here)).json()).sessions.map((s) => s.id)).toEqual([current.id]);
  });

  it('renames me, naming a bad name', async () => {
    const cookie = await session('summit@partner.test', 'demo1234');
    const bad = await post('/api/account/profile', { name: '   ' }, cookie);
    expect(ZErrorBody.parse(bad.json()).error.fields).toEqual([{ path: 'name', message: 'required' }]);
    const renamed = await post('/api/account/profile', { name: ' Samantha Summit ' }, cookie);
    expect(renamed.statusCode).toBe(200);
    expect(ZAccountProfile.parse(renamed.json()).name).toBe('Samantha Summit');
  });
});
