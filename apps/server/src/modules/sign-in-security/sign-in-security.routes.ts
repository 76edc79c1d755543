import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SSO_ERRORS,
  ZBrandSignInSecurity,
  ZErrorBody,
  ZOidcConfigInput,
  ZOk,
  ZRequireTwoFactorBody,
  ZSsoLookup,
  ZSsoStart,
  ZSsoStartBody,
  ZTwoFactorConfirmBody,
  ZTwoFactorDisableBody,
  ZTwoFactorEnableBody,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
  ZTwoFactorVerifyBody,
} from '@rally/domain';
import { errorResponses, rateLimitedResponse } from '../../lib/error-responses.js';
import type { Auth } from '../auth/index.js';
import {
  getBrandSignInSecurity,
  removeOidcConfig,
  saveOidcConfig,
  setTwoFactorRequirement,
} from './brand-sign-in-security.js';
import { createClientSecretCipher } from './client-secret-cipher.js';
import { finishSsoSignIn, lookupSso, startSsoSignIn, type SsoDeps } from './sso-sign-in.js';
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  twoFactorStatus,
  verifySecondFactor,
} from './two-factor.js';

const errors = { ...errorResponses, 429: rateLimitedResponse };
const ZEnabled = z.object({ enabled: z.boolean() });

export interface SignInSecurityRoutesOptions {
  auth: Auth;
  publicUrl: string;
  secret: string;
  secureCookies: boolean;
  /** The per-IP limit of the sign-in doors, for the second step and SSO's start as well. */
  signInRateLimit: { max: number; timeWindow: number };
}

export async function signInSecurityRoutes(app: FastifyInstance, opts: SignInSecurityRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const { auth } = opts;
  const sso: SsoDeps = {
    db,
    auth,
    cipher: createClientSecretCipher(opts.secret),
    publicUrl: opts.publicUrl,
    secret: opts.secret,
    secureCookies: opts.secureCookies,
  };

  // --- Two-factor on my account (open to a member whose brand requires it: that is how they comply).
  r.get(
    '/api/account/two-factor',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['account'],
        summary: 'Whether two-factor is on for me, and which of my brands require it',
        response: { 200: ZTwoFactorStatus, ...errors },
      },
    },
    async (request) => twoFactorStatus(db, await app.user(request)),
  );
  r.post(
    '/api/account/two-factor/enable',
    {
      config: { permission: 'signed-in', rateLimit: opts.signInRateLimit },
      schema: {
        tags: ['account'],
        summary:
          'Start turning two-factor on: my password again; answers the authenticator secret (otpauth URI) and backup codes',
        description:
          'Two-factor is on only once POST /api/account/two-factor/confirm accepts a first code from the app.',
        body: ZTwoFactorEnableBody,
        response: { 200: ZTwoFactorSetup, ...errors },
      },
    },
    async (request) => {
      await app.user(request);
      return enableTwoFactor(auth, request, request.body.password);
    },
  );
  r.post(
    '/api/account/two-factor/confirm',
    {
      config: { permission: 'signed-in', rateLimit: opts.signInRateLimit },
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor on with a first code from the authenticator app',
        body: ZTwoFactorConfirmBody,
        response: { 200: ZEnabled, ...errors },
      },
    },
    async (request, reply) => {
      const user = await app.user(request);
      const result = await confirmTwoFactor(auth, db, request, reply, user, request.body.code);
      app.caches.sessions.evict(request);
      return result;
    },
  );
  r.post(
    '/api/account/two-factor/disable',
    {
      config: { permission: 'signed-in', rateLimit: opts.signInRateLimit },
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor off: my password and a code (from the app, or a backup code)',
        body: ZTwoFactorDisableBody,
        response: { 200: ZEnabled, ...errors },
      },
    },
    async (request, reply) => {
      const user = await app.user(request);
      const result = await disableTwoFactor(auth, db, request, reply, user, request.body);
      app.caches.sessions.evict(request);
      return result;
    },
  );

  // --- The sign-in's second step (after POST /api/auth/sign-in/email answered twoFactorRedirect).
  r.post(
    '/api/auth/two-factor/verify',
    {
      config: { permission: 'public', rateLimit: opts.signInRateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Second step of signing in: a code from the authenticator app or a backup code; sets the session cookie',
        description:
          'Counted per account like the password (5 back to back, then 429 with Retry-After, 30 s doubling up to 15 minutes). A wrong code is 401 naming `code`; an expired or used-up challenge is 401 UNAUTHENTICATED (sign in again).',
        body: ZTwoFactorVerifyBody,
        response: {
          200: z.object({ user: z.object({ id: z.string(), email: z.string(), name: z.string() }) }),
          400: ZErrorBody,
          401: ZErrorBody,
          429: rateLimitedResponse,
        },
      },
    },
    async (request, reply) => verifySecondFactor(auth, db, request, reply, request.body),
  );

  // --- Single sign-on (OpenID Connect).
  r.post(
    '/api/auth/sso/lookup',
    {
      // Asked as the email is typed: a per-address limit of its own (it tells only whether a domain has SSO).
      config: { permission: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: "Whether an email's domain signs in with its brand's SSO",
        body: ZSsoStartBody,
        response: { 200: ZSsoLookup, 400: ZErrorBody, 429: rateLimitedResponse },
      },
    },
    async (request) => lookupSso(db, request.body.email),
  );
  r.post(
    '/api/auth/sso/start',
    {
      config: { permission: 'public', rateLimit: opts.signInRateLimit },
      schema: {
        tags: ['auth'],
        summary:
          "Start signing in with the SSO of the email's domain: answers the provider address to send the browser to",
        body: ZSsoStartBody,
        response: { 200: ZSsoStart, 400: ZErrorBody, 429: rateLimitedResponse },
      },
    },
    async (request, reply) => startSsoSignIn(sso, reply, request.body.email),
  );
  r.get(
    '/api/auth/sso/callback',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Where the provider sends the browser back: signs in and redirects to the dashboard, or to /sign-in?sso_error=…',
        description: `Always a 302. Reasons on refusal: ${SSO_ERRORS.join(', ')}.`,
        querystring: z
          .object({
            code: z.string().max(4000).optional(),
            state: z.string().max(500).optional(),
            error: z.string().max(500).optional(),
          })
          .passthrough(),
        response: { 302: z.null().describe('Redirect to the dashboard or the sign-in page') },
      },
    },
    async (request, reply) => {
      const location = await finishSsoSignIn(sso, request, reply, request.query);
      return reply.code(302).header('location', location).send(null);
    },
  );

  // --- The brand's sign-in security (owners).
  r.get(
    '/api/brand/sign-in-security',
    {
      config: { permission: 'brand:security' },
      schema: {
        tags: ['brand'],
        summary: "The brand's sign-in security: two-factor requirement and OpenID Connect provider (never its secret)",
        response: { 200: ZBrandSignInSecurity, ...errors },
      },
    },
    async (request) => getBrandSignInSecurity(db, (await app.actor(request)).brandId, opts.publicUrl),
  );
  r.put(
    '/api/brand/sign-in-security/two-factor',
    {
      config: { permission: 'brand:security' },
      schema: {
        tags: ['brand'],
        summary: "Require two-factor of the brand's members (who sign in with a password), or stop requiring it",
        description:
          "Members without two-factor then get 403 TWO_FACTOR_REQUIRED on the brand's routes until they turn it on; the owner must have it on first.",
        body: ZRequireTwoFactorBody,
        response: { 200: ZBrandSignInSecurity, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      await setTwoFactorRequirement(db, actor, request.body.requireTwoFactor);
      // Every cached session re-reads the requirement now, not in up to 5 s.
      app.caches.sessions.evictAll();
      return getBrandSignInSecurity(db, actor.brandId, opts.publicUrl);
    },
  );
  r.put(
    '/api/brand/sign-in-security/oidc',
    {
      config: { permission: 'brand:security' },
      schema: {
        tags: ['brand'],
        summary:
          "Configure the brand's OpenID Connect provider: issuer, client id and secret, email domains, default role",
        description:
          'The issuer is checked against its discovery document. Each domain belongs to one brand (409 naming `domains`). The secret is stored encrypted and never answered; leave it out to keep the stored one.',
        body: ZOidcConfigInput,
        response: { 200: ZBrandSignInSecurity, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      await saveOidcConfig(db, sso.cipher, actor, request.body);
      return getBrandSignInSecurity(db, actor.brandId, opts.publicUrl);
    },
  );
  r.delete(
    '/api/brand/sign-in-security/oidc',
    {
      config: { permission: 'brand:security' },
      schema: { tags: ['brand'], summary: 'Stop single sign-on for the brand', response: { 200: ZOk, ...errors } },
    },
    async (request) => {
      await removeOidcConfig(db, await app.actor(request));
      return { ok: true as const };
    },
  );
}
