import { ZChangePasswordBody, type TRevokedSessions } from '@rally/domain';
import type { z } from 'zod';
import { invalid } from '../../lib/app-error.js';
import { deleteThrottle, hashPassword, verifyPassword, type RequestUser } from '../auth/index.js';
import type { AccountDeps } from './account-deps.js';
import { wrongCurrentPassword } from './account-errors.js';
import { deleteSessionsOf, deleteUnusedTokens, findAccountById, setPasswordHash } from './account.repository.js';
import { passwordProofKey, takePasswordProofAttempt } from './account-throttle.js';

/**
 * Changes the signed-in person's password, proven with the current one (guesses counted per account): every other
 * session ends, unused reset links die, and the address is told (a stolen session cannot change it silently).
 */
export async function changePassword(deps: AccountDeps, user: RequestUser, input: z.output<typeof ZChangePasswordBody>): Promise<TRevokedSessions> {
  await takePasswordProofAttempt(deps.db, user.userId);
  const account = await findAccountById(deps.db, user.userId);
  if (!account?.passwordHash) {
    throw invalid([{ path: 'currentPassword', message: 'this account has no password yet: set one with "Forgot password"' }]);
  }
  if (!(await verifyPassword({ hash: account.passwordHash, password: input.currentPassword }))) throw wrongCurrentPassword();
  const passwordHash = await hashPassword(input.newPassword);
  const revoked = await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, account.id, passwordHash);
    await deleteUnusedTokens(tx, account.id, 'reset-password');
    return deleteSessionsOf(tx, account.id, user.sessionId);
  });
  await deleteThrottle(deps.db, passwordProofKey(account.id));
  deps.evictUser(account.id);
  deps.mail.send(account.email, account.locale, { kind: 'password-changed', resetUrl: deps.links.forgotPassword });
  return { revoked };
}
