import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TNotificationData } from '@rally/domain';
import { brandIdColumn, brandIdViaParentColumn } from './columns.js';
import { campaigns } from './campaigns.js';
import { consumers } from './runtime.js';
import { storeUsers } from './stores.js';

/**
 * The notification outbox (decision 0026): one row per event, written by database triggers in the transaction of
 * the change itself (a campaign becoming active, an unlock issued by the engine, a pending entry settled, a prize
 * assigned) or by the ending sweep; `event_key` makes the event once whoever writes it again. A job fans each
 * event out to its people (`notifications`) and then their channels (`notification_deliveries`).
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdViaParentColumn(),
    kind: text('kind').notNull(),
    /** 'launch:<campaign>', 'ending:<campaign>', 'unlock:<unlock>', 'prize:<unlock>', 'entry:<completion>'. */
    eventKey: text('event_key').notNull(),
    campaignId: integer('campaign_id').notNull(),
    /** The unlock or completion the event is about (null for a campaign's events). */
    subjectId: bigint('subject_id', { mode: 'number' }),
    /** 'u:<storeUserId>' / 'c:<consumerId>' for one person's event; null: everyone the campaign reaches. */
    participant: text('participant'),
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_events_key_uq').on(t.eventKey),
    index('notification_events_pending_idx').on(t.id).where(sql`${t.fannedOutAt} is null`),
    foreignKey({ name: 'notification_events_campaign_brand_fk', columns: [t.campaignId, t.brandId], foreignColumns: [campaigns.id, campaigns.brandId] }).onDelete('cascade'),
  ],
);

/** A participant's inbox: one item per event and person (the unique key is what makes a retried fan-out harmless). */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    participant: text('participant').notNull(),
    storeUserId: integer('store_user_id').references(() => storeUsers.id, { onDelete: 'cascade' }),
    consumerId: integer('consumer_id').references(() => consumers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    campaignId: integer('campaign_id').notNull(),
    data: jsonb('data').$type<TNotificationData>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_event_participant_uq').on(t.eventId, t.participant),
    index('notifications_participant_idx').on(t.participant, t.id.desc()),
    check('notifications_one_participant', sql`(${t.storeUserId} is null) <> (${t.consumerId} is null)`),
  ],
);

/** A participant's choice of a channel for a kind; no row: the channel's default (domain `defaultChoice`). */
export const notificationChoices = pgTable(
  'notification_choices',
  {
    brandId: brandIdColumn(),
    participant: text('participant').notNull(),
    storeUserId: integer('store_user_id').references(() => storeUsers.id, { onDelete: 'cascade' }),
    consumerId: integer('consumer_id').references(() => consumers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.participant, t.kind, t.channel] }),
    check('notification_choices_channel_known', sql`${t.channel} in ('push', 'mail')`),
  ],
);

/** A browser's Web Push subscription (its push service endpoint and keys), per participant. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    participant: text('participant').notNull(),
    storeUserId: integer('store_user_id').references(() => storeUsers.id, { onDelete: 'cascade' }),
    consumerId: integer('consumer_id').references(() => consumers.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_participant_idx').on(t.participant)],
);

/** One inbox item's push or mail: queued by the fan-out, claimed and sent by the delivery job, once. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_uq').on(t.notificationId, t.channel),
    index('notification_deliveries_open_idx').on(t.channel, t.id).where(sql`${t.status} in ('queued', 'sending')`),
    check('notification_deliveries_channel_known', sql`${t.channel} in ('push', 'mail')`),
    check('notification_deliveries_status_known', sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'skipped')`),
  ],
);
