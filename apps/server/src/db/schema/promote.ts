import { brandIdColumn } from './columns.js';
import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { campaigns } from './campaigns.js';
import { stores } from './stores.js';

export const promoteDeliveryStatusEnum = pgEnum('promote_delivery_status', ['queued', 'sent', 'failed', 'unsubscribed']);

/** One promote request: a brand emailing chosen stores of a launched campaign's reach (spec §7 promote). */
export const promoteSends = pgTable(
  'promote_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    language: text('language').notNull().default('en'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promote_sends_campaign_idx').on(t.campaignId, t.id)],
);

/** One mail of a promote request: the delivery log. Counted against the brand's send limit when created. */
export const promoteDeliveries = pgTable(
  'promote_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    sendId: integer('send_id')
      .notNull()
      .references(() => promoteSends.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    storeName: text('store_name').notNull(),
    email: text('email').notNull(),
    status: promoteDeliveryStatusEnum('status').notNull().default('queued'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('promote_deliveries_send_idx').on(t.sendId, t.id),
    // The per-brand limit counts a brand's deliveries of the last 24 hours.
    index('promote_deliveries_brand_created_idx').on(t.brandId, t.createdAt),
  ],
);

/** Addresses that asked a brand for no more promote mail (the signed unsubscribe link). */
export const promoteUnsubscribes = pgTable(
  'promote_unsubscribes',
  {
    brandId: brandIdColumn(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.email] })],
);
