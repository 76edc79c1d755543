import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The download link of an export: its id and expiry signed with HMAC-SHA256 under AUTH_SECRET, so the
 * emailed link works without a session and cannot be altered or extended.
 */
export function signExportLink(secret: string, id: string, expiresEpoch: number): string {
  return createHmac('sha256', secret).update(`export:${id}:${expiresEpoch}`).digest('base64url');
}

export function exportLinkPath(secret: string, id: string, expiresEpoch: number): string {
  return `/api/exports/${encodeURIComponent(id)}/download?expires=${expiresEpoch}&signature=${signExportLink(secret, id, expiresEpoch)}`;
}

export function verifyExportLink(secret: string, id: string, expiresEpoch: number, signature: string): boolean {
  const expected = Buffer.from(signExportLink(secret, id, expiresEpoch));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
