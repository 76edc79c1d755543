import { z } from 'zod';
import { ZIdParam, ZIdRef, zQueryInt } from '../shared/limits.js';
import { ZEpochSeconds, ZPageMeta } from '../shared/api-schemas.js';
import { ZSmartReview } from '../billing/billing.schema.js';
import { RECEIPT_FLAGS, RECEIPT_STATUSES } from './receipt-match.js';

/**
 * Smart review (spec §2 smart review panel, §4, §7 receipt-scan service, §8 dialogs): a brand switches
 * automatic receipt reading on or off; participants' receipts are read, matched and queued for review.
 */

/** POST /api/receipt-scan/activate and /deactivate answer the brand's smart review after the change. */
export const ZSmartReviewSwitchResult = z.object({ smartReview: ZSmartReview });
export type TSmartReviewSwitchResult = z.infer<typeof ZSmartReviewSwitchResult>;

/** activate takes an empty body (spec §7); an empty JSON object is accepted as well. */
export const ZEmptyBody = z.object({}).strict().nullish();


/**
 * POST /api/play/receipt-scan/add-receipt (participant session): attaches the receipt photo `master`
 * (an upload id from POST /api/play/uploads) to one of my sales entries `completionsId` waiting for
 * review; it is read (smart review on) or queued for a person (off).
 */
export const ZAddReceiptBody = z
  .object({
    completionsId: ZIdRef,
    master: z.string().trim().min(1, { message: 'required' }).max(64),
  })
  .strict();
export type TAddReceiptBody = z.infer<typeof ZAddReceiptBody>;

export const ZAddReceiptResult = z.object({
  receiptId: z.number().int().positive(),
  completionId: z.number().int().positive(),
  status: z.enum(RECEIPT_STATUSES),
});
export type TAddReceiptResult = z.infer<typeof ZAddReceiptResult>;

export const ZReceiptLineItem = z.object({
  description: z.string(),
  quantity: z.number().int(),
  amountCents: z.number().int(),
});

/** What the OCR read from a receipt (null before it was read or where nothing was found). */
export const ZReceiptExtracted = z.object({
  merchant: z.string().nullable(),
  date: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  subtotalCents: z.number().int().nullable(),
  taxCents: z.number().int().nullable(),
  totalCents: z.number().int().nullable(),
  totalConfidence: z.enum(['confirmed', 'read', 'none']).nullable(),
  lineItems: z.array(ZReceiptLineItem),
});
export type TReceiptExtracted = z.infer<typeof ZReceiptExtracted>;

/** One receipt in the review queue: the image, what was read next to what was claimed, the decision. */
export const ZReceiptRow = z.object({
  id: z.number().int().positive(),
  completionId: z.number().int().positive(),
  campaignId: z.number().int().positive(),
  campaignName: z.string(),
  missionTitle: z.string(),
  participantName: z.string(),
  storeName: z.string().nullable(),
  status: z.enum(RECEIPT_STATUSES),
  /** Dashboard URL of the image (the brand's session). */
  imageUrl: z.string(),
  extracted: ZReceiptExtracted,
  claimed: z.object({
    salesAmountCents: z.number().int(),
    items: z.array(z.object({ itemId: z.number().int(), title: z.string(), quantity: z.number().int() })),
  }),
  flags: z.array(z.enum(RECEIPT_FLAGS)),
  /** 'smart-review' for an automatic decision, else the reviewer's name. */
  reviewer: z.string().nullable(),
  reason: z.string().nullable(),
  reviewedAt: ZEpochSeconds.nullable(),
  createdAt: ZEpochSeconds,
  /** The brand's currency, for the amounts. */
  currency: z.string(),
});
export type TReceiptRow = z.infer<typeof ZReceiptRow>;

export const RECEIPT_LIST_PER_PAGE = 10;
/** GET /api/receipt-scan/receipts — the queue (status review) by default, oldest first. */
export const ZReceiptListQuery = z
  .object({
    status: z.enum(RECEIPT_STATUSES).default('review'),
    campaignId: ZIdParam.optional(),
    currentPage: zQueryInt(1, 1_000_000).default(1),
  })
  .strict();
export type TReceiptListQuery = z.infer<typeof ZReceiptListQuery>;
export const ZReceiptList = z.object({
  items: z.array(ZReceiptRow),
  _meta: ZPageMeta,
  /** Receipts waiting for a person, whatever the filter (the nav badge). */
  waiting: z.number().int().nonnegative(),
});
export type TReceiptList = z.infer<typeof ZReceiptList>;

export const ZReceiptIdParams = z.object({ id: ZIdParam });

/** POST /api/receipt-scan/receipts/{id}/reject — the reason is shown to the participant. */
export const RECEIPT_REASON_MAX = 300;
export const ZReceiptRejectBody = z
  .object({ reason: z.string().trim().min(1, { message: 'required' }).max(RECEIPT_REASON_MAX, { message: `at most ${RECEIPT_REASON_MAX} characters` }) })
  .strict();
export type TReceiptRejectBody = z.infer<typeof ZReceiptRejectBody>;
