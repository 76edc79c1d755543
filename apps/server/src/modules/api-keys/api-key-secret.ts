import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX } from '@rally/domain';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new key: its public id (12 of [a-z0-9], 62 bits), the secret (32 random bytes) and what is stored of it. */
export function newApiKeySecret(): { id: string; token: string; secretHash: string } {
  const bytes = randomBytes(12);
  const id = Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
  const secret = randomBytes(32).toString('base64url');
  return { id, token: `${API_KEY_PREFIX}${id}_${secret}`, secretHash: hashSecret(secret) };
}

/** SHA-256, hex: the secret has 256 bits of entropy, so a fast hash is enough (no password stretching needed). */
export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Compares a presented secret with the stored hash in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

export const keyPrefix = (id: string) => `${API_KEY_PREFIX}${id}_`;
