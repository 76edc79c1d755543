import { z } from 'zod';
import { ZIdRef } from '../shared/limits.js';
import { EMBED_FRAME } from '../shared/constants.js';
import { ZEpochSeconds } from '../shared/api-schemas.js';

/**
 * Distribution of a launched campaign: its public page and embeddable frame (spec §2 embed panel),
 * and promote mail to the stores it reaches (spec §7 POST {bundleId}/promote).
 */

/**
 * A campaign's public uid: 9 random bytes in base64url, 12 characters. The dashboard's /campaign/:id routes
 * take numeric ids (int4, at most 10 digits) and the fixed segment "report", so no dashboard path has this
 * shape; the server serves the public page only for it (product rule R100).
 */
export const PUBLIC_UID_PATTERN = /^[A-Za-z0-9_-]{12}$/;
export const isPublicUid = (s: string) => PUBLIC_UID_PATTERN.test(s);

/** Campaign statuses with a public page; any other status (draft, scheduled, rejected) answers 404. */
export const PUBLIC_PAGE_STATUSES = ['active', 'ended'] as const;

export const publicCampaignUrl = (publicUrl: string, uid: string) => `${publicUrl.replace(/\/+$/, '')}/campaign/${uid}`;
export const publicEmbedUrl = (publicUrl: string, uid: string) => `${publicCampaignUrl(publicUrl, uid)}/embed`;

const escapeAttr = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The frame code a brand pastes into any HTML page (601 × 490, the spec's EMBED_FRAME). */
export function embedIframeCode(publicUrl: string, uid: string, title: string): string {
  return `<iframe src="${escapeAttr(publicEmbedUrl(publicUrl, uid))}" width="${EMBED_FRAME.width}" height="${EMBED_FRAME.height}" title="${escapeAttr(title)}" style="border:0;max-width:100%" loading="lazy" allow="clipboard-write"></iframe>`;
}

// ——— promote ———

/** The mail templates a promote request chooses from; the server words each in en, es and fr. */
export const PROMOTE_TEMPLATES = ['announcement', 'reminder', 'last_chance'] as const;
export type TPromoteTemplate = (typeof PROMOTE_TEMPLATES)[number];

/** Recipients (stores) one request may name. The per-brand limit over 24 h is the server's PROMOTE_DAILY_LIMIT. */
export const PROMOTE_MAX_STORES = 500;
export const PROMOTE_SUBJECT_MAX = 150;

/** POST /api/campaign/{bundleId}/promote — `retailers` are ids of stores in the campaign's reach. */
export const ZPromoteBody = z
  .object({
    retailers: z
      .array(ZIdRef)
      .min(1, { message: 'choose at least one store' })
      .max(PROMOTE_MAX_STORES, { message: `at most ${PROMOTE_MAX_STORES} stores at once` }),
    emailTemplate: z.enum(PROMOTE_TEMPLATES, { message: `one of ${PROMOTE_TEMPLATES.join(', ')}` }),
    emailSubject: z.string().trim().min(1, { message: 'required' }).max(PROMOTE_SUBJECT_MAX, { message: `at most ${PROMOTE_SUBJECT_MAX} characters` }),
    /** Language of the mail (en, es, fr); the dashboard sends its own. */
    language: z.enum(['en', 'es', 'fr']).default('en'),
  })
  .strict();
export type TPromoteBody = z.infer<typeof ZPromoteBody>;

export const PROMOTE_DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'unsubscribed'] as const;

export const ZPromoteResult = z.object({
  sendId: z.number().int().positive(),
  /** Mails queued (one per address of the chosen stores, unsubscribed ones excluded). */
  queued: z.number().int().nonnegative(),
  /** Addresses skipped because they unsubscribed. */
  unsubscribed: z.number().int().nonnegative(),
  /** Mails the brand may still send in the current 24 hours. */
  remainingToday: z.number().int().nonnegative(),
});
export type TPromoteResult = z.infer<typeof ZPromoteResult>;

/** A store of the campaign's reach the promote dialog offers. */
export const ZPromoteRecipient = z.object({
  storeId: z.number().int().positive(),
  name: z.string(),
  city: z.string(),
  countryCode: z.string(),
  /** Addresses a mail to this store goes to (store managers, else its staff), unsubscribed ones excluded. */
  emails: z.number().int().nonnegative(),
});
export const ZPromoteRecipients = z.object({
  items: z.array(ZPromoteRecipient),
  /** True when the reach holds more stores than listed. */
  truncated: z.boolean(),
  dailyLimit: z.number().int().positive(),
  remainingToday: z.number().int().nonnegative(),
});
export type TPromoteRecipients = z.infer<typeof ZPromoteRecipients>;

export const ZPromoteDelivery = z.object({
  id: z.number().int().positive(),
  sendId: z.number().int().positive(),
  storeName: z.string(),
  email: z.string(),
  status: z.enum(PROMOTE_DELIVERY_STATUSES),
  error: z.string().nullable(),
  createdAt: ZEpochSeconds,
  sentAt: ZEpochSeconds.nullable(),
});
export const ZPromoteLog = z.object({
  items: z.array(ZPromoteDelivery),
  counts: z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int(), unsubscribed: z.number().int() }),
});
export type TPromoteLog = z.infer<typeof ZPromoteLog>;

export const ZPromotePreviewQuery = z
  .object({ emailTemplate: z.enum(PROMOTE_TEMPLATES), language: z.enum(['en', 'es', 'fr']).default('en') })
  .strict();
export const ZPromotePreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type TPromotePreview = z.infer<typeof ZPromotePreview>;
