import { brandIdColumn, brandIdViaParentColumn } from './columns.js';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { COMPLETION_STATUSES, UNLOCK_STATUSES, type TPlayLanguage, type TPrizeUserFormBody } from '@rally/domain';
import { campaigns } from './campaigns.js';
import { campaignMissions } from './missions.js';
import { rewardCodes, rewards } from './rewards.js';
import { storeUsers, stores } from './stores.js';

export const completionStatusEnum = pgEnum('completion_status', COMPLETION_STATUSES);
export const unlockStatusEnum = pgEnum('unlock_status', UNLOCK_STATUSES);

/** People who take part in a brand's consumer campaigns (store users take part in the others). */
export const consumers = pgTable(
  'consumers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    // Null once the consumer deleted their account (decision 0027): the address may join the brand again.
    email: text('email'),
    name: text('name').notNull(),
    countryCode: text('country_code').notNull(),
    // The /play language (en, es, fr) and IANA time zone the consumer chose; null: follow the browser (migration 0043).
    locale: text('locale').$type<TPlayLanguage>(),
    timeZone: text('time_zone'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // The brand's own reference for the person (its CRM id), set through the public API (migration 0047).
    externalRef: text('external_ref'),
    // Deactivated by the brand (public API): no sign-in, no session, no entries, until an upsert makes them active.
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consumers_brand_email_uq').on(t.brandId, t.email),
    uniqueIndex('consumers_brand_external_ref_uq').on(t.brandId, t.externalRef).where(sql`${t.externalRef} is not null and ${t.deletedAt} is null`),
    check('consumers_external_ref_len', sql`${t.externalRef} is null or char_length(${t.externalRef}) between 1 and 200`),
    index('consumers_email_idx').on(t.email),
    check('consumers_locale', sql`${t.locale} in ('en', 'es', 'fr')`),
    check('consumers_deleted_no_email', sql`${t.deletedAt} is null or ${t.email} is null`),
  ],
);

/** A participant's change of email (decision 0027): a six-digit code mailed to the new address, stored hashed. */
export const playEmailChanges = pgTable(
  'play_email_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    storeUserId: integer('store_user_id').references(() => storeUsers.id, { onDelete: 'cascade' }),
    consumerId: integer('consumer_id').references(() => consumers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('play_email_changes_one_participant', sql`(${t.storeUserId} is null) <> (${t.consumerId} is null)`),
    index('play_email_changes_user_idx').on(t.storeUserId, t.id).where(sql`${t.storeUserId} is not null`),
    index('play_email_changes_consumer_idx').on(t.consumerId, t.id).where(sql`${t.consumerId} is not null`),
  ],
);

/** One-time sign-in codes for /play, stored hashed; a consumer's first sign-in carries what to create. */
export const playSignInCodes = pgTable(
  'play_sign_in_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    join: jsonb('join').$type<{ campaignUid: string; name: string; countryCode: string } | null>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('play_sign_in_codes_email_idx').on(t.email, t.createdAt)],
);

/** Participant sessions (not dashboard sessions): the cookie carries the token, the row its hash. */
export const playSessions = pgTable(
  'play_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    brandId: brandIdColumn(),
    storeUserId: integer('store_user_id').references(() => storeUsers.id, { onDelete: 'cascade' }),
    consumerId: integer('consumer_id').references(() => consumers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('play_sessions_one_participant', sql`(${t.storeUserId} is null) <> (${t.consumerId} is null)`)],
);

/** Photos participants upload (receipts, photo fields); bytes in media storage, the key here. */
export const playUploads = pgTable('play_uploads', {
  id: text('id').primaryKey(),
  brandId: brandIdColumn(),
  participantKey: text('participant_key').notNull(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A participant's submission of a mission in a running campaign (for reports and unlocks). */
export const completions = pgTable(
  'completions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdViaParentColumn(),
    campaignId: integer('campaign_id').notNull(),
    campaignMissionId: integer('campaign_mission_id')
      .notNull()
      .references(() => campaignMissions.id, { onDelete: 'cascade' }),
    storeUserId: integer('store_user_id').references(() => storeUsers.id, { onDelete: 'set null' }),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    consumerId: integer('consumer_id').references(() => consumers.id, { onDelete: 'set null' }),
    // Only accepted completions count toward unlocks and ranks; receipt-required ones wait as pending.
    status: completionStatusEnum('status').notNull().default('accepted'),
    salesAmountCents: bigint('sales_amount_cents', { mode: 'number' }).notNull().default(0),
    itemsSold: jsonb('items_sold').$type<{ itemId: number; quantity: number }[]>().notNull().default([]),
    answers: jsonb('answers').$type<unknown>(),
    receiptUploadId: text('receipt_upload_id'),
    // The store manager who entered it for this participant, a colleague of the same store (decision 0025).
    enteredBy: integer('entered_by').references(() => storeUsers.id, { onDelete: 'set null' }),
    score: integer('score'),
    passed: boolean('passed'),
    // Idempotent submit: 'u:<storeUserId>' / 'c:<consumerId>' with the client's key; the first answer is kept.
    participantKey: text('participant_key'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    response: jsonb('response').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'completions_campaign_brand_fk', columns: [t.campaignId, t.brandId], foreignColumns: [campaigns.id, campaigns.brandId] }).onDelete('cascade'),
    index('completions_campaign_idx').on(t.campaignId, t.createdAt),
    uniqueIndex('completions_idempotency_uq').on(t.participantKey, t.idempotencyKey),
    // Partial: a row of the other kind of participant has a null here and is never looked up by it (decision 0008 §16).
    index('completions_user_mission_idx').on(t.storeUserId, t.campaignMissionId, t.status).where(sql`${t.storeUserId} is not null`),
    index('completions_consumer_mission_idx').on(t.consumerId, t.campaignMissionId, t.status).where(sql`${t.consumerId} is not null`),
    index('completions_store_mission_idx').on(t.storeId, t.campaignMissionId).where(sql`${t.storeId} is not null`),
    index('completions_mission_created_idx').on(t.campaignMissionId, t.createdAt),
    index('completions_entered_by_idx').on(t.enteredBy).where(sql`${t.enteredBy} is not null`),
  ],
);

/**
 * How often a participant's engine state in a campaign has moved (docs/decisions/0008 §15): triggers on completions
 * and reward unlocks move it with every row that changes what engine_state reads, so a write that finds the version
 * it planned from knows the state it planned from is still the state, without reading it again.
 */
export const engineParticipantVersions = pgTable(
  'engine_participant_versions',
  {
    campaignId: integer('campaign_id').notNull(),
    brandId: brandIdViaParentColumn(),
    /** 'u:<storeUserId>' / 'c:<consumerId>', as completions.participant_key. */
    participant: text('participant').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.participant] }),
    foreignKey({ name: 'engine_participant_versions_campaign_brand_fk', columns: [t.campaignId, t.brandId], foreignColumns: [campaigns.id, campaigns.brandId] }).onDelete('cascade'),
  ],
);

/** A reward a participant unlocked, with the code issued where the reward has codes. */
export const rewardUnlocks = pgTable(
  'reward_unlocks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdViaParentColumn(),
    campaignId: integer('campaign_id').notNull(),
    rewardId: integer('reward_id').notNull(),
    storeUserId: integer('store_user_id').references(() => storeUsers.id, { onDelete: 'set null' }),
    consumerId: integer('consumer_id').references(() => consumers.id, { onDelete: 'set null' }),
    completionId: bigint('completion_id', { mode: 'number' }).references(() => completions.id, { onDelete: 'set null' }),
    codeId: bigint('code_id', { mode: 'number' }).references(() => rewardCodes.id, { onDelete: 'set null' }),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    status: unlockStatusEnum('status').notNull().default('issued'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    assignedBy: text('assigned_by'),
    assignedStoreId: integer('assigned_store_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The reward's campaign and brand, in one check.
    foreignKey({
      name: 'reward_unlocks_reward_campaign_brand_fk',
      columns: [t.rewardId, t.campaignId, t.brandId],
      foreignColumns: [rewards.id, rewards.campaignId, rewards.brandId],
    }).onDelete('cascade'),
    index('reward_unlocks_reward_idx').on(t.rewardId),
    // A code is issued to one unlock only, whatever the concurrency.
    uniqueIndex('reward_unlocks_code_uq').on(t.codeId).where(sql`${t.codeId} is not null`),
    // Partial, as the completions' participant indexes: a money unlock has no code, a consumer's no store user.
    index('reward_unlocks_user_idx').on(t.storeUserId, t.rewardId).where(sql`${t.storeUserId} is not null`),
    index('reward_unlocks_consumer_idx').on(t.consumerId, t.rewardId).where(sql`${t.consumerId} is not null`),
    index('reward_unlocks_completion_idx').on(t.completionId),
    // The public API pages a brand's unlocks by id (GET /api/v1/unlocks; migration 0044).
    index('reward_unlocks_brand_id_idx').on(t.brandId, t.id),
  ],
);

/**
 * Spending of a money / gift-card reward's paid budget, append-only: each row is a signed
 * amount (debits negative) and a trigger (migration 0008) moves rewards.budget_spent_cents in
 * the same statement; a CHECK keeps spent ≤ paid, so the budget can never go below zero.
 */
export const rewardBudgetLedger = pgTable(
  'reward_budget_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdViaParentColumn(),
    rewardId: integer('reward_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    completionId: bigint('completion_id', { mode: 'number' }).references(() => completions.id, { onDelete: 'set null' }),
    unlockId: bigint('unlock_id', { mode: 'number' }).references(() => rewardUnlocks.id, { onDelete: 'set null' }),
    // The budget slice the debit came from (null: settled on the reward row).
    slice: smallint('slice'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'reward_budget_ledger_reward_brand_fk', columns: [t.rewardId, t.brandId], foreignColumns: [rewards.id, rewards.brandId] }).onDelete('cascade'),
    index('reward_budget_ledger_reward_idx').on(t.rewardId),
  ],
);

/**
 * A running reward's paid budget split into slices (docs/decisions/0008 §9): a debit locks one slice
 * no other transaction holds, so concurrent completions do not queue on the reward row until each
 * one's commit is flushed. Each slice can never spend more than it was allotted (CHECK), and the
 * reward row never allots more than was paid (its CHECK), so the budget cannot go below zero.
 */
export const rewardBudgetSlices = pgTable(
  'reward_budget_slices',
  {
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'cascade' }),
    slice: smallint('slice').notNull(),
    allottedCents: bigint('allotted_cents', { mode: 'number' }).notNull().default(0),
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.rewardId, t.slice] }),
    check('reward_budget_slices_not_overspent', sql`${t.spentCents} >= 0 and ${t.spentCents} <= ${t.allottedCents}`),
  ],
);

/** A prize winner's delivery form (one per unlock). */
export const prizeUserForms = pgTable('prize_user_forms', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  brandId: brandIdColumn(),
  unlockId: bigint('unlock_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => rewardUnlocks.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<TPrizeUserFormBody>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Accepted completions summed per contest mission and store user, kept by the engine in the
 * completion's transaction, so a leaderboard and a rank read a few index entries instead of
 * aggregating every completion (docs/decisions/0008).
 */
export const contestScores = pgTable(
  'contest_scores',
  {
    brandId: brandIdColumn(),
    campaignMissionId: integer('campaign_mission_id')
      .notNull()
      .references(() => campaignMissions.id, { onDelete: 'cascade' }),
    storeUserId: integer('store_user_id')
      .notNull()
      .references(() => storeUsers.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').notNull(),
    submissions: integer('submissions').notNull().default(0),
    salesAmountCents: bigint('sales_amount_cents', { mode: 'number' }).notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignMissionId, t.storeUserId] }),
    index('contest_scores_submissions_idx').on(t.campaignMissionId, t.submissions.desc(), t.storeUserId),
    index('contest_scores_sales_idx').on(t.campaignMissionId, t.salesAmountCents.desc(), t.storeUserId),
  ],
);
