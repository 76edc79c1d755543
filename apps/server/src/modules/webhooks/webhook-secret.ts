import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Webhook signing secrets (decision 0029). Unlike an API key's secret, which the server only compares and so keeps as
 * a hash, a signing secret must be read back to sign every delivery: it is stored encrypted with AES-256-GCM under a
 * key derived (HKDF-SHA256) from AUTH_SECRET, so a copy of the database alone does not let anyone forge our webhooks.
 * Stored text: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(authSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'rally', 'webhook-signing-secrets v1', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed webhook secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64 (what the standard's libraries accept). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
