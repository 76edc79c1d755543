import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getCookies } from 'better-auth/cookies';
import type { TSsoError } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { invalid } from '../../lib/app-error.js';
import { recordActivity } from '../activity/index.js';
import { cookieValue, SESSION_POLICY, type Auth } from '../auth/index.js';
import { ssoRedirectUri } from './brand-sign-in-security.js';
import type { ClientSecretCipher } from './client-secret-cipher.js';
import { authorizationUrl, discover, newAuthorizationRequest, OidcError, redeemCode, sha256 } from './oidc-client.js';
import * as repo from './sign-in-security.repository.js';

/** The browser that started a sign-in carries its state: a callback from another browser is refused (login CSRF). */
export const SSO_STATE_COOKIE = 'rally_sso_state';
const REQUEST_TTL_SECONDS = 600;

export interface SsoDeps {
  db: Db;
  auth: Auth;
  cipher: ClientSecretCipher;
  publicUrl: string;
  secret: string;
  secureCookies: boolean;
}

const domainOf = (email: string) => email.trim().toLowerCase().split('@').pop() ?? '';

/** The account key of a brand's provider in better-auth's accounts table. */
export const ssoProviderId = (brandId: string) => `sso:${brandId}`;

/** Whether the email's domain signs in through a brand's provider (says nothing about the email itself). */
export async function lookupSso(db: Db, email: string) {
  return { sso: (await repo.providerForDomain(db, domainOf(email))) !== null };
}

/** Sends the browser to the provider: the authorization URL, with state, nonce and PKCE kept for the callback. */
export async function startSsoSignIn(deps: SsoDeps, reply: FastifyReply, email: string) {
  const provider = await repo.providerForDomain(deps.db, domainOf(email));
  if (!provider)
    throw invalid(
      [{ path: 'email', message: 'this email domain does not sign in with SSO' }],
      'No single sign-on for this email domain',
    );
  let metadata;
  try {
    metadata = await discover(provider.issuer);
  } catch (error) {
    if (error instanceof OidcError)
      throw invalid(
        [{ path: 'email', message: 'the sign-in provider of this domain cannot be reached; try again later' }],
        error.message,
      );
    throw error;
  }
  const req = newAuthorizationRequest();
  await repo.insertSignInRequest(deps.db, {
    stateHash: sha256(req.state),
    brandId: provider.brandId,
    nonce: req.nonce,
    codeVerifier: req.codeVerifier,
    expiresAt: new Date(Date.now() + REQUEST_TTL_SECONDS * 1000),
  });
  reply.header(
    'set-cookie',
    `${SSO_STATE_COOKIE}=${req.state}; Path=/api/auth/sso; Max-Age=${REQUEST_TTL_SECONDS}; HttpOnly; SameSite=Lax${deps.secureCookies ? '; Secure' : ''}`,
  );
  return {
    url: authorizationUrl(metadata, {
      clientId: provider.clientId,
      redirectUri: ssoRedirectUri(deps.publicUrl),
      state: req.state,
      nonce: req.nonce,
      codeVerifier: req.codeVerifier,
      loginHint: email.trim(),
    }),
  };
}

const sameState = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Where a refused sign-in lands: the sign-in page, which explains the code. */
const refused = (error: TSsoError) => `/sign-in?sso_error=${error}`;

/**
 * The provider's redirect back. The state must be this browser's and unused; the code is redeemed and the id_token
 * verified; its email must be of one of the brand's domains. A first sign-in creates the account (verified: the
 * provider vouches for the address) and the membership with the brand's default role. An existing account is linked
 * only when it is a member of the brand already: a provider is never a way into someone else's account.
 * Answers where to send the browser: the dashboard, or the sign-in page with the reason.
 */
export async function finishSsoSignIn(
  deps: SsoDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  query: { state?: string; code?: string; error?: string },
): Promise<string> {
  const cookieState = cookieValue(request.headers.cookie, SSO_STATE_COOKIE);
  reply.header(
    'set-cookie',
    `${SSO_STATE_COOKIE}=; Path=/api/auth/sso; Max-Age=0; HttpOnly; SameSite=Lax${deps.secureCookies ? '; Secure' : ''}`,
  );
  if (!query.state || !cookieState || !sameState(query.state, cookieState)) return refused('invalid_state');
  const pending = await repo.consumeSignInRequest(deps.db, sha256(query.state));
  if (!pending) return refused('invalid_state');
  if (query.error || !query.code) return refused('provider_error');
  const provider = await repo.providerOfBrand(deps.db, pending.brandId);
  if (!provider) return refused('not_configured');
  let claims;
  try {
    const metadata = await discover(provider.issuer);
    claims = await redeemCode(metadata, {
      clientId: provider.clientId,
      clientSecret: deps.cipher.decrypt(provider.clientSecretEncrypted),
      redirectUri: ssoRedirectUri(deps.publicUrl),
      code: query.code,
      codeVerifier: pending.codeVerifier,
      nonce: pending.nonce,
    });
  } catch (error) {
    request.log.warn({ err: error, brandId: pending.brandId }, 'sso sign-in refused');
    return refused('invalid_token');
  }
  const domains = (await repo.findBrandSecurity(deps.db, pending.brandId)).domains;
  if (!domains.includes(domainOf(claims.email))) return refused('domain_mismatch');

  const providerId = ssoProviderId(pending.brandId);
  const userId = await deps.db.transaction(async (tx) => {
    const linked = await repo.findLinkedUser(tx, providerId, claims.sub);
    if (linked) return linked;
    const existing = await repo.findUserByEmail(tx, claims.email);
    if (existing) {
      if (!(await repo.membershipOf(tx, pending.brandId, existing.id))) return null;
      await repo.linkAccount(tx, existing.id, providerId, claims.sub);
      return existing.id;
    }
    const name = claims.name?.trim() || claims.email.split('@')[0]!;
    const id = await repo.createVerifiedUser(tx, claims.email, name);
    await repo.linkAccount(tx, id, providerId, claims.sub);
    await repo.addMember(tx, pending.brandId, id, provider.defaultRole);
    await recordActivity(tx, {
      brandId: pending.brandId,
      actor: { kind: 'user', userId: id, name },
      action: 'member.joined_via_sso',
      subject: { type: 'member', id, label: claims.email },
      changes: [{ field: 'role', old: null, new: provider.defaultRole }],
    });
    return id;
  });
  if (!userId) return refused('account_exists');

  const ctx = await deps.auth.$context;
  const session = await ctx.internalAdapter.createSession(userId);
  await repo.setActiveBrand(deps.db, session.id, pending.brandId);
  // better-auth's signed session cookie (the scheme session-lookup.ts verifies): token.HMAC-SHA256(token), base64.
  const cookie = getCookies(deps.auth.options).sessionToken;
  const signature = createHmac('sha256', deps.secret).update(session.token).digest('base64');
  reply.header('set-cookie', [
    `${SSO_STATE_COOKIE}=; Path=/api/auth/sso; Max-Age=0; HttpOnly; SameSite=Lax${deps.secureCookies ? '; Secure' : ''}`,
    `${cookie.name}=${encodeURIComponent(`${session.token}.${signature}`)}; Path=/; Max-Age=${SESSION_POLICY.expiresIn}; HttpOnly; SameSite=Lax${deps.secureCookies ? '; Secure' : ''}`,
  ]);
  return '/';
}
