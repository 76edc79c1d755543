import { ACCOUNT_FIELD_MESSAGES, ZChangeEmailBody, type TMailQueuedAnswer } from '@rally/domain';
import type { z } from 'zod';
import { invalid } from '../../lib/app-error.js';
import { deleteThrottle, verifyPassword, type RequestUser } from '../auth/index.js';
import type { AccountDeps } from './account-deps.js';
import { MAIL_QUEUED, wrongCurrentPassword } from './account-errors.js';
import { findAccountByEmail, findAccountById, insertToken } from './account.repository.js';
import { passwordProofKey, takeEmailChangeAttempt, takePasswordProofAttempt } from './account-throttle.js';
import { newToken, TOKEN_LIFETIME_SECONDS } from './account-tokens.js';

/**
 * Asks to move the signed-in person's account to a new address, proven with the current password. Nothing changes
 * until the link mailed to the new address is followed (confirmEmailChange); the current address is told at once.
 * A new address that has an account of its own answers, stores and tells the requester the same (so this door
 * tells no one which addresses have accounts); its owner gets a note instead of a link.
 */
export async function requestEmailChange(deps: AccountDeps, user: RequestUser, input: z.output<typeof ZChangeEmailBody>): Promise<TMailQueuedAnswer> {
  await takePasswordProofAttempt(deps.db, user.userId);
  const account = await findAccountById(deps.db, user.userId);
  if (!account?.passwordHash) {
    throw invalid([{ path: 'currentPassword', message: 'this account has no password yet: set one with "Forgot password"' }]);
  }
  if (!(await verifyPassword({ hash: account.passwordHash, password: input.currentPassword }))) throw wrongCurrentPassword();
  await deleteThrottle(deps.db, passwordProofKey(account.id));
  if (input.newEmail === account.email) throw invalid([{ path: 'newEmail', message: ACCOUNT_FIELD_MESSAGES.sameEmail }]);
  await takeEmailChangeAttempt(deps.db, account.id);
  const { token, tokenHash } = newToken();
  const taken = await deps.db.transaction(async (tx) => {
    const other = await findAccountByEmail(tx, input.newEmail);
    // Stored either way, so the account page shows the change as pending in both cases; a taken address's link is
    // never mailed, so it can never be followed.
    await insertToken(tx, { purpose: 'change-email', tokenHash, userId: account.id, email: input.newEmail, lifetimeSeconds: TOKEN_LIFETIME_SECONDS['change-email'] });
    return other;
  });
  if (taken) deps.mail.send(input.newEmail, taken.locale, { kind: 'change-email-taken' });
  else deps.mail.send(input.newEmail, account.locale, { kind: 'change-email-confirm', url: deps.links.confirmEmail(token), newEmail: input.newEmail });
  deps.mail.send(account.email, account.locale, { kind: 'change-email-requested', newEmail: input.newEmail, accountUrl: deps.links.account });
  return MAIL_QUEUED;
}
