import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { getCookies, stripSecureCookiePrefix } from 'better-auth/cookies';
import { ERROR_CODES, type TTwoFactorSetup, type TTwoFactorStatus } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { brands, members, users } from '../../db/schema/index.js';
import { AppError, appError, invalid } from '../../lib/app-error.js';
import {
  cookieValue,
  deleteThrottle,
  takeThrottledAttempt,
  throttleKey,
  type Auth,
  type RequestUser,
  type ThrottlePolicy,
} from '../auth/index.js';
import { callAuth, relayCookies, type AuthAnswer } from './better-auth-call.js';

/**
 * Guesses at an account's second factor, counted per account like password attempts (decision 0016): 5 back to back,
 * then 30 s doubling up to 15 minutes; a success forgets them. On top of better-auth's own limits (5 per challenge,
 * a 15-minute lock after 10 failures).
 */
export const TWO_FACTOR_THROTTLE: ThrottlePolicy = {
  free: 5,
  baseSeconds: 30,
  capSeconds: 900,
  forgetAfterSeconds: 86_400,
};
const throttleOf = (userId: string) => throttleKey('two-factor', userId);
const takeAttempt = (db: Db, key: string) =>
  takeThrottledAttempt(db, key, TWO_FACTOR_THROTTLE, { path: 'code', what: 'this account' });

const isTotp = (code: string) => /^\d{6}$/.test(code);

export async function twoFactorStatus(db: Db, user: RequestUser): Promise<TTwoFactorStatus> {
  const [row] = await db
    .select({
      enabled: users.twoFactorEnabled,
      hasPassword: sql<boolean>`exists (select 1 from accounts a where a.user_id = ${user.userId} and a.provider_id = 'credential')`,
    })
    .from(users)
    .where(eq(users.id, user.userId));
  const requiredBy = await db
    .select({ id: brands.id, name: brands.name })
    .from(members)
    .innerJoin(brands, eq(brands.id, members.organizationId))
    .where(and(eq(members.userId, user.userId), eq(brands.requireTwoFactor, true)))
    .orderBy(brands.name);
  return { enabled: row?.enabled ?? false, hasPassword: row?.hasPassword ?? false, requiredBy };
}

/** A refusal of better-auth's as ours, naming the field it is about. */
function refusal(answer: AuthAnswer): AppError {
  switch (answer.code) {
    case 'INVALID_PASSWORD':
      return invalid([{ path: 'password', message: 'wrong password' }], 'Wrong password');
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
      return invalid([{ path: 'code', message: 'wrong or expired code' }], 'Wrong code');
    case 'TOTP_ALREADY_ENABLED':
      return appError(ERROR_CODES.conflict, 'Two-factor is already on');
    case 'TOTP_NOT_ENABLED':
    case 'TWO_FACTOR_NOT_ENABLED':
      return appError(ERROR_CODES.conflict, 'Two-factor is not on: turn it on first');
    case 'SESSION_NOT_FRESH':
      return appError(ERROR_CODES.unauthenticated, 'Sign in again to change two-factor');
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return new AppError(
        429,
        ERROR_CODES.rateLimited,
        'Too many wrong codes; try again in 15 minutes',
        [{ path: 'code', message: 'too many wrong codes' }],
        {
          'retry-after': '900',
        },
      );
    default:
      return new AppError(
        answer.status >= 500 ? 500 : 400,
        answer.status >= 500 ? ERROR_CODES.internal : ERROR_CODES.authFailed,
        'Two-factor failed',
      );
  }
}

/** Starts turning two-factor on: the password again, then a secret and backup codes (on once a first code confirms). */
export async function enableTwoFactor(auth: Auth, request: FastifyRequest, password: string): Promise<TTwoFactorSetup> {
  const answer = await callAuth(auth, request, '/two-factor/enable', { password, method: 'totp' });
  if (answer.status !== 200) throw refusal(answer);
  const totpURI = String(answer.body?.totpURI ?? '');
  const backupCodes = Array.isArray(answer.body?.backupCodes) ? (answer.body.backupCodes as string[]) : [];
  return { totpURI, secret: new URL(totpURI).searchParams.get('secret') ?? '', backupCodes };
}

/** The first code from the app turns two-factor on; better-auth replaces the session (its cookie is relayed). */
export async function confirmTwoFactor(
  auth: Auth,
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  user: RequestUser,
  code: string,
) {
  const key = throttleOf(user.userId);
  await takeAttempt(db, key);
  const answer = await callAuth(auth, request, '/two-factor/verify-totp', { code });
  if (answer.status !== 200) throw refusal(answer);
  await deleteThrottle(db, key);
  relayCookies(reply, answer);
  return { enabled: true };
}

/** Turning it off takes the password and a code (TOTP or backup): a stolen session alone cannot. */
export async function disableTwoFactor(
  auth: Auth,
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  user: RequestUser,
  body: { password: string; code: string },
) {
  const key = throttleOf(user.userId);
  await takeAttempt(db, key);
  const [row] = await db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, user.userId));
  if (!row?.enabled) throw appError(ERROR_CODES.conflict, 'Two-factor is not on');
  const checked = isTotp(body.code)
    ? await callAuth(auth, request, '/two-factor/verify-totp', { code: body.code })
    : await callAuth(auth, request, '/two-factor/verify-backup-code', { code: body.code, disableSession: true });
  if (checked.status !== 200) throw refusal(checked);
  const answer = await callAuth(auth, request, '/two-factor/disable', { password: body.password });
  if (answer.status !== 200) throw refusal(answer);
  await deleteThrottle(db, key);
  relayCookies(reply, answer);
  return { enabled: false };
}

/** The signed two-factor challenge cookie better-auth set at the password step, and the account it waits for. */
async function challengedUser(auth: Auth, request: FastifyRequest): Promise<string | null> {
  // Named like the session cookie, with better-auth's prefix: <prefix>.two_factor.
  const name = stripSecureCookiePrefix(getCookies(auth.options).sessionToken.name).replace(
    /session_token$/,
    'two_factor',
  );
  const raw = cookieValue(request.headers.cookie, `__Secure-${name}`) ?? cookieValue(request.headers.cookie, name);
  if (!raw) return null;
  const identifier = raw.slice(0, Math.max(0, raw.lastIndexOf('.')));
  if (!identifier) return null;
  // Through better-auth's adapter: it knows whether identifiers are stored hashed.
  const ctx = await auth.$context;
  const row = await ctx.internalAdapter.findVerificationValue(identifier);
  return row && row.expiresAt > new Date() ? row.value : null;
}

/**
 * The sign-in's second step: a TOTP or a backup code against the challenge the password step left in a cookie.
 * Counted per account before better-auth checks it; a success forgets the count and sets the session cookie.
 */
export async function verifySecondFactor(
  auth: Auth,
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { code: string; backupCode?: boolean; trustDevice?: boolean },
) {
  const userId = await challengedUser(auth, request);
  if (!userId) throw appError(ERROR_CODES.unauthenticated, 'The sign-in expired: enter your email and password again');
  const key = throttleOf(userId);
  await takeAttempt(db, key);
  const backup = body.backupCode === true || !isTotp(body.code);
  const answer = backup
    ? await callAuth(auth, request, '/two-factor/verify-backup-code', {
        code: body.code,
        trustDevice: body.trustDevice,
      })
    : await callAuth(auth, request, '/two-factor/verify-totp', { code: body.code, trustDevice: body.trustDevice });
  if (answer.status !== 200) {
    if (answer.code === 'INVALID_TWO_FACTOR_COOKIE' || answer.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
      relayCookies(reply, answer);
      throw appError(ERROR_CODES.unauthenticated, 'The sign-in expired: enter your email and password again');
    }
    if (answer.code === 'INVALID_CODE' || answer.code === 'INVALID_BACKUP_CODE') {
      throw new AppError(401, ERROR_CODES.authFailed, 'Wrong code', [
        { path: 'code', message: 'wrong or expired code' },
      ]);
    }
    throw refusal(answer);
  }
  await deleteThrottle(db, key);
  relayCookies(reply, answer);
  const user = answer.body?.user as { id: string; email: string; name: string } | undefined;
  return { user: { id: user?.id ?? userId, email: user?.email ?? '', name: user?.name ?? '' } };
}
