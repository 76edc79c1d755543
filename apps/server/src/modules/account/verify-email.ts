import type { TEmailAnswer } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { linkExpired } from './account-errors.js';
import { consumeToken, markEmailVerified } from './account.repository.js';
import { hashToken } from './account-tokens.js';

/**
 * Follows a verification link: the address is verified (once; the link then is spent) if it is still the account's.
 * The person then signs in: the link itself opens no session, so a forwarded or leaked mail signs nobody in.
 */
export function verifyEmail(db: Db, token: string): Promise<TEmailAnswer> {
  return db.transaction(async (tx) => {
    const link = await consumeToken(tx, 'verify-email', hashToken(token));
    if (!link || !(await markEmailVerified(tx, link.userId, link.email))) throw linkExpired();
    return { email: link.email };
  });
}
