import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBody } from '@rally/domain';
import { insertPasswordUser } from '../../seed/demo-accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { signInThrottleKey } from './sign-in-throttle.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Every attempt from an address of its own: the per-IP limiter (10 a minute) never answers for the per-account one.
let addresses = 0;
const signIn = (email: string, password: string) => {
  addresses += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: `10.20.${Math.floor(addresses / 250)}.${addresses % 250}`,
  });
};

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
});
