import { z } from 'zod';
import { isValidTimeZone } from '../launch/zoned-time.js';
import { zText } from '../shared/limits.js';
import { ZEpochSeconds } from '../shared/api-schemas.js';

/**
 * A participant's own settings in /play (issue 30, decision 0027): name, language, time zone; an address change
 * proved by a mailed code; their data as a download; deleting their account. Used by the /play settings screen and
 * the server's /api/play/me/… routes.
 */

/** The languages /play speaks (apps/web/src/play/play-messages.ts has one message table per language). */
export const PLAY_LANGUAGES = ['en', 'es', 'fr'] as const;
export type TPlayLanguage = (typeof PLAY_LANGUAGES)[number];

export const PLAY_NAME_MAX = 100;

/** The shown name in place of a deleted participant's (reports, leaderboards, the brand's staff lists). */
export const DELETED_PARTICIPANT_NAME = 'Deleted participant';

/** An IANA zone Intl knows ("Europe/Paris"); "UTC" too. */
export const ZPlayTimeZone = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .max(64, { message: 'too long (max 64)' })
  .refine((tz) => isValidTimeZone(tz), { message: 'an IANA time zone such as Europe/Paris' });

/**
 * PATCH /api/play/me/settings — any of name, language, time zone; what is left out stays. `null` for language or
 * time zone goes back to following the browser.
 */
export const ZPlaySettingsBody = z
  .object({
    name: zText(PLAY_NAME_MAX).trim().min(1, { message: 'required' }).optional(),
    language: z.enum(PLAY_LANGUAGES, { message: 'one of en, es, fr' }).nullable().optional(),
    timeZone: ZPlayTimeZone.nullable().optional(),
  })
  .strict()
  .refine((b) => b.name !== undefined || b.language !== undefined || b.timeZone !== undefined, {
    message: 'send name, language or timeZone',
    path: ['name'],
  });
export type TPlaySettingsBody = z.input<typeof ZPlaySettingsBody>;

const ZEmail = z.string().trim().toLowerCase().email({ message: 'a valid email' }).max(254, { message: 'too long (max 254)' });

/** POST /api/play/me/email/request-code — mails a six-digit code to the new address (not the old one). */
export const ZPlayEmailChangeRequestBody = z.object({ email: ZEmail }).strict();
export type TPlayEmailChangeRequestBody = z.infer<typeof ZPlayEmailChangeRequestBody>;

/** POST /api/play/me/email/verify — the code mailed to the new address; answers the session with the new email. */
export const ZPlayEmailChangeVerifyBody = z
  .object({ email: ZEmail, code: z.string().trim().regex(/^\d{6}$/, { message: 'the six-digit code' }) })
  .strict();
export type TPlayEmailChangeVerifyBody = z.infer<typeof ZPlayEmailChangeVerifyBody>;

/** GET /api/play/me/deletion — what deleting the account keeps and gives up, for the confirmation. */
export const ZPlayDeletionPreview = z.object({
  /** Money rewards issued to me (their ledger rows stay); deleting gives up claiming it through Rally. */
  moneyEarnedCents: z.number().int().nonnegative(),
  brandCurrency: z.string(),
  /** My entries: kept for the brand's reports and contests, without my name or email. */
  completions: z.number().int().nonnegative(),
  unlocks: z.number().int().nonnegative(),
});
export type TPlayDeletionPreview = z.infer<typeof ZPlayDeletionPreview>;

/**
 * POST /api/play/me/delete — `confirm: true`; with money earned, `forfeitMoneyCents` must repeat the amount the
 * confirmation showed (decision 0027), so nobody gives up money they were not shown.
 */
export const ZPlayDeleteAccountBody = z
  .object({
    confirm: z.literal(true, { message: 'confirm the deletion' }),
    forfeitMoneyCents: z.number().int().nonnegative().optional(),
  })
  .strict();
export type TPlayDeleteAccountBody = z.infer<typeof ZPlayDeleteAccountBody>;

/** What the server needs repeated before deleting: null when it may go ahead, else the field and its message. */
export function deletionRefusal(
  preview: Pick<TPlayDeletionPreview, 'moneyEarnedCents'>,
  body: TPlayDeleteAccountBody,
): { path: string; message: string } | null {
  if (preview.moneyEarnedCents > 0 && body.forfeitMoneyCents !== preview.moneyEarnedCents)
    return { path: 'forfeitMoneyCents', message: `confirm giving up the ${preview.moneyEarnedCents} cents earned` };
  return null;
}

/** GET /api/play/me/export — everything of mine Rally holds, as a JSON download (streamed). */
export const ZPlayExport = z.object({
  exportedAt: ZEpochSeconds,
  profile: z.object({
    kind: z.enum(['store_user', 'consumer']),
    id: z.number().int().positive(),
    name: z.string(),
    email: z.string().nullable(),
    brandName: z.string(),
    storeName: z.string().nullable(),
    countryCode: z.string().nullable(),
    language: z.enum(PLAY_LANGUAGES).nullable(),
    timeZone: z.string().nullable(),
    createdAt: ZEpochSeconds,
  }),
  completions: z.array(
    z.object({
      id: z.number().int().positive(),
      campaignId: z.number().int().positive(),
      campaignName: z.string(),
      missionTitle: z.string(),
      status: z.string(),
      answers: z.unknown(),
      itemsSold: z.unknown(),
      salesAmountCents: z.number().int(),
      score: z.number().int().nullable(),
      passed: z.boolean().nullable(),
      createdAt: ZEpochSeconds,
    }),
  ),
  unlocks: z.array(
    z.object({
      id: z.number().int().positive(),
      campaignName: z.string(),
      rewardTitle: z.string(),
      type: z.string(),
      status: z.string(),
      code: z.string().nullable(),
      amountCents: z.number().int().nullable(),
      prizeForm: z.unknown(),
      createdAt: ZEpochSeconds,
    }),
  ),
  /** The /play inbox, where the brand's deployment has one. */
  notifications: z.array(z.record(z.string(), z.unknown())),
});
export type TPlayExport = z.infer<typeof ZPlayExport>;
