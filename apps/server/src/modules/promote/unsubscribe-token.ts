import { createHmac, timingSafeEqual } from 'node:crypto';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url').toString('utf8');
const mac = (secret: string, brandId: string, email: string) =>
  createHmac('sha256', secret).update(`promote-unsubscribe\n${brandId}\n${email}`).digest('base64url').slice(0, 32);

/** A link token naming brand and address, signed: nobody can unsubscribe an address they did not get mail at. */
export function unsubscribeToken(secret: string, brandId: string, email: string): string {
  return `${b64(brandId)}.${b64(email)}.${mac(secret, brandId, email)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { brandId: string; email: string } | null {
  const [b, e, m] = token.split('.');
  if (!b || !e || !m || token.length > 600) return null;
  const brandId = unb64(b);
  const email = unb64(e);
  const expected = Buffer.from(mac(secret, brandId, email));
  const given = Buffer.from(m);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { brandId, email } : null;
}
