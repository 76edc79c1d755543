import { brandIdColumn } from './columns.js';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  MISSION_ITEM_KINDS,
  MISSION_STATUSES,
  MISSION_SUBTYPES,
  MISSION_TYPES,
  type TContestSettings,
  type TMediaResult,
} from '@rally/domain';
import { campaigns } from './campaigns.js';

export const missionTypeEnum = pgEnum('mission_type', MISSION_TYPES);
export const missionSubtypeEnum = pgEnum('mission_subtype', MISSION_SUBTYPES);
export const missionStatusEnum = pgEnum('mission_status', MISSION_STATUSES);
export const missionItemKindEnum = pgEnum('mission_item_kind', MISSION_ITEM_KINDS);

/** The brand's mission library. */
export const missions = pgTable(
  'missions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    media: jsonb('media').$type<TMediaResult | null>(),
    type: missionTypeEnum('type').notNull(),
    subtype: missionSubtypeEnum('subtype').notNull().default('standard'),
    status: missionStatusEnum('status').notNull().default('incomplete'),
    isCompleteFill: boolean('is_complete_fill').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('missions_brand_type_idx').on(t.brandId, t.type, t.id)],
);

/** Quiz questions, survey options (products) or form fields of a mission, in order. */
export const missionItems = pgTable(
  'mission_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    missionId: integer('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    kind: missionItemKindEnum('kind').notNull(),
    title: text('title').notNull(),
    order: integer('order').notNull().default(0),
    // Kind-specific content (question options and correct answer, field type, product sku…).
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mission_items_mission_idx').on(t.missionId, t.order)],
);

/** A library mission placed in a campaign, with its per-campaign settings. */
export const campaignMissions = pgTable(
  'campaign_missions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    missionId: integer('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'restrict' }),
    order: integer('order').notNull().default(0),
    // null or 0 = unlimited.
    maxEntriesPerUser: integer('max_entries_per_user'),
    maxEntriesPerStore: integer('max_entries_per_store'),
    contest: jsonb('contest').$type<TContestSettings | null>(),
    passingGrade: integer('passing_grade'),
    sharedData: text('shared_data').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_missions_uq').on(t.campaignId, t.missionId),
    index('campaign_missions_campaign_idx').on(t.campaignId, t.order),
    index('campaign_missions_mission_idx').on(t.missionId),
  ],
);
