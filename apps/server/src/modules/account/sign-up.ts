import { ERROR_CODES, ZSignUpBody, type TMailQueuedAnswer } from '@rally/domain';
import type { z } from 'zod';
import { appError } from '../../lib/app-error.js';
import { hashPassword } from '../auth/index.js';
import type { AccountDeps } from './account-deps.js';
import { MAIL_QUEUED } from './account-errors.js';
import { findAccountByEmail, insertNoToken, insertToken, insertUnverifiedAccount } from './account.repository.js';
import { takeMailDoorAttempt } from './account-throttle.js';
import { newToken, TOKEN_LIFETIME_SECONDS } from './account-tokens.js';

/**
 * Signs up with email and password: a new account, unverified, and a link mailed to verify it. An address that has an
 * account answers exactly the same (same status, body, and the same password hashing and mail hand-off, so about the
 * same time); its owner is mailed a note instead, and nothing of the account changes.
 */
export async function signUp(deps: AccountDeps, input: z.output<typeof ZSignUpBody>, ip: string): Promise<TMailQueuedAnswer> {
  if (deps.signUp === 'invite-only') {
    throw appError(ERROR_CODES.signUpClosed, 'Sign-up is closed on this Rally: ask a brand owner or admin for an invitation');
  }
  await takeMailDoorAttempt(deps.db, 'sign-up', input.email, ip);
  // Hashed whoever the address belongs to: the argon2 work is most of the answer's time, on both paths.
  const passwordHash = await hashPassword(input.password);
  const { token, tokenHash } = newToken();
  const locale = input.locale ?? null;
  const existing = await deps.db.transaction(async (tx) => {
    const found = await findAccountByEmail(tx, input.email);
    const userId = found ? null : await insertUnverifiedAccount(tx, { name: input.name, email: input.email, locale, passwordHash });
    if (userId === null) {
      await insertNoToken(tx, 'verify-email');
      // Another sign-up may have taken the address between the read and the insert.
      return found ?? (await findAccountByEmail(tx, input.email));
    }
    await insertToken(tx, { purpose: 'verify-email', tokenHash, userId, email: input.email, lifetimeSeconds: TOKEN_LIFETIME_SECONDS['verify-email'] });
    return null;
  });
  if (existing) {
    deps.mail.send(existing.email, existing.locale ?? locale, {
      kind: 'sign-up-existing',
      signInUrl: deps.links.signIn,
      resetUrl: deps.links.forgotPassword,
    });
  } else {
    deps.mail.send(input.email, locale, { kind: 'verify-email', name: input.name, url: deps.links.verifyEmail(token) });
  }
  return MAIL_QUEUED;
}
