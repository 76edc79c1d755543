import { createHash } from 'node:crypto';
import { ERROR_CODES } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { BackgroundJobs } from '../../lib/background-jobs.js';
import { countThrottledAttempt, deleteThrottle, secondsBlocked, sweepThrottles, type ThrottlePolicy } from './sign-in-throttle.repository.js';

/**
 * Per-account sign-in throttling (docs/decisions/0016), beside the per-IP limiter: the account key is the email,
 * whether or not it belongs to anyone, so a refusal says nothing about which emails exist.
 * - dashboard / play-password: 5 password attempts back to back; the 5th makes the next wait 30 s, each further
 *   one doubles the wait up to 15 minutes. A success forgets the failures; a day without attempts too.
 * - play-code: 3 one-time codes mailed back to back, then 1 minute, doubling up to 15 minutes; forgotten after an
 *   hour or on a successful code sign-in.
 * An attempt is counted before the password is checked, so parallel guesses cannot all slip in before the count;
 * a refused attempt is neither checked nor counted, so hammering a blocked account does not lengthen its block.
 */
export const SIGN_IN_THROTTLE = {
  dashboard: { free: 5, baseSeconds: 30, capSeconds: 900, forgetAfterSeconds: 86_400 },
  'play-password': { free: 5, baseSeconds: 30, capSeconds: 900, forgetAfterSeconds: 86_400 },
  'play-code': { free: 3, baseSeconds: 60, capSeconds: 900, forgetAfterSeconds: 3_600 },
} as const satisfies Record<string, ThrottlePolicy>;
export type SignInScope = keyof typeof SIGN_IN_THROTTLE;

/**
 * The row key of a value (an email, an IP address, a user id) in a scope: a hash, so the table holds no address in
 * the clear. Other doors (modules/account: sign-up, reset requests) count their attempts in the same table under
 * scopes of their own, with `takeThrottledAttempt`.
 */
export const throttleKey = (scope: string, value: string) =>
  `${scope}:${createHash('sha256').update(value.trim().toLowerCase()).digest('base64url')}`;

/** The row key of an email in a scope. */
export const signInThrottleKey = (scope: SignInScope, email: string) => throttleKey(scope, email);

/**
 * The row key of a known device's own attempts at an email: its proof (known-device.ts) is bound to the email, so
 * it counts that browser's guesses apart from the account's, with the same policy — a stolen laptop still waits.
 */
export const deviceThrottleKey = (scope: SignInScope, proof: string) =>
  `${scope}:device:${createHash('sha256').update(proof).digest('base64url')}`;

const keyOf = (scope: SignInScope, email: string, device: string | null) =>
  device ? deviceThrottleKey(scope, device) : signInThrottleKey(scope, email);

/**
 * Counts an attempt for the email, or throws 429 with Retry-After while the email's back-off runs. With `device`
 * (a valid known-device proof for this email) the attempt is counted on that device's key instead: the account's
 * back-off, which anyone can keep running, does not keep out a browser that signed in to it before.
 */
export async function takeSignInAttempt(db: DbOrTx, scope: SignInScope, email: string, device: string | null = null): Promise<void> {
  await takeThrottledAttempt(db, keyOf(scope, email, device), SIGN_IN_THROTTLE[scope], { path: 'email', what: 'this email' });
}

/**
 * Counts an attempt on any key under a policy, or throws 429 with Retry-After while its back-off runs, naming the
 * field it is counted by (`on.path`; none for a per-address count). The policy's `forgetAfterSeconds` must not exceed
 * a day, the sweep's idle time.
 */
export async function takeThrottledAttempt(
  db: DbOrTx,
  key: string,
  policy: ThrottlePolicy,
  on: { path?: string; what: string },
): Promise<void> {
  if (await countThrottledAttempt(db, key, policy)) return;
  const seconds = await secondsBlocked(db, key);
  const message = `too many attempts for ${on.what}; try again in ${seconds} s`;
  throw new AppError(429, ERROR_CODES.rateLimited, `Too many attempts; try again in ${seconds} s`, on.path ? [{ path: on.path, message }] : [], {
    'retry-after': String(seconds),
  });
}

/**
 * Forgets the attempts counted where this success was counted: the account's, or only the known device's — a sign-in
 * from a known device does not hand an attacker a fresh set of guesses at the account.
 */
export const clearSignInAttempts = (db: DbOrTx, scope: SignInScope, email: string, device: string | null = null) =>
  deleteThrottle(db, keyOf(scope, email, device));

/** Hourly: keys idle for longer than the longest memory go. */
export function registerSignInThrottleSweep(jobs: BackgroundJobs, db: DbOrTx): void {
  const idle = Math.max(...Object.values(SIGN_IN_THROTTLE).map((p) => p.forgetAfterSeconds));
  jobs.every('sign-in-throttle-sweep', 3_600, () => sweepThrottles(db, idle));
}
