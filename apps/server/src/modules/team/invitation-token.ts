import { createHash, randomBytes } from 'node:crypto';

/** A new invitation link token (32 random bytes, base64url: 43 characters) and the sha256 the database keeps. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

/** Only this is stored: a database read does not give anyone a working link. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
