import { ERROR_CODES, type TEmailAnswer } from '@rally/domain';
import { conflict } from '../../lib/app-error.js';
import type { AccountDeps } from './account-deps.js';
import { linkExpired } from './account-errors.js';
import { consumeToken, deleteUnusedTokens, findAccountById, moveToEmail } from './account.repository.js';
import { hashToken } from './account-tokens.js';

/**
 * Follows the link mailed to a new address: the account moves to it, verified (the click proved the mailbox). Links
 * mailed to the old address (verification, reset) die with it, and the old address is told. No session is needed:
 * the link is the proof, and it works once.
 */
export async function confirmEmailChange(deps: AccountDeps, token: string): Promise<TEmailAnswer> {
  const moved = await deps.db.transaction(async (tx) => {
    const link = await consumeToken(tx, 'change-email', hashToken(token));
    const account = link && (await findAccountById(tx, link.userId));
    if (!link || !account) throw linkExpired();
    if (!(await moveToEmail(tx, account.id, link.email))) {
      throw conflict('This address has an account of its own now; ask for the change again with another address', ERROR_CODES.conflict, [
        { path: 'token', message: 'the new address has an account now' },
      ]);
    }
    for (const purpose of ['change-email', 'reset-password', 'verify-email'] as const) await deleteUnusedTokens(tx, account.id, purpose);
    return { account, email: link.email };
  });
  deps.evictUser(moved.account.id);
  deps.mail.send(moved.account.email, moved.account.locale, { kind: 'email-changed', newEmail: moved.email });
  return { email: moved.email };
}
