import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, ZErrorBody } from '@rally/domain';
import { AppError, appError, codeForStatus, invalid } from '../../lib/app-error.js';
import type { Auth } from './auth.js';
import type { KnownDevices } from './known-device.js';
import { headersOf } from './request-context.js';
import { clearSignInAttempts, registerSignInThrottleSweep, takeSignInAttempt } from './sign-in-throttle.js';

export const ZSignInBody = z
  .object({
    email: z.email({ message: 'a valid email address' }).max(254),
    password: z.string().min(1, { message: 'required' }).max(128),
    rememberMe: z.boolean().optional(),
    callbackURL: z
      .string()
      .max(2000)
      .refine(isSameSitePath, { message: 'a path on this site, starting with a single /' })
      .optional(),
  })
  .strict();

/** The user as better-auth answers it (more fields may follow; clients read these). */
const ZAuthUser = z.object({ id: z.string(), email: z.string(), name: z.string() }).passthrough();

/** better-auth's answers, relayed as they are (documented for the OpenAPI document; the text is sent unchanged). */
const ZSignInAnswer = z.union([
  z.object({ redirect: z.boolean(), token: z.string(), url: z.string().nullish(), user: ZAuthUser }).passthrough(),
  // Two-factor is on (modules/sign-in-security): no session yet; the code goes to POST /api/auth/two-factor/verify.
  z.object({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.string()) }).passthrough(),
]);
const ZSessionAnswer = z
  .object({ session: z.object({ id: z.string(), userId: z.string(), expiresAt: z.string() }).passthrough(), user: ZAuthUser })
  .passthrough()
  .nullable()
  .describe('The session and its user; null when signed out');

/**
 * Where better-auth says to go after signing in, echoed in its answer: a path on this site only, refused by name
 * here. better-auth's own check answers a bare 403 naming no field (and is off under NODE_ENV=test, where any address
 * — `https://evil.example`, `//evil.example`, `/\\evil.example` — would be echoed back).
 */
function isSameSitePath(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) return false;
  const path = value.split(/[?#]/)[0] ?? '';
  if (/%2f|%5c/i.test(path)) return false;
  try {
    return new URL(value, 'http://same.invalid').origin === 'http://same.invalid';
  } catch {
    return false;
  }
}

/** Hands a request to better-auth's web handler and relays its answer, errors in our shape. */
async function forward(auth: Auth, baseURL: string, request: FastifyRequest, reply: FastifyReply, onSuccess?: () => Promise<void>) {
  const headers = headersOf(request);
  headers.delete('content-length');
  // better-auth records a session's IP from X-Forwarded-For: the address we see (the one our limits count), not
  // whatever the client wrote there. The account's session list shows it.
  headers.set('x-forwarded-for', request.ip);
  const init: RequestInit = { method: request.method, headers };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = JSON.stringify(request.body ?? {});
    headers.set('content-type', 'application/json');
  }
  const host = request.headers.host;
  const origin = host ? `${request.protocol}://${host}` : baseURL;
  const res = await auth.handler(new Request(new URL(request.url, origin), init));
  const cookies = res.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await res.text();
  if (res.status >= 400) {
    let body: { message?: string; code?: string } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      /* better-auth answered without a JSON body */
    }
    // better-auth refuses a callbackURL off the trusted origins with a bare 403; it is bad input, named like any other.
    if (body.code === 'INVALID_CALLBACK_URL') {
      throw invalid([{ path: 'callbackURL', message: 'a path on this site (/…) or an address on a trusted origin' }]);
    }
    // Only after the right password (better-auth checks it first): the account waits for its address to be verified.
    if (body.code === 'EMAIL_NOT_VERIFIED') {
      throw appError(ERROR_CODES.emailNotVerified, 'Verify your email address first: follow the link we mailed you, or ask for a new one', [
        { path: 'email', message: 'not verified yet' },
      ]);
    }
    const message = body.message ?? 'Authentication failed';
    // better-auth's own codes (INVALID_EMAIL_OR_PASSWORD…) are not ours to promise; its status picks one of ERROR_CODES.
    throw new AppError(res.status, codeForStatus(res.status, ERROR_CODES.authFailed), message);
  }
  await onSuccess?.();
  for (const [key, value] of res.headers) {
    if (key === 'set-cookie' || key === 'content-length' || key === 'content-encoding') continue;
    reply.header(key, value);
  }
  return reply.status(res.status).send(text === '' ? null : text);
}

export interface AuthRoutesOptions {
  auth: Auth;
  baseURL: string;
  signInRateLimit: { max: number; timeWindow: number };
  /** Browsers that signed in before get past the account's back-off (decision 0016). */
  knownDevices: KnownDevices;
}

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  registerSignInThrottleSweep(app.jobs, db);
  r.post(
    '/api/auth/sign-in/email',
    {
      config: { permission: 'public', rateLimit: opts.signInRateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; sets the session cookie',
        description:
          'Limited per address and per account: 5 attempts for one email back to back, then 429 with Retry-After (30 s, doubling up to 15 minutes); a success forgets the failures. A success also sets the HttpOnly cookie `rally_known_device`: this browser\'s later attempts at the email are counted apart (same limits), so others\' guesses cannot lock it out. The right password of an account whose address is not verified answers 403 EMAIL_NOT_VERIFIED (no session).',
        body: ZSignInBody,
        response: { 200: ZSignInAnswer, 401: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) => {
      // Per account as well as per IP (decision 0016): counted before better-auth checks the password — on the
      // account's key, or on this browser's own when it proves it signed in to the account before.
      const { email } = request.body;
      const device = opts.knownDevices.proofOf(request, 'dashboard', email);
      await takeSignInAttempt(db, 'dashboard', email, device);
      return forward(opts.auth, opts.baseURL, request, reply, async () => {
        await clearSignInAttempts(db, 'dashboard', email, device);
        opts.knownDevices.remember(request, reply, 'dashboard', email);
      });
    },
  );
  r.post(
    '/api/auth/sign-out',
    { config: { permission: 'public' }, schema: { tags: ['auth'], summary: 'Sign out; clears the session cookie', body: z.object({}).strict().optional(), response: { 200: z.object({ success: z.boolean() }) } } },
    (request, reply) => {
      app.caches.sessions.evict(request);
      return forward(opts.auth, opts.baseURL, request, reply);
    },
  );
  r.get(
    '/api/auth/get-session',
    { config: { permission: 'public' }, schema: { tags: ['auth'], summary: 'The current session and user, or null', querystring: z.object({}).strict(), response: { 200: ZSessionAnswer } } },
    (request, reply) => forward(opts.auth, opts.baseURL, request, reply),
  );
  // Nothing else of better-auth is reachable: its sign-up, password reset, organization and account calls answer
  // 404 (the not-found handler). Sign-up, verification, password reset and the account's calls are modules/account's
  // own routes; brand switching is POST /api/me/brand.

}
