import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { brandIdColumn } from './columns.js';
import { storeUsers, stores } from './stores.js';

/** A brand's choice to let people who join with a store's code in at once (off: they wait as pending). Decision 0025. */
export const storeJoinSettings = pgTable('store_join_settings', {
  brandId: brandIdColumn().primaryKey(),
  autoApprove: boolean('auto_approve').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How a store user came in by a store's join code: the hash of the token that lets the newcomer's /play see the
 * request's status while it waits (a pending person has no /play session), and who decided and when.
 */
export const storeJoinRequests = pgTable(
  'store_join_requests',
  {
    storeUserId: integer('store_user_id')
      .primaryKey()
      .references(() => storeUsers.id, { onDelete: 'cascade' }),
    brandId: brandIdColumn(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    autoApproved: boolean('auto_approved').notNull().default(false),
  },
  (t) => [
    uniqueIndex('store_join_requests_token_uq').on(t.tokenHash),
    index('store_join_requests_brand_idx').on(t.brandId, t.requestedAt),
  ],
);
