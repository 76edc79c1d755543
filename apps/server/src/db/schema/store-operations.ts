import { brandIdColumn } from './columns.js';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { POS_IMPORT_STATUSES } from '@rally/domain';
import { users } from './auth.js';
import { stores } from './stores.js';

/** Every change to a store (status, retailer fields, users, POS merges): who, when, what, old → new. */
export const storeActivity = pgTable(
  'store_activity',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<{ field: string; old: unknown; new: unknown }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_activity_store_idx').on(t.storeId, t.createdAt.desc(), t.id)],
);

export const posImportStatusEnum = pgEnum('pos_import_status', POS_IMPORT_STATUSES);

/**
 * A store as the brand's point-of-sale system lists it (uploaded file or API), waiting to be merged into
 * one of the brand's stores or kept apart (then it becomes a store of its own). refId is the POS's id.
 */
export const posImportedStores = pgTable(
  'pos_imported_stores',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    refId: text('ref_id').notNull(),
    name: text('name').notNull(),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    countryCode: text('country_code').notNull(),
    status: posImportStatusEnum('status').notNull().default('pending'),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pos_imported_stores_brand_ref_uq').on(t.brandId, t.refId),
    index('pos_imported_stores_brand_status_idx').on(t.brandId, t.status, t.id),
    index('pos_imported_stores_brand_name_idx').on(t.brandId, t.name, t.id),
    index('pos_imported_stores_pending_idx').on(t.brandId, t.importedAt, t.id).where(sql`${t.status} = 'pending'`),
  ],
);
