import { brandIdColumn } from './columns.js';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { INVOICE_KINDS, INVOICE_STATUSES, LEDGER_ENTRY_KINDS, type TInvoiceParty } from '@rally/domain';
import { brands, users } from './auth.js';
import { campaigns } from './campaigns.js';

export const invoiceStatusEnum = pgEnum('invoice_status', INVOICE_STATUSES);
export const invoiceKindEnum = pgEnum('invoice_kind', INVOICE_KINDS);
export const ledgerKindEnum = pgEnum('ledger_kind', LEDGER_ENTRY_KINDS);

export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    kind: invoiceKindEnum('kind').notNull(),
    status: invoiceStatusEnum('status').notNull().default('unpaid'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Monthly invoices: the UTC month (YYYY-MM) whose charges they gather; one per brand and month. */
    period: text('period'),
    /** Given when the invoice closes (RLY-YYYYMM-id); unique. */
    number: text('number').unique(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** When the closing mail went out (null: not yet, the close sweep retries). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** Who the invoice was made out to and by, as they stood when it closed (migration 0039); null while open. */
    buyer: jsonb('buyer').$type<TInvoiceParty | null>(),
    seller: jsonb('seller').$type<TInvoiceParty | null>(),
  },
  (t) => [index('invoices_brand_status_idx').on(t.brandId, t.status), uniqueIndex('invoices_brand_period_uq').on(t.brandId, t.period)],
);

/** The charges a monthly invoice gathers; the invoice's amount is their sum. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    // Signed: a credit line (unspent postpaid budget) is negative.
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    // A plain id (migration 0037), like the wallet ledger's: deleting the campaign leaves the line as it was.
    campaignId: integer('campaign_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.id),
    index('invoice_lines_campaign_idx').on(t.campaignId).where(sql`${t.campaignId} is not null`),
  ],
);

/**
 * A payment through the provider (sandbox or Stripe): a wallet top-up, or the payment of an invoice. The
 * wallet is credited once, when it succeeds (the ledger's unique payment_id makes a second credit fail).
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    brandId: brandIdColumn(),
    provider: text('provider').notNull(),
    /** The provider's id (Stripe PaymentIntent pi_…). */
    providerRef: text('provider_ref').unique(),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** pending → succeeded | failed */
    status: text('status').notNull().default('pending'),
    failureMessage: text('failure_message'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** A top-up's client key (migration 0039): a repeat with the same key is the same payment. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('payments_brand_idx').on(t.brandId, t.createdAt),
    uniqueIndex('payments_brand_idempotency_uq').on(t.brandId, t.idempotencyKey),
    // One card payment of an invoice under way at a time (migration 0039); the sweep finds pending ones by age.
    uniqueIndex('payments_invoice_pending_uq').on(t.invoiceId).where(sql`${t.status} = 'pending'`),
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Webhook events already handled, by the provider's event id: a replayed or re-delivered event does nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Append-only wallet ledger; a brand's walletBalanceCents equals the sum of its entries. */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    kind: ledgerKindEnum('kind').notNull(),
    // Signed: credits positive, debits negative.
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    // Plain ids, no foreign keys (migration 0037): the row keeps naming a deleted campaign or reward, and a
    // delete never has to update this append-only table.
    campaignId: integer('campaign_id'),
    rewardId: integer('reward_id'),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** The provider payment a top-up came from: unique, so one payment never credits twice. */
    paymentId: text('payment_id')
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    note: text('note'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_ledger_brand_idx').on(t.brandId, t.createdAt),
    index('wallet_ledger_campaign_idx').on(t.campaignId).where(sql`${t.campaignId} is not null`),
  ],
);

/** The brand's billing profile (migration 0039): the legal name, address, tax id and tax rate its invoices carry. */
export const brandBillingProfiles = pgTable(
  'brand_billing_profiles',
  {
    brandId: text('brand_id')
      .primaryKey()
      .references(() => brands.id, { onDelete: 'cascade' }),
    legalName: text('legal_name').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    region: text('region'),
    postalCode: text('postal_code'),
    country: text('country').notNull(),
    taxId: text('tax_id'),
    /** e.g. "VAT"; with a rate, each closed invoice gets a tax line. */
    taxLabel: text('tax_label'),
    taxRateBasisPoints: integer('tax_rate_basis_points'),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'brand_billing_profiles_tax_rate',
      sql`${t.taxRateBasisPoints} IS NULL OR (${t.taxRateBasisPoints} BETWEEN 0 AND 10000 AND ${t.taxLabel} IS NOT NULL)`,
    ),
  ],
);
