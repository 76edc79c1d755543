import { brandIdColumn } from './columns.js';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  check,
  uniqueIndex,
  primaryKey,
  unique,
} from 'drizzle-orm/pg-core';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES, INVITE_STATUSES, SCOPE_TYPES, START_BLOCKED_REASONS, type TSelectedCountry } from '@rally/domain';
import { brands, users } from './auth.js';

export const campaignTypeEnum = pgEnum('campaign_type', CAMPAIGN_TYPES);
export const campaignStatusEnum = pgEnum('campaign_status', CAMPAIGN_STATUSES);
export const scopeTypeEnum = pgEnum('scope_type', SCOPE_TYPES);
export const inviteStatusEnum = pgEnum('invite_status', INVITE_STATUSES);

/** A campaign ("bundle"). */
export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    publicUid: text('public_uid').notNull().unique(),
    name: text('name').notNull().default(''),
    type: campaignTypeEnum('type').notNull(),
    status: campaignStatusEnum('status').notNull().default('draft'),
    sharedCampaign: boolean('shared_campaign').notNull().default(false),
    finishCriteria: text('finish_criteria')
      .array()
      .notNull()
      .default(sql`'{days_over}'::text[]`),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    completionProgress: integer('completion_progress').notNull().default(0),
    reachGroups: integer('reach_groups').notNull().default(0),
    reachStores: integer('reach_stores').notNull().default(0),
    reachUsers: integer('reach_users').notNull().default(0),
    scopeType: scopeTypeEnum('scope_type').notNull().default('all'),
    scopePks: integer('scope_pks')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    countryCodes: text('country_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    selectedPlacesIds: text('selected_places_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    selectedCountries: jsonb('selected_countries').$type<TSelectedCountry[]>().notNull().default([]),
    // Optimistic concurrency: every write names the version it edited.
    version: integer('version').notNull().default(1),
    // Bumped by triggers on any change to the campaign or what the builder shows of it
    // (missions, items, rewards, codes, partners): the key of cached builder responses.
    cacheRev: bigint('cache_rev', { mode: 'number' }).notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    launchedAt: timestamp('launched_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    // Set by the scheduler when a scheduled campaign's start came and its prepaid budget could not be paid; cleared when it starts.
    startBlocked: text('start_blocked', { enum: START_BLOCKED_REASONS }),
  },
  (t) => [
    // The key engine rows reference with their brand (columns.ts, brandIdViaParentColumn).
    unique('campaigns_id_brand_uq').on(t.id, t.brandId),
    // NULLS FIRST is what a plain ORDER BY … DESC means; with drizzle's default NULLS LAST the
    // planner cannot use these for the list's default sort and falls back to scan + sort.
    index('campaigns_brand_created_idx').on(t.brandId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('campaigns_brand_status_created_idx').on(
      t.brandId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('campaigns_brand_name_idx').on(t.brandId, t.name, t.id),
    index('campaigns_brand_status_name_idx').on(t.brandId, t.status, t.name, t.id),
    index('campaigns_brand_start_idx').on(t.brandId, t.startDate, t.id),
    index('campaigns_brand_end_idx').on(t.brandId, t.endDate, t.id),
    check('campaigns_name_len', sql`char_length(${t.name}) <= 50`),
    check('campaigns_progress_range', sql`${t.completionProgress} between 0 and 100`),
    check('campaigns_start_blocked_reason', sql.raw(`start_blocked in (${START_BLOCKED_REASONS.map((r) => `'${r}'`).join(', ')})`)),
  ],
);

/** Partner brands invited to a shared campaign. */
export const campaignPartners = pgTable(
  'campaign_partners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    partnerBrandId: text('partner_brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    inviteStatus: inviteStatusEnum('invite_status'),
    order: integer('order').notNull().default(0),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** Why the partner rejected, as it wrote it (optional); shown to the retailer. */
    rejectReason: text('reject_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_partners_uq').on(t.campaignId, t.partnerBrandId),
    index('campaign_partners_partner_idx').on(t.partnerBrandId),
    check('campaign_partners_reject_reason_len', sql`${t.rejectReason} is null or char_length(${t.rejectReason}) <= 500`),
  ],
);

/**
 * A retailer's partner pool: one row per invited brand (or, before a brand exists, per invited email). Only
 * `approved` rows are offered by the partner select; the invitation's token is stored as its sha256.
 */
export const brandPartnerships = pgTable(
  'brand_partnerships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    /** Empty while the invitation is addressed to an email no brand has answered from yet. */
    partnerBrandId: text('partner_brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    invitedEmail: text('invited_email'),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    respondedBy: text('responded_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: text('removed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('brand_partnerships_uq').on(t.brandId, t.partnerBrandId),
    uniqueIndex('brand_partnerships_token_uq').on(t.tokenHash).where(sql`${t.tokenHash} is not null`),
    uniqueIndex('brand_partnerships_email_uq').on(t.brandId, sql`lower(${t.invitedEmail})`).where(sql`${t.partnerBrandId} is null`),
    index('brand_partnerships_pending_email_idx').on(sql`lower(${t.invitedEmail})`).where(sql`${t.status} = 'pending'`),
    index('brand_partnerships_partner_idx').on(t.partnerBrandId, t.status),
    check('brand_partnerships_status_known', sql`${t.status} in ('pending', 'approved', 'declined', 'removed')`),
    check('brand_partnerships_party', sql`${t.partnerBrandId} is not null or ${t.invitedEmail} is not null`),
  ],
);

/** Every change to a campaign: who, when, which fields, old → new. */
export const campaignAudit = pgTable(
  'campaign_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<{ field: string; old: unknown; new: unknown }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_audit_campaign_idx').on(t.campaignId, t.createdAt.desc()),
    // The brand's activity log reads these rows too (one read model, modules/activity; migration 0036).
    index('campaign_audit_brand_idx').on(t.brandId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Campaigns per brand and status, kept by a trigger on `campaigns` (migration
 * 0003), so the list's total and the status summary never count rows.
 */
export const campaignCounts = pgTable(
  'campaign_counts',
  {
    brandId: brandIdColumn(),
    status: campaignStatusEnum('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.status] })],
);
