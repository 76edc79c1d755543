import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TSalesBatchSource, TSalesBatchStatus, TSalesLineOutcome } from '@rally/domain';
import { brandIdColumn } from './columns.js';

/**
 * Sales from a brand's point of sale (migration 0046, decision 0030): one batch per API call or CSV file, its lines
 * with each one's outcome, the transactions credited (each id once per brand) and the completions they made.
 */
export const salesBatches = pgTable(
  'sales_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    source: text('source').$type<TSalesBatchSource>().notNull(),
    fileName: text('file_name'),
    /** Where a file's bytes are kept (the sales files' storage), read by the processing job. */
    fileKey: text('file_key'),
    status: text('status').$type<TSalesBatchStatus>().notNull().default('queued'),
    /** The API key's or the person's name, as the activity log names them. */
    sentBy: text('sent_by').notNull(),
    linesTotal: integer('lines_total').notNull().default(0),
    linesDone: integer('lines_done').notNull().default(0),
    credited: integer('credited').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    problems: integer('problems').notNull().default(0),
    completionsMade: integer('completions_made').notNull().default(0),
    unlocksMade: integer('unlocks_made').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('sales_batches_brand_idx').on(t.brandId, t.id),
    check('sales_batches_source', sql`${t.source} in ('api', 'file')`),
    check('sales_batches_status', sql`${t.status} in ('queued', 'processing', 'done', 'failed')`),
  ],
);

export const salesLines = pgTable(
  'sales_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => salesBatches.id, { onDelete: 'cascade' }),
    /** Index in the call's `lines` (0-based) or row of the file (header = 1). */
    row: integer('row').notNull(),
    storePosId: text('store_pos_id').notNull(),
    staff: text('staff').notNull(),
    sku: text('sku').notNull(),
    /** Null on a row that was not a valid line (outcome invalid). */
    quantity: integer('quantity'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    transactionId: text('transaction_id').notNull(),
    /** Null until processed. */
    outcome: text('outcome').$type<TSalesLineOutcome>(),
    message: text('message'),
    storeUserId: integer('store_user_id'),
  },
  (t) => [index('sales_lines_batch_idx').on(t.batchId, t.row)],
);

/** A transaction id credited once per brand: the claim is this primary key, taken before the engine credits it. */
export const salesTransactions = pgTable(
  'sales_transactions',
  {
    brandId: brandIdColumn(),
    transactionId: text('transaction_id').notNull(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => salesBatches.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.transactionId] })],
);

/** A completion a batch made (through the engine), with the unlocks it caused. */
export const salesCredits = pgTable(
  'sales_credits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => salesBatches.id, { onDelete: 'cascade' }),
    transactionId: text('transaction_id').notNull(),
    completionId: integer('completion_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
    storeUserId: integer('store_user_id').notNull(),
    unlocks: integer('unlocks').notNull().default(0),
  },
  (t) => [index('sales_credits_batch_idx').on(t.batchId, t.id)],
);
