import { brandIdColumn } from './columns.js';
import { bigint, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { RECEIPT_STATUSES, type TReceiptFlag, type TReceiptLineItem } from '@rally/domain';
import { users } from './auth.js';
import { campaigns } from './campaigns.js';
import { completions } from './runtime.js';

export const receiptStatusEnum = pgEnum('receipt_status', RECEIPT_STATUSES);

/**
 * A receipt photo proving a participant's sale (smart review, decision 0009): one per completion. It is read
 * by OCR when the brand's smart review is on (queued → accepted / rejected / review), or waits for a person
 * (review). What was read, the decision, who took it and why are kept on the row.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    completionId: bigint('completion_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => completions.id, { onDelete: 'cascade' }),
    /** play_uploads.id of the photo. */
    uploadId: text('upload_id').notNull(),
    /** sha256 of the image bytes: the same photo sent twice is found by it. */
    imageHash: text('image_hash').notNull(),
    status: receiptStatusEnum('status').notNull().default('queued'),
    merchant: text('merchant'),
    merchantKey: text('merchant_key'),
    receiptDate: text('receipt_date'),
    receiptNumber: text('receipt_number'),
    /** Normalised receipt number (letters and digits, upper case) for duplicate checks. */
    receiptNumberKey: text('receipt_number_key'),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }),
    taxCents: bigint('tax_cents', { mode: 'number' }),
    totalCents: bigint('total_cents', { mode: 'number' }),
    totalConfidence: text('total_confidence'),
    lineItems: jsonb('line_items').$type<TReceiptLineItem[]>().notNull().default([]),
    ocrText: text('ocr_text'),
    flags: jsonb('flags').$type<TReceiptFlag[]>().notNull().default([]),
    /** When the OCR read it; the per-receipt fee is charged in the same transaction, once. */
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    feeCents: bigint('fee_cents', { mode: 'number' }),
    /** 'smart-review' for an automatic decision, else the reviewer's name. */
    reviewer: text('reviewer'),
    reviewerId: text('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('receipts_brand_status_idx').on(t.brandId, t.status, t.id),
    index('receipts_brand_hash_idx').on(t.brandId, t.imageHash),
    index('receipts_brand_number_idx').on(t.brandId, t.receiptNumberKey),
  ],
);

/**
 * What smart review charged a brand, one row per distinct receipt image — the sha-256 of the stored bytes, per
 * brand (decision 0009, "Charged once per distinct receipt"): a photo is charged the first time the OCR reads it
 * and never again, whether it is sent for another sale, read again after a replacement, or read twice at once.
 * Kept when the receipt row goes (it records money); the receipt id says which read was charged.
 */
export const receiptScanCharges = pgTable(
  'receipt_scan_charges',
  {
    brandId: brandIdColumn(),
    imageHash: text('image_hash').notNull(),
    receiptId: bigint('receipt_id', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    chargedAt: timestamp('charged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.imageHash] })],
);
