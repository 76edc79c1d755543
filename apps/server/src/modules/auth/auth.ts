import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { organization, twoFactor } from 'better-auth/plugins';
import { createAccessControl } from 'better-auth/plugins/access';
import { MEMBER_ROLES, PERMISSION_STATEMENTS, ROLE_PERMISSIONS, type TMemberRole, type TResource } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { accounts, brands, invitations, members, sessions, twoFactors, users, verifications } from '../../db/schema/index.js';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);
export const verifyPassword = ({ hash: digest, password }: { hash: string; password: string }) =>
  verify(digest, password).catch(() => false);

// A hash of a password no one knows, with the same parameters as real ones (made once, on first use).
let nobodysHash: Promise<string> | undefined;
/**
 * Checks a password against an identity that does not exist, for as long as a real check takes: an unknown email
 * answers in the time of a wrong password, so timing does not tell which emails have an account. Always false.
 */
export async function verifyNoPassword(password: string): Promise<false> {
  nobodysHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword({ hash: await nobodysHash, password });
  return false;
}

const ac = createAccessControl(PERMISSION_STATEMENTS);

/** better-auth's roles built from the domain's role table, so both read the same rules. */
function roleFor(role: TMemberRole) {
  const grants: Partial<Record<TResource, string[]>> = {};
  for (const perm of ROLE_PERMISSIONS[role]) {
    const [resource, action] = perm.split(':') as [TResource, string];
    (grants[resource] ??= []).push(action);
  }
  return ac.newRole(grants as never);
}

/**
 * Sessions last 7 days and slide: better-auth extends one when it is used a day after its last
 * extension. Our own session lookup (request-context.ts) hands a session due for that back to better-auth.
 */
export const SESSION_POLICY = { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 } as const;

export interface AuthOptions {
  db: Db;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  secureCookies: boolean;
  /** Silence better-auth's own console logger (tests); our pino logs still record requests. */
  quiet?: boolean;
}

export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: 'Rally',
    secret: options.secret,
    baseURL: options.baseURL,
    basePath: '/api/auth',
    // The configured origins, plus the origin the request was addressed to: a
    // browser on http://127.0.0.1:3000 is as much "us" as one on localhost:3000.
    trustedOrigins: (request) => [...options.trustedOrigins, request ? new URL(request.url).origin : undefined],
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        organization: brands,
        member: members,
        invitation: invitations,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Sign-up, verification and password reset are our own use cases (modules/account), not better-auth's.
      disableSignUp: true,
      // An unverified address signs in to nothing: 403 EMAIL_NOT_VERIFIED, only after the right password.
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    session: SESSION_POLICY,
    // Sign-in is rate limited by Fastify's limiter (429 with Retry-After, our error shape).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: options.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: options.secureCookies },
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      organization({
        ac,
        roles: Object.fromEntries(MEMBER_ROLES.map((role) => [role, roleFor(role)])),
        allowUserToCreateOrganization: false,
      }),
      // TOTP only (no mailed codes): enabled from the Account page, confirmed with a first code; the sign-in's second
      // step is throttled by our routes (modules/sign-in-security) on top of the plugin's own lock.
      twoFactor({ issuer: 'Rally', twoFactorTable: 'twoFactor' }),
    ],
    telemetry: { enabled: false },
    logger: { disabled: options.quiet ?? false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
