import { z } from 'zod';

/** The password policy: any characters, 8 to 128 of them (argon2 hashes them whole; longer is refused, not cut). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
/** The languages an account's mail is written in (the dashboard's). */
export const ACCOUNT_LOCALES = ['en', 'fr', 'es'] as const;

/**
 * The messages these schemas give a field, one constant each: the server answers them as `fields[].message`, and the
 * web app translates them by these keys (an unknown message is shown as the server wrote it).
 */
export const ACCOUNT_FIELD_MESSAGES = {
  required: 'required',
  emailInvalid: 'a valid email address',
  emailTooLong: 'at most 254 characters',
  passwordTooShort: `at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `at most ${PASSWORD_MAX_LENGTH} characters`,
  nameTooLong: `at most ${NAME_MAX_LENGTH} characters`,
  tokenInvalid: 'the link is incomplete: open it again from the mail',
  /** Server only: the current password given does not match. */
  incorrectPassword: 'incorrect password',
  /** Server only: an address change to the address the account has. */
  sameEmail: 'this is already your address',
} as const;
export type TAccountFieldMessage = keyof typeof ACCOUNT_FIELD_MESSAGES;
const M = ACCOUNT_FIELD_MESSAGES;

/** An email address as accounts key it: trimmed, lower case, at most 254 characters. */
export const ZAccountEmail = z
  .string({ message: M.emailInvalid })
  .trim()
  .toLowerCase()
  .min(1, { message: M.required })
  .max(254, { message: M.emailTooLong })
  .regex(z.regexes.email, { message: M.emailInvalid });

/** A new password (sign-up, reset, change): the policy above, nothing trimmed. */
export const ZNewPassword = z
  .string({ message: M.required })
  .min(1, { message: M.required })
  .min(PASSWORD_MIN_LENGTH, { message: M.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { message: M.passwordTooLong });

/** A password given to prove who one is: only present and not longer than any password can be. */
export const ZCurrentPassword = z
  .string({ message: M.required })
  .min(1, { message: M.required })
  .max(PASSWORD_MAX_LENGTH, { message: M.passwordTooLong });

export const ZPersonName = z
  .string({ message: M.required })
  .trim()
  .min(1, { message: M.required })
  .max(NAME_MAX_LENGTH, { message: M.nameTooLong });

/** A token from a mailed link: 32 random bytes, base64url (43 characters). */
export const ZMailedToken = z
  .string({ message: M.tokenInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: M.tokenInvalid });

/** POST /api/auth/sign-up */
export const ZSignUpBody = z
  .object({
    name: ZPersonName,
    email: ZAccountEmail,
    password: ZNewPassword,
    /** The language of the mails to come (the page's language); English when absent. */
    locale: z.enum(ACCOUNT_LOCALES).optional(),
  })
  .strict();
export type TSignUpBody = z.input<typeof ZSignUpBody>;

/** POST /api/auth/forgot-password: asking for a reset link by address only. */
export const ZEmailRequestBody = z.object({ email: ZAccountEmail }).strict();
export type TEmailRequestBody = z.input<typeof ZEmailRequestBody>;

/**
 * POST /api/auth/send-verification-email: the verification link again, for whoever knows the account's password (the
 * sign-in form after its 403 EMAIL_NOT_VERIFIED) — so nobody but the person who signed up can have a link mailed that
 * would verify an account they did not make.
 */
export const ZResendVerificationBody = z.object({ email: ZAccountEmail, password: ZCurrentPassword }).strict();
export type TResendVerificationBody = z.input<typeof ZResendVerificationBody>;

/** Following a mailed link: its token. */
export const ZMailedTokenBody = z.object({ token: ZMailedToken }).strict();

/** POST /api/auth/reset-password */
export const ZResetPasswordBody = z.object({ token: ZMailedToken, password: ZNewPassword }).strict();
export type TResetPasswordBody = z.input<typeof ZResetPasswordBody>;

/** POST /api/account/password */
export const ZChangePasswordBody = z.object({ currentPassword: ZCurrentPassword, newPassword: ZNewPassword }).strict();
export type TChangePasswordBody = z.input<typeof ZChangePasswordBody>;

/** POST /api/account/email: the new address gets a link; the change applies when it is followed. */
export const ZChangeEmailBody = z.object({ newEmail: ZAccountEmail, currentPassword: ZCurrentPassword }).strict();
export type TChangeEmailBody = z.input<typeof ZChangeEmailBody>;

/** POST /api/account/profile */
export const ZUpdateProfileBody = z.object({ name: ZPersonName }).strict();
export type TUpdateProfileBody = z.input<typeof ZUpdateProfileBody>;

/**
 * The answer to every call that may mail someone (sign-up, the verification mail again, a reset request, an email
 * change): the same whoever the address belongs to, so it tells nothing about which addresses have an account.
 */
export const ZMailQueuedAnswer = z.object({ status: z.literal('mail-queued') });

/** What the sign-in page shows besides the form: whether anyone may sign up, and whether the demo accounts exist. */
export const ZSignInOptions = z.object({
  signUp: z.enum(['open', 'invite-only']),
  /** True when the demo data set's accounts exist on this deployment (SEED_DEMO): the page then lists them. */
  demoAccounts: z.boolean(),
});
export type TSignInOptions = z.infer<typeof ZSignInOptions>;
export type TMailQueuedAnswer = z.infer<typeof ZMailQueuedAnswer>;

/** A followed link's answer: the address it was about (prefills the sign-in form). */
export const ZEmailAnswer = z.object({ email: z.string() });
export type TEmailAnswer = z.infer<typeof ZEmailAnswer>;

/** GET /api/account */
export const ZAccountProfile = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** An address a change was asked to and whose link is not followed yet (null: none). */
  pendingEmail: z.string().nullable(),
  /** Epoch seconds. */
  createdAt: z.number().int(),
});
export type TAccountProfile = z.infer<typeof ZAccountProfile>;

/** One signed-in browser or device of mine. Instants are epoch seconds. */
export const ZAccountSession = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.number().int(),
  /** When it was last extended (sessions slide once a day of use): "last used", to the day. */
  lastActiveAt: z.number().int(),
  expiresAt: z.number().int(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type TAccountSession = z.infer<typeof ZAccountSession>;

export const ZAccountSessions = z.object({ sessions: z.array(ZAccountSession) });
export type TAccountSessions = z.infer<typeof ZAccountSessions>;

export const ZRevokedSessions = z.object({ revoked: z.number().int().nonnegative() });
export type TRevokedSessions = z.infer<typeof ZRevokedSessions>;
