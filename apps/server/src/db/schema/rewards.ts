import { brandIdColumn } from './columns.js';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  FILL_STATUSES,
  REWARD_SCOPES,
  REWARD_TYPES,
  type TAssignment,
  type TDynamicAmountRow,
  type TMediaImageArgs,
} from '@rally/domain';
import { brands } from './auth.js';
import { campaigns } from './campaigns.js';
import { missions } from './missions.js';

export const rewardTypeEnum = pgEnum('reward_type', REWARD_TYPES);
export const rewardScopeEnum = pgEnum('reward_scope', REWARD_SCOPES);
export const fillStatusEnum = pgEnum('fill_status', FILL_STATUSES);

/** A reward of a campaign; one table for the five types, columns unused by a type stay null. */
export const rewards = pgTable(
  'rewards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    type: rewardTypeEnum('type').notNull(),
    key: text('key'),
    title: text('title').notNull().default(''),
    autoTitle: text('auto_title'),
    description: text('description').notNull().default(''),
    isShared: boolean('is_shared').notNull().default(false),
    filledByPartners: boolean('filled_by_partners').notNull().default(false),
    completionsToUnlock: integer('completions_to_unlock').notNull().default(1),
    maxPerUser: integer('max_per_user').notNull().default(1),
    isUnlimited: boolean('is_unlimited').notNull().default(false),
    scope: rewardScopeEnum('scope').notNull().default('campaign'),
    missionId: integer('mission_id').references(() => missions.id, { onDelete: 'set null' }),
    itemsId: integer('items_id').array().notNull().default(sql`'{}'::integer[]`),
    assignment: jsonb('assignment').$type<TAssignment | null>(),
    // money / gift card amount, in cents.
    amountCents: bigint('amount_cents', { mode: 'number' }),
    budgetCents: bigint('budget_cents', { mode: 'number' }),
    budgetPaidCents: bigint('budget_paid_cents', { mode: 'number' }).notNull().default(0),
    // Ledger debits settled on this row (migration 0008); debits of a running campaign land on its budget
    // slices instead (migration 0017) and are folded back here when it stops running. Total spent:
    // reward_budget_spent(id). Spent + allotted ≤ paid.
    budgetSpentCents: bigint('budget_spent_cents', { mode: 'number' }).notNull().default(0),
    // Paid budget handed to reward_budget_slices (decision 0008 §9), each slice capped at its allotment.
    budgetAllottedCents: bigint('budget_allotted_cents', { mode: 'number' }).notNull().default(0),
    dynamicActive: boolean('dynamic_active').notNull().default(false),
    dynamicAmounts: jsonb('dynamic_amounts').$type<TDynamicAmountRow[]>().notNull().default([]),
    percentageDiscount: integer('percentage_discount'),
    linkToShop: text('link_to_shop'),
    codesFileUrl: text('codes_file_url'),
    codesFileName: text('codes_file_name'),
    noFinePrint: boolean('no_fine_print').notNull().default(false),
    finePrint: text('fine_print'),
    // prize value in cents, and how many exist.
    valueCents: bigint('value_cents', { mode: 'number' }),
    totalAvailable: integer('total_available'),
    imageUrl: text('image_url'),
    imageArgs: jsonb('image_args').$type<TMediaImageArgs | null>(),
    endDate: timestamp('end_date', { withTimezone: true }),
    endTimeZone: text('end_time_zone'),
    // Low-stock alerts (migration 0047, decision 0031): codes left in the pool, cents left in the paid budget; null: none.
    codesLowThreshold: integer('codes_low_threshold'),
    budgetLowThresholdCents: bigint('budget_low_threshold_cents', { mode: 'number' }),
    // The budget's alert went out for the current crossing (re-armed by a payment that lifts it to the threshold).
    budgetLowAlerted: boolean('budget_low_alerted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The keys engine rows reference with their campaign and brand (columns.ts, brandIdViaParentColumn).
    unique('rewards_id_campaign_brand_uq').on(t.id, t.campaignId, t.brandId),
    unique('rewards_id_brand_uq').on(t.id, t.brandId),
    index('rewards_campaign_idx').on(t.campaignId),
    check('rewards_title_len', sql`char_length(${t.title}) <= 80`),
    check('rewards_description_len', sql`char_length(${t.description}) <= 200`),
    check('rewards_fine_print_len', sql`${t.finePrint} is null or char_length(${t.finePrint}) <= 300`),
    check('rewards_completions_min', sql`${t.completionsToUnlock} >= 1`),
    check(
      'rewards_low_thresholds_positive',
      sql`(${t.codesLowThreshold} is null or ${t.codesLowThreshold} between 1 and 1000000) and (${t.budgetLowThresholdCents} is null or ${t.budgetLowThresholdCents} > 0)`,
    ),
    check(
      'rewards_budget_not_overspent',
      sql`${t.budgetSpentCents} >= 0 and ${t.budgetAllottedCents} >= 0 and ${t.budgetSpentCents} + ${t.budgetAllottedCents} <= ${t.budgetPaidCents}`,
    ),
  ],
);

/** Partner brands that supply or pay for a shared reward. */
export const rewardPartners = pgTable(
  'reward_partners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'cascade' }),
    partnerBrandId: text('partner_brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    budgetCents: bigint('budget_cents', { mode: 'number' }).notNull().default(0),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    fillStatus: fillStatusEnum('fill_status').notNull().default('pending'),
  },
  (t) => [uniqueIndex('reward_partners_uq').on(t.rewardId, t.partnerBrandId)],
);

/**
 * One row per code of a code-type reward; issued when a participant unlocks it. brand_id and reward_id refer to
 * brands and rewards (deleting either deletes the codes) through statement triggers of migration 0019, not declared
 * foreign keys: a declared key is checked once per row, which was four fifths of adding 1,000,000 codes (decision 0007).
 */
export const rewardCodes = pgTable(
  'reward_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: text('brand_id').notNull(),
    rewardId: integer('reward_id').notNull(),
    code: text('code').notNull(),
    issuedToStoreUserId: integer('issued_to_store_user_id'),
    issuedToConsumerId: integer('issued_to_consumer_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The code whose claim takes the pool under the reward's threshold (reward_codes_low_arm; decision 0031).
    lowMark: boolean('low_mark').notNull().default(false),
  },
  (t) => [
    uniqueIndex('reward_codes_reward_code_uq').on(t.rewardId, t.code),
    index('reward_codes_low_mark_idx').on(t.rewardId).where(sql`${t.lowMark} and ${t.issuedAt} is null`),
    // The unissued codes of a reward, in order: a claim takes the first it can lock.
    index('reward_codes_unissued_idx').on(t.rewardId, t.id).where(sql`${t.issuedAt} is null`),
  ],
);

/**
 * One row per low-stock crossing of a reward's code pool or budget (decision 0031), written in the transaction that
 * spent it: the outbox the owners' and admins' mail leaves from after commit.
 */
export const rewardStockAlerts = pgTable(
  'reward_stock_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    campaignId: integer('campaign_id').notNull(),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'codes' | 'budget'>().notNull(),
    threshold: bigint('threshold', { mode: 'number' }).notNull(),
    remaining: bigint('remaining', { mode: 'number' }).notNull(),
    /** A sender took it until then (a sender that died mid-send leaves it to the next). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reward_stock_alerts_unmailed_idx').on(t.id).where(sql`${t.mailedAt} is null`),
    index('reward_stock_alerts_reward_idx').on(t.rewardId, t.id),
    check('reward_stock_alerts_kind_known', sql`${t.kind} in ('codes', 'budget')`),
  ],
);
