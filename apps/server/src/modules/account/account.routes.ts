import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAccountProfile,
  ZAccountSessions,
  ZChangeEmailBody,
  ZChangePasswordBody,
  ZEmailAnswer,
  ZEmailRequestBody,
  ZErrorBody,
  ZMailedTokenBody,
  ZMailQueuedAnswer,
  ZResendVerificationBody,
  ZResetPasswordBody,
  ZRevokedSessions,
  ZSignInOptions,
  ZSignUpBody,
  ZUpdateProfileBody,
} from '@rally/domain';
import { rateLimitedResponse } from '../../lib/error-responses.js';
import type { AccountDeps } from './account-deps.js';
import { accountLinks, createAccountMailer } from './account-mail.js';
import { changePassword } from './change-password.js';
import { confirmEmailChange } from './confirm-email-change.js';
import { getProfile } from './get-profile.js';
import { getSignInOptions } from './get-sign-in-options.js';
import { listSessions } from './list-sessions.js';
import { requestEmailChange } from './request-email-change.js';
import { requestPasswordReset } from './request-password-reset.js';
import { resendVerification } from './resend-verification.js';
import { resetPassword } from './reset-password.js';
import { revokeOtherSessions, revokeSession } from './revoke-sessions.js';
import { signUp } from './sign-up.js';
import { updateProfile } from './update-profile.js';
import { verifyEmail } from './verify-email.js';

export interface AccountRoutesOptions {
  publicUrl: string;
  signUp: 'open' | 'invite-only';
  /** An account of the demo data set: the sign-in page lists the demo accounts when it exists. */
  demoAccountEmail?: string;
  /** The per-IP limit of the sign-in door, also on the doors that take a mailed link's token. */
  tokenRateLimit: { max: number; timeWindow: number };
}

const TAGS = ['account'];
const ZSessionParams = z.object({ id: z.string().min(1).max(100) }).strict();

/**
 * The front door's other calls (sign-up, verification, password reset) and the signed-in person's account (profile,
 * password, address, sessions). Every door that may mail someone answers 202 `mail-queued` whoever the address
 * belongs to; the mail goes after the answer (account-mail.ts).
 */
export async function accountRoutes(app: FastifyInstance, opts: AccountRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mail = createAccountMailer(app.mailer, app.log);
  app.addHook('onClose', () => mail.idle());
  const deps: AccountDeps = {
    db: app.database.db,
    mail,
    links: accountLinks(opts.publicUrl),
    signUp: opts.signUp,
    evictUser: (userId) => app.caches.sessions.evictUser(userId),
  };
  const tokenDoor = { permission: 'public' as const, rateLimit: opts.tokenRateLimit };

  r.get(
    '/api/auth/options',
    {
      config: { permission: 'public' },
      schema: {
        tags: TAGS,
        summary: 'What the sign-in page offers: whether sign-up is open, whether the demo accounts exist',
        querystring: z.object({}).strict(),
        response: { 200: ZSignInOptions },
      },
    },
    () => getSignInOptions(deps, opts.demoAccountEmail),
  );

  r.post(
    '/api/auth/sign-up',
    {
      config: { permission: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Sign up with name, email and password; a link to verify the address is mailed',
        description:
          'Answers 202 `mail-queued` whether or not the address has an account (its owner is then mailed a note instead). Limited per address and per IP (429 with Retry-After). 403 SIGN_UP_CLOSED when the deployment is invite-only (SIGN_UP=invite-only).',
        body: ZSignUpBody,
        response: { 202: ZMailQueuedAnswer, 400: ZErrorBody, 403: ZErrorBody, 429: rateLimitedResponse },
      },
    },
    async (request, reply) => reply.status(202).send(await signUp(deps, request.body, request.ip)),
  );
  r.post(
    '/api/auth/verify-email',
    {
      config: tokenDoor,
      schema: {
        tags: TAGS,
        summary: 'Verify an address with the token of its mailed link (works once); the person then signs in',
        body: ZMailedTokenBody,
        response: { 200: ZEmailAnswer, 400: ZErrorBody, 410: ZErrorBody },
      },
    },
    async (request) => verifyEmail(deps.db, request.body.token),
  );
  r.post(
    '/api/auth/send-verification-email',
    {
      config: { permission: 'public' },
      schema: {
        tags: TAGS,
        summary: "Mail the verification link again, to whoever knows the account's password",
        description:
          'For the sign-in form after 403 EMAIL_NOT_VERIFIED. A wrong password or an unknown address answers 401; the password is counted like a sign-in attempt, the mails per address and per IP (429 with Retry-After).',
        body: ZResendVerificationBody,
        response: { 202: ZMailQueuedAnswer, 400: ZErrorBody, 401: ZErrorBody, 429: rateLimitedResponse },
      },
    },
    async (request, reply) => reply.status(202).send(await resendVerification(deps, request.body, request.ip)),
  );
  r.post(
    '/api/auth/forgot-password',
    {
      config: { permission: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Mail a password reset link (valid one hour, works once) to the address if it has an account',
        description: 'Answers 202 `mail-queued` whether or not the address has an account. Limited per address and per IP (429 with Retry-After).',
        body: ZEmailRequestBody,
        response: { 202: ZMailQueuedAnswer, 400: ZErrorBody, 429: rateLimitedResponse },
      },
    },
    async (request, reply) => reply.status(202).send(await requestPasswordReset(deps, request.body.email, request.ip)),
  );
  r.post(
    '/api/auth/reset-password',
    {
      config: tokenDoor,
      schema: {
        tags: TAGS,
        summary: "Set a new password with a reset link's token; every session of the account ends",
        body: ZResetPasswordBody,
        response: { 200: ZEmailAnswer, 400: ZErrorBody, 410: ZErrorBody },
      },
    },
    async (request) => resetPassword(deps, request.body.token, request.body.password),
  );

  r.get(
    '/api/account',
    {
      config: { permission: 'signed-in' },
      schema: { tags: TAGS, summary: 'My account: name, address, a pending address change', response: { 200: ZAccountProfile, 401: ZErrorBody } },
    },
    async (request) => getProfile(deps, await app.user(request)),
  );
  r.post(
    '/api/account/profile',
    {
      config: { permission: 'signed-in' },
      schema: { tags: TAGS, summary: 'Change my name', body: ZUpdateProfileBody, response: { 200: ZAccountProfile, 400: ZErrorBody, 401: ZErrorBody } },
    },
    async (request) => updateProfile(deps, await app.user(request), request.body.name),
  );
  r.post(
    '/api/account/password',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: TAGS,
        summary: 'Change my password (the current one required); my other sessions end',
        description: 'Wrong current passwords are counted per account (429 with Retry-After after 5).',
        body: ZChangePasswordBody,
        response: { 200: ZRevokedSessions, 400: ZErrorBody, 401: ZErrorBody, 429: rateLimitedResponse },
      },
    },
    async (request) => changePassword(deps, await app.user(request), request.body),
  );
  r.post(
    '/api/account/email',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: TAGS,
        summary: 'Ask to change my address (the current password required): it changes when the link mailed to the new one is followed',
        description: 'The current address is told. Answers 202 `mail-queued` whether or not the new address has an account.',
        body: ZChangeEmailBody,
        response: { 202: ZMailQueuedAnswer, 400: ZErrorBody, 401: ZErrorBody, 429: rateLimitedResponse },
      },
    },
    async (request, reply) => reply.status(202).send(await requestEmailChange(deps, await app.user(request), request.body)),
  );
  r.post(
    '/api/account/confirm-email',
    {
      config: tokenDoor,
      schema: {
        tags: TAGS,
        summary: 'Move the account to its new address with the token of the link mailed there (works once)',
        body: ZMailedTokenBody,
        response: { 200: ZEmailAnswer, 400: ZErrorBody, 409: ZErrorBody, 410: ZErrorBody },
      },
    },
    async (request) => confirmEmailChange(deps, request.body.token),
  );
  r.get(
    '/api/account/sessions',
    {
      config: { permission: 'signed-in' },
      schema: { tags: TAGS, summary: 'My signed-in sessions (browser, IP, created, last used), this one marked', response: { 200: ZAccountSessions, 401: ZErrorBody } },
    },
    async (request) => listSessions(deps, await app.user(request)),
  );
  r.delete(
    '/api/account/sessions/:id',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: TAGS,
        summary: 'Sign out one of my other sessions',
        params: ZSessionParams,
        response: { 200: ZRevokedSessions, 400: ZErrorBody, 401: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => revokeSession(deps, await app.user(request), request.params.id),
  );
  r.post(
    '/api/account/sessions/revoke-others',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: TAGS,
        summary: 'Sign out everywhere else: every session of mine but this one ends',
        body: z.object({}).strict().optional(),
        response: { 200: ZRevokedSessions, 401: ZErrorBody },
      },
    },
    async (request) => revokeOtherSessions(deps, await app.user(request)),
  );
}
