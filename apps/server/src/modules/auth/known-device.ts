import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from './session-lookup.js';
import { signInThrottleKey, type SignInScope } from './sign-in-throttle.js';

/**
 * Known devices (decision 0016): a browser that signed in to an account with its password keeps a proof of it, so
 * an attacker who keeps that account's back-off running from elsewhere cannot keep its owner out. A proof is an
 * issued-at and an HMAC (a key derived from AUTH_SECRET) of the account key the throttle uses (scope + sha-256 of
 * the email) and that issued-at: it names no email, cannot be made without the secret, and opens nothing by itself —
 * it only moves the attempts of that browser at that email from the account's counter to one of its own.
 */
export type PasswordScope = Extract<SignInScope, 'dashboard' | 'play-password'>;

/** One cookie per door, sent only to that door's sign-in routes. */
export const KNOWN_DEVICE_COOKIES: Record<PasswordScope, { name: string; path: string }> = {
  dashboard: { name: 'rally_known_device', path: '/api/auth/sign-in' },
  'play-password': { name: 'rally_play_known_device', path: '/api/play/auth' },
};

/** How long a proof is honoured after the sign-in that issued it (each password sign-in issues a new one). */
export const KNOWN_DEVICE_SECONDS = 180 * 86_400;
/** Proofs kept per browser and door: a store's shared tablet signs in several employees. */
const MAX_PROOFS = 5;
/** Issued-at (Unix seconds) and the base64url HMAC-SHA256. */
const PROOF = /^([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface KnownDevices {
  /** The request's valid proof for this email at this door (the id of its own attempt counter), or null. */
  proofOf(request: FastifyRequest, scope: PasswordScope, email: string): string | null;
  /** After a right password: a fresh proof for the email, kept beside the browser's proofs for other emails. */
  remember(request: FastifyRequest, reply: FastifyReply, scope: PasswordScope, email: string): void;
}

export function createKnownDevices(options: { secret: string; secureCookies: boolean }): KnownDevices {
  // A key of its own, so a proof is no valid signature of anything else signed with AUTH_SECRET.
  const key = createHmac('sha256', options.secret).update('rally:known-device:v1').digest();
  const macOf = (scope: PasswordScope, email: string, issuedAt: number) =>
    createHmac('sha256', key).update(`${signInThrottleKey(scope, email)}.${issuedAt}`).digest('base64url');

  const proofsIn = (request: FastifyRequest, scope: PasswordScope) =>
    (cookieValue(request.headers.cookie, KNOWN_DEVICE_COOKIES[scope].name) ?? '').split('~').filter(Boolean).slice(0, MAX_PROOFS);

  function isValid(proof: string, scope: PasswordScope, email: string): boolean {
    const m = PROOF.exec(proof);
    if (!m) return false;
    const issuedAt = Number(m[1]);
    const now = Math.floor(Date.now() / 1000);
    if (issuedAt > now + 60 || issuedAt < now - KNOWN_DEVICE_SECONDS) return false;
    const expected = Buffer.from(macOf(scope, email, issuedAt));
    const given = Buffer.from(m[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  return {
    proofOf(request, scope, email) {
      return proofsIn(request, scope).find((p) => isValid(p, scope, email)) ?? null;
    },
    remember(request, reply, scope, email) {
      const issuedAt = Math.floor(Date.now() / 1000);
      const others = proofsIn(request, scope).filter((p) => PROOF.test(p) && !isValid(p, scope, email));
      const value = [`${issuedAt}.${macOf(scope, email, issuedAt)}`, ...others].slice(0, MAX_PROOFS).join('~');
      const { name, path } = KNOWN_DEVICE_COOKIES[scope];
      reply.header(
        'set-cookie',
        `${name}=${value}; Path=${path}; HttpOnly; SameSite=Lax${options.secureCookies ? '; Secure' : ''}; Max-Age=${KNOWN_DEVICE_SECONDS}`,
      );
    },
  };
}
