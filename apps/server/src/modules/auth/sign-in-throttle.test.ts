import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBody } from '@rally/domain';
import { insertPasswordUser } from '../../seed/demo-accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { deviceThrottleKey, signInThrottleKey } from './sign-in-throttle.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Every attempt from an address of its own: the per-IP limiter (10 a minute) never answers for the per-account one.
let addresses = 0;
const signIn = (email: string, password: string, knownDevice?: string) => {
  addresses += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: `10.20.${Math.floor(addresses / 250)}.${addresses % 250}`,
    ...(knownDevice === undefined ? {} : { cookies: { rally_known_device: knownDevice } }),
  });
};

/** Signs in with the right password from a browser of its own; the known-device proof that browser keeps. */
async function knownDeviceOf(email: string, password: string): Promise<string> {
  const res = await signIn(email, password);
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'rally_known_device');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/sign-in' });
  expect(cookie!.maxAge).toBeGreaterThan(30 * 86_400);
  return cookie!.value;
}

/** Someone else's wrong guesses from many addresses until the account answers 429. */
async function blockedByAttacker(email: string) {
  for (let i = 0; i < 5; i++) expect((await signIn(email, `attacker-guess-${i}`)).statusCode).toBe(401);
  expect((await signIn(email, 'attacker-guess-5')).statusCode).toBe(429);
}

/** Lets the back-off of an email run out now, as if its delay had passed. */
const backOffPassed = (email: string) =>
  t.database.db.execute(
    sql`update sign_in_throttles set blocked_until = now() - interval '1 second' where key = ${signInThrottleKey('dashboard', email)}`,
  );

describe('dashboard sign-in, per account', () => {
  it('lets at most five guesses at one account through, even from twenty addresses at once', async () => {
    const email = 'dana.throttled@brand.test';
    await insertPasswordUser(t.database.db, email, 'Dana', 'the-right-password');
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(email, `wrong-guess-${i}`)));
    const statuses = guesses.map((g) => g.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const limited = guesses.find((g) => g.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const body = ZErrorBody.parse(limited.json());
    expect([body.error.code, body.error.fields[0]?.path]).toEqual(['RATE_LIMITED', 'email']);
    // During the back-off the right password is not checked either, from any address.
    expect((await signIn(email, 'the-right-password')).statusCode).toBe(429);
    // The back-off ends: the real user signs in, and the failures are forgotten.
    await backOffPassed(email);
    const back = await signIn(email, 'the-right-password');
    expect(back.statusCode).toBe(200);
    expect(back.cookies.some((c) => c.name.endsWith('session_token'))).toBe(true);
    for (let i = 0; i < 4; i++) expect((await signIn(email, `wrong-again-${i}`)).statusCode).toBe(401);
  });

  it('doubles the wait after each attempt past the fifth, up to fifteen minutes', async () => {
    const email = 'no.account@nowhere.test';
    for (let i = 0; i < 5; i++) expect((await signIn(email, 'wrong-password')).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await signIn(email, 'wrong-password');
      expect(refused.statusCode).toBe(429);
      waits.push(Number(refused.headers['retry-after']));
      await backOffPassed(email);
      expect((await signIn(email, 'wrong-password')).statusCode).toBe(401);
    }
    // 30 s after the 5th attempt, then 60, 120 … capped at 900; an unknown email is throttled like a known one.
    expect(waits.map((w) => Math.round(w / 10) * 10)).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it("lets the real user's browser in with the right password while others' guesses keep the account blocked", async () => {
    const email = 'erin.known@brand.test';
    await insertPasswordUser(t.database.db, email, 'Erin', 'erins-password');
    const device = await knownDeviceOf(email, 'erins-password');
    await blockedByAttacker(email);
    // Without the proof the right password waits like any other attempt; with it, Erin is in.
    expect((await signIn(email, 'erins-password')).statusCode).toBe(429);
    const back = await signIn(email, 'erins-password', device);
    expect(back.statusCode).toBe(200);
    expect(back.cookies.some((c) => c.name.endsWith('session_token'))).toBe(true);
    // Her success does not hand the attacker a fresh set of guesses: the account's back-off still runs.
    expect((await signIn(email, 'attacker-guess-6')).statusCode).toBe(429);
  });

  it("gives no way past the back-off to a forged proof or another account's", async () => {
    const [frank, gina] = ['frank.known@brand.test', 'gina.target@brand.test'];
    await insertPasswordUser(t.database.db, frank, 'Frank', 'franks-password');
    await insertPasswordUser(t.database.db, gina, 'Gina', 'ginas-password');
    const franks = await knownDeviceOf(frank, 'franks-password');
    await blockedByAttacker(gina);
    const [issuedAt, mac] = franks.split('.') as [string, string];
    const forged = [
      franks, // Frank's real proof, shown for Gina
      `${Number(issuedAt) + 1}.${mac}`, // Frank's signature under another issued-at
      `${issuedAt}.${'A'.repeat(43)}`, // a made-up signature
      'anything-at-all',
    ];
    for (const cookie of forged) expect((await signIn(gina, 'ginas-password', cookie)).statusCode).toBe(429);
    // Frank's own proof still works for Frank.
    expect((await signIn(frank, 'franks-password', franks)).statusCode).toBe(200);
  });

  it("counts a known browser's wrong guesses on a key of its own, with the same back-off", async () => {
    const email = 'hugo.stolen@brand.test';
    await insertPasswordUser(t.database.db, email, 'Hugo', 'hugos-password');
    const device = await knownDeviceOf(email, 'hugos-password');
    await blockedByAttacker(email);
    // A stolen laptop: five guesses, then it waits 30 s like anyone — even the right password.
    for (let i = 0; i < 5; i++) expect((await signIn(email, `thief-guess-${i}`, device)).statusCode).toBe(401);
    const refused = await signIn(email, 'hugos-password', device);
    expect(refused.statusCode).toBe(429);
    expect(Math.round(Number(refused.headers['retry-after']) / 10) * 10).toBe(30);
    // Its wait is its own: once over, the right password gets in, though the account's back-off still runs.
    await t.database.db.execute(
      sql`update sign_in_throttles set blocked_until = now() - interval '1 second' where key = ${deviceThrottleKey('dashboard', device)}`,
    );
    expect((await signIn(email, 'hugos-password', device)).statusCode).toBe(200);
    expect((await signIn(email, 'hugos-password')).statusCode).toBe(429);
  });
});
