import type { TEmailAnswer } from '@rally/domain';
import { clearSignInAttempts, hashPassword } from '../auth/index.js';
import type { AccountDeps } from './account-deps.js';
import { linkExpired } from './account-errors.js';
import { consumeToken, deleteSessionsOf, deleteUnusedTokens, findAccountById, isLiveToken, markEmailVerified, setPasswordHash } from './account.repository.js';
import { hashToken } from './account-tokens.js';

/**
 * Sets a new password from a reset link, in one transaction with spending the link: every session of the account
 * ends (whoever knew the old password is out), older reset links die, and the address counts as verified (its
 * mailbox just proved it). The sign-in back-off of the address is forgotten: its owner is back in.
 */
export async function resetPassword(deps: AccountDeps, token: string, password: string): Promise<TEmailAnswer> {
  const tokenHash = hashToken(token);
  // A dead link is refused before hashing: argon2's tens of milliseconds are not spent on made-up tokens.
  if (!(await isLiveToken(deps.db, 'reset-password', tokenHash))) throw linkExpired();
  // Before the transaction: no row lock should wait on argon2.
  const passwordHash = await hashPassword(password);
  const link = await deps.db.transaction(async (tx) => {
    const found = await consumeToken(tx, 'reset-password', tokenHash);
    // A link mailed to an address the account has left since opens nothing.
    const account = found && (await findAccountById(tx, found.userId));
    if (!found || !account || account.email !== found.email) throw linkExpired();
    await setPasswordHash(tx, found.userId, passwordHash);
    await markEmailVerified(tx, found.userId, found.email);
    await deleteUnusedTokens(tx, found.userId, 'reset-password');
    await deleteSessionsOf(tx, found.userId, null);
    return found;
  });
  deps.evictUser(link.userId);
  await clearSignInAttempts(deps.db, 'dashboard', link.email);
  return { email: link.email };
}
