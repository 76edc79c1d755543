import { brandIdColumn } from './columns.js';
import { bigint, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { INVOICE_KINDS, INVOICE_STATUSES, LEDGER_ENTRY_KINDS } from '@rally/domain';
import { users } from './auth.js';
import { campaigns } from './campaigns.js';
import { rewards } from './rewards.js';

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
  },
  (t) => [index('invoices_brand_status_idx').on(t.brandId, t.status)],
);

/** Append-only wallet ledger; a brand's walletBalanceCents equals the sum of its entries. */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    kind: ledgerKindEnum('kind').notNull(),
    // Signed: credits positive, debits negative.
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    rewardId: integer('reward_id').references(() => rewards.id, { onDelete: 'set null' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    note: text('note'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wallet_ledger_brand_idx').on(t.brandId, t.createdAt)],
);
