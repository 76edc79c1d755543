import { ZResendVerificationBody, type TMailQueuedAnswer } from '@rally/domain';
import type { z } from 'zod';
import { unauthenticated } from '../../lib/app-error.js';
import { takeSignInAttempt, verifyNoPassword, verifyPassword } from '../auth/index.js';
import type { AccountDeps } from './account-deps.js';
import { MAIL_QUEUED } from './account-errors.js';
import { findAccountByEmail, insertNoToken, insertToken } from './account.repository.js';
import { takeMailDoorAttempt } from './account-throttle.js';
import { newToken, TOKEN_LIFETIME_SECONDS } from './account-tokens.js';

/**
 * Mails the verification link again to whoever knows the account's password (what the sign-in form has after its 403
 * EMAIL_NOT_VERIFIED). Asking by address alone would let anyone have a link mailed that verifies an account they
 * made for somebody else's address. The password is a guess like a sign-in's, counted on the same per-account key;
 * unknown address and wrong password answer the same 401, in the time of a password check.
 */
export async function resendVerification(deps: AccountDeps, input: z.output<typeof ZResendVerificationBody>, ip: string): Promise<TMailQueuedAnswer> {
  await takeSignInAttempt(deps.db, 'dashboard', input.email);
  const account = await findAccountByEmail(deps.db, input.email);
  const right = account?.passwordHash
    ? await verifyPassword({ hash: account.passwordHash, password: input.password })
    : await verifyNoPassword(input.password);
  if (!account || !right) throw unauthenticated();
  await takeMailDoorAttempt(deps.db, 'verify-mail', input.email, ip);
  if (account.emailVerified) {
    // Verified since (another tab): nothing to send; the person signs in.
    await insertNoToken(deps.db, 'verify-email');
    return MAIL_QUEUED;
  }
  const { token, tokenHash } = newToken();
  await deps.db.transaction((tx) =>
    insertToken(tx, { purpose: 'verify-email', tokenHash, userId: account.id, email: account.email, lifetimeSeconds: TOKEN_LIFETIME_SECONDS['verify-email'] }),
  );
  deps.mail.send(account.email, account.locale, { kind: 'verify-email', name: account.name, url: deps.links.verifyEmail(token) });
  return MAIL_QUEUED;
}
