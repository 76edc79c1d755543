import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYOUT_APPROVALS, PAYOUT_METHODS, PAYOUT_STATUSES } from '@rally/domain';
import { brandIdColumn } from './columns.js';

/**
 * Payouts (issue 29, decision 0022; migration 0038, functions db/functions/payouts.sql). Participants are named as
 * completions.participant_key is ('u:<storeUserId>' / 'c:<consumerId>'), without a foreign key: a payout and its
 * ledger rows are kept whatever happens to the person's row.
 */

/** A brand's payout rules: the smallest payout a participant may ask for, and whether the brand approves each. */
export const payoutSettings = pgTable(
  'payout_settings',
  {
    brandId: brandIdColumn().primaryKey(),
    minimumCents: bigint('minimum_cents', { mode: 'number' }).notNull().default(1000),
    approval: text('approval', { enum: PAYOUT_APPROVALS }).notNull().default('automatic'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payout_settings_minimum', sql`${t.minimumCents} >= 100`)],
);

/** Where a participant's payouts go (their home brand's row): PayPal email or IBAN with holder. */
export const payoutDetails = pgTable(
  'payout_details',
  {
    brandId: brandIdColumn(),
    participant: text('participant').notNull(),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    address: text('address').notNull(),
    accountHolder: text('account_holder'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payout_details_pk', columns: [t.brandId, t.participant] })],
);

/** One payout: its amount left the balance when it was made; a failure returns it (payout_ledger). */
export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    brandId: brandIdColumn(),
    participant: text('participant').notNull(),
    participantName: text('participant_name').notNull(),
    participantEmail: text('participant_email'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    address: text('address').notNull(),
    accountHolder: text('account_holder'),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    failureMessage: text('failure_message'),
    idempotencyKey: text('idempotency_key').notNull(),
    approvedBy: text('approved_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payouts_idempotency_uq').on(t.brandId, t.participant, t.idempotencyKey),
    uniqueIndex('payouts_provider_ref_uq').on(t.provider, t.providerRef).where(sql`${t.providerRef} is not null`),
    index('payouts_brand_status_idx').on(t.brandId, t.status, t.requestedAt.desc()),
    index('payouts_participant_idx').on(t.participant, t.requestedAt.desc()),
  ],
);

/** Append-only: earned (+, one per money unlock), payout (−, one per payout), returned (+, a failed payout). */
export const payoutLedger = pgTable(
  'payout_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    participant: text('participant').notNull(),
    kind: text('kind', { enum: ['earned', 'payout', 'returned'] }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    unlockId: bigint('unlock_id', { mode: 'number' }),
    payoutId: text('payout_id').references(() => payouts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_ledger_unlock_uq').on(t.unlockId).where(sql`${t.kind} = 'earned'`),
    uniqueIndex('payout_ledger_payout_uq').on(t.payoutId, t.kind).where(sql`${t.payoutId} is not null`),
    index('payout_ledger_participant_idx').on(t.brandId, t.participant, t.id),
  ],
);

/** The ledger's sum per brand and participant, written only by its trigger; never below zero (CHECK). */
export const payoutBalances = pgTable(
  'payout_balances',
  {
    brandId: brandIdColumn(),
    participant: text('participant').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'payout_balances_pk', columns: [t.brandId, t.participant] }),
    check('payout_balances_not_negative', sql`${t.balanceCents} >= 0`),
    index('payout_balances_participant_idx').on(t.participant),
  ],
);

/** Provider callbacks already handled, by event id: a replayed callback does nothing. */
export const payoutEvents = pgTable('payout_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
