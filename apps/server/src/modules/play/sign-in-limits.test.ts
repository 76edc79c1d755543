import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBody } from '@rally/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { factories } from '../../testing/factories.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { deviceThrottleKey, hashPassword, signInThrottleKey } from '../auth/index.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

let t: TestApp;
let sink: SmtpCapture;
beforeAll(async () => {
  sink = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

// Each request from an address of its own, so the per-IP limiter never answers for the per-account or per-code ones.
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.${Math.floor(addresses / 62500) % 250}.${Math.floor(addresses / 250) % 250}.${addresses % 250}`;
};
const post = (url: string, payload: Record<string, unknown>, knownDevice?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: nextAddress(),
    ...(knownDevice === undefined ? {} : { cookies: { rally_play_known_device: knownDevice } }),
  });

async function storeUser(password?: string) {
  const f = factories(t.database.db);
  const store = await f.store(t.brandIds.owner);
  return f.storeUser(t.brandIds.owner, store.id, password ? { passwordHash: await hashPassword(password) } : {});
}

async function mailedCode(email: string): Promise<string> {
  expect((await post('/api/play/auth/request-code', { email })).statusCode).toBe(200);
  const mail = await sink.waitFor((m) => m.to.includes(email));
  return /code is (\d{6})/.exec(mail.text)![1]!;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Lets the back-off of an account key run out now, as if its delay had passed. */
async function backOffPassed(scope: 'play-password' | 'play-code', email: string) {
  await t.database.db.execute(
    sql`update sign_in_throttles set blocked_until = now() - interval '1 second' where key = ${signInThrottleKey(scope, email)}`,
  );
}

describe('one-time codes under attack', () => {
  it('compares at most five guesses of one code even when twenty arrive at once', async () => {
    const u = await storeUser();
    const code = await mailedCode(u.email!);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/play/auth/verify-code', { email: u.email, code: wrongCode })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(401));
    const [row] = rowsOf<{ attempts: number }>(
      await t.database.db.execute(sql`select attempts from play_sign_in_codes where email = ${u.email} order by id desc limit 1`),
    );
    expect(row!.attempts).toBe(5);
    // Its tries are spent: the right code no longer opens a session.
    expect((await post('/api/play/auth/verify-code', { email: u.email, code })).statusCode).toBe(401);
  });

  it('mails at most three codes to one email in a row, then answers 429 with Retry-After, known email or not', async () => {
    const u = await storeUser();
    for (const email of [u.email!, 'no.one@nowhere.test']) {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await post('/api/play/auth/request-code', { email }));
      expect(answers.slice(0, 3).map((a) => a.statusCode)).toEqual([200, 200, 200]);
      const limited = answers[3]!;
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      const body = ZErrorBody.parse(limited.json());
      expect([body.error.code, body.error.fields[0]?.path]).toEqual(['RATE_LIMITED', 'email']);
    }
    await t.app.jobs.drain();
    expect(sink.messages.filter((m) => m.to.includes(u.email!))).toHaveLength(3);
    // Once the delay has passed, the participant can ask again.
    await backOffPassed('play-code', u.email!);
    expect((await post('/api/play/auth/request-code', { email: u.email })).statusCode).toBe(200);
  });

  it('answers request-code for known and unknown emails alike and in about the same time', async () => {
    const runs = 9;
    const known: number[] = [];
    const unknown: number[] = [];
    const users = await Promise.all(Array.from({ length: runs }, () => storeUser()));
    const bodies = new Set<string>();
    for (let i = 0; i < runs; i++) {
      for (const [email, times] of [[users[i]!.email!, known], [`nobody-${i}@nowhere.test`, unknown]] as const) {
        await t.app.jobs.drain();
        const started = performance.now();
        const res = await post('/api/play/auth/request-code', { email });
        times.push(performance.now() - started);
        bodies.add(`${res.statusCode} ${res.body}`);
      }
    }
    expect([...bodies]).toEqual(['200 {"ok":true,"expiresInSeconds":600}']);
    // Generous bounds (a busy machine): mailing inside the request made a known email 20× slower.
    expect(median(known)).toBeLessThan(median(unknown) * 3 + 10);
    expect(median(unknown)).toBeLessThan(median(known) * 3 + 10);
  });
});

describe('request-code sends no mail inside the request', () => {
  it('answers a known email before any mail is sent: the mail waits for the job queue', async () => {
    const idle = await createTestApp({ env: { SMTP_URL: sink.url, SCHEDULER_ENABLED: 'false' } });
    try {
      const f = factories(idle.database.db);
      const store = await f.store(idle.brandIds.owner);
      const u = await f.storeUser(idle.brandIds.owner, store.id);
      const res = await idle.app.inject({ method: 'POST', url: '/api/play/auth/request-code', payload: { email: u.email } });
      expect(res.json()).toEqual({ ok: true, expiresInSeconds: 600 });
      // This process works no jobs: nothing was mailed, no code made, while the request has already answered.
      await new Promise((r) => setTimeout(r, 300));
      expect(sink.messages.filter((m) => m.to.includes(u.email!))).toEqual([]);
      const codes = rowsOf(await idle.database.db.execute(sql`select id from play_sign_in_codes where email = ${u.email}`));
      expect(codes).toEqual([]);
    } finally {
      await idle.close();
    }
  });
});

describe('participant password sign-in under attack', () => {
  it('answers an unknown email like a wrong password, after an argon2 verification of the same cost', async () => {
    const runs = 9;
    const users = await Promise.all(Array.from({ length: runs }, () => storeUser('right-password')));
    const known: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    for (let i = 0; i < runs; i++) {
      for (const [email, times] of [[users[i]!.email!, known], [`ghost-${i}@nowhere.test`, unknown]] as const) {
        const started = performance.now();
        const res = await post('/api/play/auth/sign-in', { email, password: 'wrong-password' });
        times.push(performance.now() - started);
        bodies.add(`${res.statusCode} ${res.body}`);
      }
    }
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toMatch(/^401 /);
    // Without a verification for unknown emails they answered in a quarter of the time or less.
    expect(median(unknown)).toBeGreaterThan(median(known) / 2);
  });

  it('limits guesses per account across addresses: at most five compared at once, the real user back in after the back-off', async () => {
    const u = await storeUser('right-password');
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('/api/play/auth/sign-in', { email: u.email, password: `guess-${i}-wrong` })),
    );
    const statuses = guesses.map((g) => g.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const limited = guesses.find((g) => g.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(ZErrorBody.parse(limited.json()).error.fields[0]?.path).toBe('email');
    // During the back-off even the right password is not checked, from any address, on either password route.
    expect((await post('/api/play/auth/sign-in', { email: u.email, password: 'right-password' })).statusCode).toBe(429);
    expect((await post('/api/play/auth/accounts', { email: u.email, password: 'right-password' })).statusCode).toBe(429);
    await backOffPassed('play-password', u.email!);
    const back = await post('/api/play/auth/sign-in', { email: u.email, password: 'right-password' });
    expect(back.statusCode).toBe(200);
    // Success forgets the failures: the next wrong password is a plain 401 again.
    expect((await post('/api/play/auth/sign-in', { email: u.email, password: 'wrong-again' })).statusCode).toBe(401);
  });

});

describe("a participant's known browser while others guess at the account", () => {
  /** Signs in with the right password (with `cookie`, from that browser); the proof the browser then keeps. */
  async function knownDeviceOf(email: string, password: string, cookie?: string): Promise<string> {
    const res = await post('/api/play/auth/sign-in', { email, password }, cookie);
    expect(res.statusCode).toBe(200);
    const proof = res.cookies.find((c) => c.name === 'rally_play_known_device');
    expect(proof).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/play/auth' });
    return proof!.value;
  }
  async function blockedByAttacker(email: string) {
    for (let i = 0; i < 5; i++) expect((await post('/api/play/auth/sign-in', { email, password: `attack-${i}` })).statusCode).toBe(401);
    expect((await post('/api/play/auth/sign-in', { email, password: 'attack-5' })).statusCode).toBe(429);
  }

  it('lets the store user in from a browser that signed in before, on both password routes', async () => {
    const u = await storeUser('right-password');
    const device = await knownDeviceOf(u.email!, 'right-password');
    await blockedByAttacker(u.email!);
    expect((await post('/api/play/auth/sign-in', { email: u.email, password: 'right-password' })).statusCode).toBe(429);
    // The app asks which accounts the password opens, then signs in: neither waits for the attacker's back-off.
    const accounts = await post('/api/play/auth/accounts', { email: u.email, password: 'right-password' }, device);
    expect(accounts.statusCode).toBe(200);
    const back = await post('/api/play/auth/sign-in', { email: u.email, password: 'right-password' }, device);
    expect(back.statusCode).toBe(200);
    expect(back.cookies.some((c) => c.name === 'rally_play_session')).toBe(true);
    expect((await post('/api/play/auth/sign-in', { email: u.email, password: 'attack-6' })).statusCode).toBe(429);
  });

  it("keeps the proofs of several employees on one shared browser, and none opens another's account", async () => {
    const [a, b, target] = await Promise.all([storeUser('pass-of-a'), storeUser('pass-of-b'), storeUser('pass-of-target')]);
    const first = await knownDeviceOf(a.email!, 'pass-of-a');
    const both = await knownDeviceOf(b.email!, 'pass-of-b', first);
    await blockedByAttacker(a.email!);
    await blockedByAttacker(target.email!);
    // The shared tablet still proves A after B signed in on it.
    expect((await post('/api/play/auth/sign-in', { email: a.email, password: 'pass-of-a' }, both)).statusCode).toBe(200);
    // Another account's proofs, or a made-up one, are no way past the target's back-off.
    const [issuedAt] = first.split('.') as [string];
    for (const cookie of [both, `${issuedAt}.${'x'.repeat(43)}`])
      expect((await post('/api/play/auth/sign-in', { email: target.email, password: 'pass-of-target' }, cookie)).statusCode).toBe(429);
  });

  it("counts a known browser's wrong passwords on its own key: five, then it waits too", async () => {
    const u = await storeUser('right-password');
    const device = await knownDeviceOf(u.email!, 'right-password');
    await blockedByAttacker(u.email!);
    for (let i = 0; i < 5; i++)
      expect((await post('/api/play/auth/sign-in', { email: u.email, password: `thief-${i}` }, device)).statusCode).toBe(401);
    const refused = await post('/api/play/auth/accounts', { email: u.email, password: 'right-password' }, device);
    expect(refused.statusCode).toBe(429);
    expect(ZErrorBody.parse(refused.json()).error.fields[0]?.path).toBe('email');
    await t.database.db.execute(
      sql`update sign_in_throttles set blocked_until = now() - interval '1 second' where key = ${deviceThrottleKey('play-password', device)}`,
    );
    expect((await post('/api/play/auth/sign-in', { email: u.email, password: 'right-password' }, device)).statusCode).toBe(200);
  });
});
