import { createHash, randomBytes } from 'node:crypto';
import type { AccountTokenPurpose } from '../../db/schema/index.js';

/** How long a mailed link works: a reset for an hour (it opens the account), the others for a day. */
export const TOKEN_LIFETIME_SECONDS: Record<AccountTokenPurpose, number> = {
  'verify-email': 24 * 3_600,
  'reset-password': 3_600,
  'change-email': 24 * 3_600,
};

/** What the table keeps of a token: its sha-256 (a token is 256 random bits, so no salt or slow hash is needed). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new link's token (32 random bytes, base64url: 43 characters, ZMailedToken) and its hash. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}
