import { z } from 'zod';

// Two-factor (TOTP through better-auth's plugin) and a brand's OpenID Connect single sign-on (issue 28).

/** A TOTP code from an authenticator app: six digits (spaces a user types are dropped). */
export const ZTotpCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: 'the 6-digit code from your authenticator app' }));

/** A code of the second step: a TOTP code, or one of the backup codes shown when two-factor was turned on. */
export const ZSecondFactorCode = z
  .string()
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(6, { message: 'a 6-digit code or a backup code' })
      .max(32, { message: 'a 6-digit code or a backup code' }),
  );

export const ZTwoFactorEnableBody = z
  .object({ password: z.string().min(1, { message: 'required' }).max(128) })
  .strict();
export const ZTwoFactorConfirmBody = z.object({ code: ZTotpCode }).strict();
export const ZTwoFactorDisableBody = z
  .object({ password: z.string().min(1, { message: 'required' }).max(128), code: ZSecondFactorCode })
  .strict();
export const ZTwoFactorVerifyBody = z
  .object({
    code: ZSecondFactorCode,
    /** A backup code instead of a TOTP code. */
    backupCode: z.boolean().optional(),
    /** Skip the second step on this browser for 30 days. */
    trustDevice: z.boolean().optional(),
  })
  .strict();

export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Whether the account has a password (SSO-only accounts turn two-factor on at their provider). */
  hasPassword: z.boolean(),
  /** Brands of mine that require two-factor. */
  requiredBy: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

export const ZTwoFactorSetup = z.object({
  /** otpauth:// URI for the authenticator app (the QR code encodes it). */
  totpURI: z.string(),
  /** The secret as typed by hand (base32, from the URI). */
  secret: z.string(),
  /** Single-use codes for when the app is lost: shown once. */
  backupCodes: z.array(z.string()),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

/** Roles a provider's new member may get: never owner (an owner makes an owner). */
export const SSO_DEFAULT_ROLES = ['admin', 'campaign_manager', 'analyst', 'finance'] as const;
export type TSsoDefaultRole = (typeof SSO_DEFAULT_ROLES)[number];

const ZEmailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    message: 'a domain such as example.com',
  });

/** https, or http on this machine only (a provider run beside Rally, as in the tests). */
export const isAcceptableIssuer = (value: string): boolean => {
  try {
    const url = new URL(value);
    if (url.search || url.hash || url.username || url.password) return false;
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
};

export const ZOidcConfigInput = z
  .object({
    issuer: z
      .string()
      .trim()
      .max(500)
      .refine(isAcceptableIssuer, { message: "an https address (the provider's issuer)" }),
    clientId: z.string().trim().min(1, { message: 'required' }).max(500),
    /** Required the first time; left out (or empty) to keep the stored one. */
    clientSecret: z.string().max(2000).optional(),
    domains: z
      .array(ZEmailDomain)
      .min(1, { message: 'at least one email domain' })
      .max(20)
      .refine((d) => new Set(d).size === d.length, { message: 'each domain once' }),
    defaultRole: z.enum(SSO_DEFAULT_ROLES),
  })
  .strict();
export type TOidcConfigInput = z.infer<typeof ZOidcConfigInput>;

export const ZOidcConfig = z.object({
  issuer: z.string(),
  clientId: z.string(),
  /** The secret is never answered; only whether one is stored. */
  clientSecretSet: z.boolean(),
  domains: z.array(z.string()),
  defaultRole: z.enum(SSO_DEFAULT_ROLES),
});
export type TOidcConfig = z.infer<typeof ZOidcConfig>;

export const ZBrandSignInSecurity = z.object({
  requireTwoFactor: z.boolean(),
  oidc: ZOidcConfig.nullable(),
  /** The address to register at the provider as the redirect (callback) URI. */
  redirectUri: z.string(),
});
export type TBrandSignInSecurity = z.infer<typeof ZBrandSignInSecurity>;

export const ZRequireTwoFactorBody = z.object({ requireTwoFactor: z.boolean() }).strict();

export const ZSsoStartBody = z.object({ email: z.email({ message: 'a valid email address' }).max(254) }).strict();
export const ZSsoLookup = z.object({ sso: z.boolean() });
export const ZSsoStart = z.object({ url: z.string() });

/** Why an SSO sign-in came back refused: the callback sends the browser to /sign-in?sso_error=<one of these>. */
export const SSO_ERRORS = [
  'invalid_state',
  'provider_error',
  'invalid_token',
  'domain_mismatch',
  'account_exists',
  'not_configured',
] as const;
export type TSsoError = (typeof SSO_ERRORS)[number];
