import type { DbOrTx } from '../../db/client.js';
import { takeThrottledAttempt, throttleKey, type ThrottlePolicy } from '../auth/index.js';

/**
 * The account doors' limits, counted in the sign-in throttle's table with its mechanism (one atomic statement per
 * attempt, back-off doubling up to a cap: docs/decisions/0016), under scopes of their own. Each door that mails
 * someone is counted per address (whether or not it has an account, so a 429 tells nothing) and per IP; the
 * password checks of a signed-in person per account.
 */
const PER_ADDRESS: ThrottlePolicy = { free: 3, baseSeconds: 60, capSeconds: 3_600, forgetAfterSeconds: 86_400 };
const PER_IP: ThrottlePolicy = { free: 10, baseSeconds: 60, capSeconds: 3_600, forgetAfterSeconds: 86_400 };
const PASSWORD_PROOF: ThrottlePolicy = { free: 5, baseSeconds: 30, capSeconds: 900, forgetAfterSeconds: 86_400 };

export type MailDoor = 'sign-up' | 'verify-mail' | 'password-reset';

/** One attempt at a door that mails `email`, from `ip`: 429 with Retry-After once either has had its share. */
export async function takeMailDoorAttempt(db: DbOrTx, door: MailDoor, email: string, ip: string): Promise<void> {
  await takeThrottledAttempt(db, throttleKey(`${door}:ip`, ip), PER_IP, { what: 'this address (IP)' });
  await takeThrottledAttempt(db, throttleKey(door, email), PER_ADDRESS, { path: 'email', what: 'this email' });
}

/** One mail of an email change to a new address, per account. */
export const takeEmailChangeAttempt = (db: DbOrTx, userId: string) =>
  takeThrottledAttempt(db, throttleKey('email-change', userId), PER_ADDRESS, { path: 'newEmail', what: 'email changes' });

/** One check of a signed-in person's current password (changing the password or the address), per account. */
export const takePasswordProofAttempt = (db: DbOrTx, userId: string) =>
  takeThrottledAttempt(db, throttleKey('account-password', userId), PASSWORD_PROOF, { path: 'currentPassword', what: 'this account' });

export const passwordProofKey = (userId: string) => throttleKey('account-password', userId);
