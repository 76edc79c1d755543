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

/** The row key of an email in a scope: a hash, so the table holds no address in the clear. */
export const signInThrottleKey = (scope: SignInScope, email: string) =>
  `${scope}:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;

/** Counts an attempt for the email, or throws 429 with Retry-After while the email's back-off runs. */
export async function takeSignInAttempt(db: DbOrTx, scope: SignInScope, email: string): Promise<void> {
  const key = signInThrottleKey(scope, email);
  if (await countThrottledAttempt(db, key, SIGN_IN_THROTTLE[scope])) return;
  const seconds = await secondsBlocked(db, key);
  const message = `too many attempts for this email; try again in ${seconds} s`;
  throw new AppError(429, ERROR_CODES.rateLimited, `Too many attempts; try again in ${seconds} s`, [{ path: 'email', message }], {
    'retry-after': String(seconds),
  });
}

/** Forgets the email's attempts in a scope (after a success). */
export const clearSignInAttempts = (db: DbOrTx, scope: SignInScope, email: string) =>
  deleteThrottle(db, signInThrottleKey(scope, email));

/** Hourly: keys idle for longer than the longest memory go. */
export function registerSignInThrottleSweep(jobs: BackgroundJobs, db: DbOrTx): void {
  const idle = Math.max(...Object.values(SIGN_IN_THROTTLE).map((p) => p.forgetAfterSeconds));
  jobs.every('sign-in-throttle-sweep', 3_600, () => sweepThrottles(db, idle));
}
