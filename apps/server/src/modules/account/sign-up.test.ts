import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBody, ZMailQueuedAnswer, ZSignInOptions } from '@rally/domain';
import { DEMO_PASSWORD, DEMO_USERS } from '../../seed/demo-accounts.js';
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

// Every call from an address of its own unless a test is about one address: the per-IP counts stay out of the way.
let ips = 0;
const nextIp = () => {
  ips += 1;
  return `10.40.${Math.floor(ips / 250)}.${ips % 250}`;
};
const post = (url: string, payload: object, ip = nextIp()) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
const signUp = (email: string, password = 'a-good-password', ip?: string) =>
  post('/api/auth/sign-up', { name: 'Nina New', email, password, locale: 'en' }, ip);
const signIn = (email: string, password: string) => post('/api/auth/sign-in/email', { email, password });

/** The token of the link in a mail (the web page's address carries it after #token=). */
function tokenIn(message: CapturedMail): string {
  const match = /#token=([A-Za-z0-9_-]{43})/.exec(message.text);
  if (!match) throw new Error(`no link in: ${message.text}`);
  return match[1]!;
}
const mailTo = (to: string, subject: RegExp) => mail.waitFor((m) => m.to.includes(to) && subject.test(m.subject));
const mailsTo = (to: string) => mail.messages.filter((m) => m.to.includes(to));

describe('sign-up', () => {
  it('signs up, mails a link to verify the address, and signs in only once it is followed', async () => {
    const email = 'nina.new@signup.test';
    const res = await signUp(' Nina.New@Signup.test ', 'ninas-password');
    expect(res.statusCode).toBe(202);
    expect(ZMailQueuedAnswer.parse(res.json())).toEqual({ status: 'mail-queued' });

    // Before the link: the right password answers 403 EMAIL_NOT_VERIFIED, a wrong one 401, and no session either way.
    const early = await signIn(email, 'ninas-password');
    expect(early.statusCode).toBe(403);
    expect(ZErrorBody.parse(early.json()).error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(early.cookies.some((c) => c.name.endsWith('session_token'))).toBe(false);
    expect((await signIn(email, 'not-her-password')).statusCode).toBe(401);

    const message = await mailTo(email, /Confirm your email address/);
    expect(message.text).toContain('http://localhost:3000/verify-email#token=');
    const token = tokenIn(message);
    // Only the token's sha-256 is stored.
    const stored = await t.database.rows<{ token_hash: string; expires_at: Date }>(
      sql`select token_hash, expires_at from account_tokens t join users u on u.id = t.user_id where u.email = ${email}`,
    );
    expect(stored.map((s) => s.token_hash)).toEqual([createHash('sha256').update(token).digest('base64url')]);
    expect(JSON.stringify(stored)).not.toContain(token);

    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email });

    const signedIn = await signIn(email, 'ninas-password');
    expect(signedIn.statusCode).toBe(200);
    // A person without a brand yet: their account answers, the brand routes do not.
    const cookie = cookieHeader(signedIn);
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({ name: 'Nina New', email, pendingEmail: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(403);
  });

  it('answers a sign-up with an address that has an account exactly like a new one, and mails its owner a note', async () => {
    const known = 'partner@partner.test';
    const answers: { status: number; body: string; ms: number }[][] = [[], []];
    // Alternating, so both paths run under the same load; each address well within its share of three.
    for (let i = 0; i < 3; i++) {
      for (const [k, email] of [known, `fresh-${i}@signup.test`].entries()) {
        const started = performance.now();
        const res = await signUp(email, 'someone-elses-password');
        answers[k]!.push({ status: res.statusCode, body: res.body, ms: performance.now() - started });
      }
    }
    const [forKnown, forNew] = answers as [typeof answers[0], typeof answers[0]];
    expect(new Set([...forKnown, ...forNew].map((a) => `${a.status} ${a.body}`))).toEqual(new Set(['202 {"status":"mail-queued"}']));
    // Similar timing: both hash the password and hand a mail over (sent after the answer).
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    const ratio = median(forKnown.map((a) => a.ms)) / median(forNew.map((a) => a.ms));
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);

    const note = await mailTo(known, /tried to sign up/);
    expect(note.text).toContain('http://localhost:3000/forgot-password');
    expect(note.text).not.toMatch(/#token=/);
    // Nothing of the account changed: its password still works, no second account, no link was made.
    expect((await signIn(known, DEMO_PASSWORD)).statusCode).toBe(200);
    const [row] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from users u join account_tokens a on a.user_id = u.id where u.email = ${known}`,
    );
    expect(row!.n).toBe(0);
  });

  it('names each invalid field and keeps the password policy of 8 to 128 characters', async () => {
    const res = await post('/api/auth/sign-up', { name: '', email: 'not-an-email', password: 'short' });
    expect(res.statusCode).toBe(400);
    const fields = ZErrorBody.parse(res.json()).error.fields;
    expect(Object.fromEntries(fields.map((f) => [f.path, f.message]))).toEqual({
      name: 'required',
      email: 'a valid email address',
      password: 'at least 8 characters',
    });
    const long = await signUp('long.password@signup.test', 'x'.repeat(129));
    expect(ZErrorBody.parse(long.json()).error.fields).toEqual([{ path: 'password', message: 'at most 128 characters' }]);
  });

  it('limits sign-ups per address, known or not, with 429 and Retry-After', async () => {
    for (const email of ['owner@brand.test', 'nobody-yet@signup.test']) {
      for (let i = 0; i < 3; i++) expect((await signUp(email)).statusCode).toBe(202);
      const limited = await signUp(email);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(ZErrorBody.parse(limited.json()).error).toMatchObject({ code: 'RATE_LIMITED', fields: [{ path: 'email' }] });
    }
  });

  it('limits sign-ups per IP address with 429 and Retry-After', async () => {
    const ip = '10.41.0.1';
    for (let i = 0; i < 10; i++) expect((await signUp(`from-one-ip-${i}@signup.test`, 'a-good-password', ip)).statusCode).toBe(202);
    const limited = await signUp('from-one-ip-10@signup.test', 'a-good-password', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address goes on.
    expect((await signUp('from-one-ip-11@signup.test', 'a-good-password', '10.41.0.2')).statusCode).toBe(202);
  });

  it('verifies with a link once only, and not after it expires', async () => {
    await signUp('once.only@signup.test');
    const token = tokenIn(await mailTo('once.only@signup.test', /Confirm your email/));
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(410);
    expect(ZErrorBody.parse(again.json()).error).toMatchObject({ code: 'LINK_EXPIRED', fields: [{ path: 'token' }] });

    await signUp('too.late@signup.test');
    const late = tokenIn(await mailTo('too.late@signup.test', /Confirm your email/));
    await t.database.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where email = 'too.late@signup.test')`,
    );
    expect((await post('/api/auth/verify-email', { token: late })).statusCode).toBe(410);
    expect((await signIn('too.late@signup.test', 'a-good-password')).statusCode).toBe(403);
    // A token that is no link at all is bad input, named.
    const malformed = await post('/api/auth/verify-email', { token: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(ZErrorBody.parse(malformed.json()).error.fields[0]?.path).toBe('token');
  });

  it('mails the verification link again only to whoever knows the password; the new link replaces the old', async () => {
    const email = 'lost.mail@signup.test';
    await signUp(email, 'lost-mail-password');
    const first = tokenIn(await mailTo(email, /Confirm your email/));
    const wrong = await post('/api/auth/send-verification-email', { email, password: 'a-guess-at-it' });
    expect(wrong.statusCode).toBe(401);
    const unknown = await post('/api/auth/send-verification-email', { email: 'no.such@signup.test', password: 'a-guess-at-it' });
    expect([unknown.statusCode, unknown.body]).toEqual([wrong.statusCode, wrong.body]);

    const again = await post('/api/auth/send-verification-email', { email, password: 'lost-mail-password' });
    expect(again.statusCode).toBe(202);
    await mail.waitFor((m) => m.to.includes(email) && /Confirm your email/.test(m.subject) && !m.text.includes(first));
    const second = tokenIn(mailsTo(email).at(-1)!);
    expect(second).not.toBe(first);
    expect((await post('/api/auth/verify-email', { token: first })).statusCode).toBe(410);
    expect((await post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
    expect((await signIn(email, 'lost-mail-password')).statusCode).toBe(200);
  });

  it('tells the sign-in page that sign-up is open and the demo accounts exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(res.statusCode).toBe(200);
    expect(ZSignInOptions.parse(res.json())).toEqual({ signUp: 'open', demoAccounts: true });
  });

  it('keeps the demo accounts verified', async () => {
    const rows = await t.database.rows<{ email: string; email_verified: boolean }>(sql`select email, email_verified from users`);
    for (const u of DEMO_USERS) expect(rows.find((r) => r.email === u.email)?.email_verified).toBe(true);
  });
});

describe('invite-only sign-up', () => {
  it('refuses the public sign-up with 403 SIGN_UP_CLOSED and creates nothing', async () => {
    const closed = await createTestApp({ env: { SIGN_UP: 'invite-only', SMTP_URL: mail.url } });
    try {
      const res = await closed.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { name: 'Ivan', email: 'ivan@closed.test', password: 'a-good-password' },
      });
      expect(res.statusCode).toBe(403);
      const body = ZErrorBody.parse(res.json());
      expect(body.error.code).toBe('SIGN_UP_CLOSED');
      expect(body.error.message).toMatch(/invitation/);
      expect(await closed.database.rows(sql`select 1 from users where email = 'ivan@closed.test'`)).toEqual([]);
      // Sign-in and password reset stay open.
      expect((await closed.signIn('owner@brand.test')).length).toBeGreaterThan(0);
      // The sign-in page offers no sign-up; without the demo accounts (a real deployment) it lists none.
      const options = async () => ZSignInOptions.parse((await closed.app.inject({ method: 'GET', url: '/api/auth/options' })).json());
      expect(await options()).toEqual({ signUp: 'invite-only', demoAccounts: true });
      await closed.database.rows(sql`update users set email = 'olivia@brand.test' where email = 'owner@brand.test'`);
      expect(await options()).toEqual({ signUp: 'invite-only', demoAccounts: false });
    } finally {
      await closed.close();
    }
  });
});
