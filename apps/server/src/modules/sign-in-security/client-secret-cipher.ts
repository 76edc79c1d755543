import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The OIDC client secret has to be sent to the provider, so it cannot be hashed: it is kept encrypted with
 * AES-256-GCM under a key derived from AUTH_SECRET (HKDF-SHA256, its own info label, so the key serves nothing else).
 * Stored as v1.<iv>.<tag>.<ciphertext>, base64url; rotating AUTH_SECRET means entering the secret again.
 */
export function createClientSecretCipher(authSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'rally', 'sso-client-secret-v1', 32));
  return {
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        data.toString('base64url'),
      ].join('.');
    },
    decrypt(stored: string): string {
      const [version, iv, tag, data] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not an encrypted client secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type ClientSecretCipher = ReturnType<typeof createClientSecretCipher>;
