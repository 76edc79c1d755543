import type { TMailQueuedAnswer } from '@rally/domain';
import type { AccountDeps } from './account-deps.js';
import { MAIL_QUEUED } from './account-errors.js';
import { findAccountByEmail, insertNoToken, insertToken } from './account.repository.js';
import { takeMailDoorAttempt } from './account-throttle.js';
import { newToken, TOKEN_LIFETIME_SECONDS } from './account-tokens.js';

/**
 * Mails a reset link to the address if it has an account; answers the same either way, after the same statements
 * (a link stored, or a statement matching nothing), and mails nothing to an address without an account.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string, ip: string): Promise<TMailQueuedAnswer> {
  await takeMailDoorAttempt(deps.db, 'password-reset', email, ip);
  const { token, tokenHash } = newToken();
  const account = await deps.db.transaction(async (tx) => {
    const found = await findAccountByEmail(tx, email);
    if (!found) {
      await insertNoToken(tx, 'reset-password');
      return null;
    }
    await insertToken(tx, { purpose: 'reset-password', tokenHash, userId: found.id, email: found.email, lifetimeSeconds: TOKEN_LIFETIME_SECONDS['reset-password'] });
    return found;
  });
  if (account) deps.mail.send(account.email, account.locale, { kind: 'reset-password', url: deps.links.resetPassword(token) });
  return MAIL_QUEUED;
}
