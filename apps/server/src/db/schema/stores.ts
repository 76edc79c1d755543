import { brandIdColumn } from './columns.js';
import { sql } from 'drizzle-orm';
import type { TLanguageCode, TStaffStatus } from '@rally/domain';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const storeStatusEnum = pgEnum('store_status', ['approved', 'pending', 'rejected', 'inactive']);

export const stores = pgTable(
  'stores',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    name: text('name').notNull(),
    logoUrl: text('logo_url'),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    countryCode: text('country_code').notNull(),
    formattedAddress: text('formatted_address').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    status: storeStatusEnum('status').notNull().default('pending'),
    refId: text('ref_id'),
    // External id of the same store in the point-of-sale product ("{product}StoreId").
    externalStoreId: text('external_store_id'),
    // The secret of the store's join link and QR poster (migration 0041, decision 0025); made on first use.
    joinCode: text('join_code'),
    weight: integer('weight').notNull().default(0),
    // Denormalised count of store_users, maintained by the writers of store_users.
    totalUsers: integer('total_users').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stores_brand_status_weight_idx').on(t.brandId, t.status, t.weight, t.id),
    index('stores_brand_status_name_idx').on(t.brandId, t.status, t.name, t.id),
    index('stores_brand_ref_idx').on(t.brandId, t.refId),
    index('stores_brand_status_users_idx').on(t.brandId, t.status, t.totalUsers, t.id),
    // Reach of a consumer campaign: approved stores of some countries, summed from the index alone.
    index('stores_brand_status_country_idx').on(t.brandId, t.status, t.countryCode, t.totalUsers),
    // The store management list, which shows every status, in its default order.
    index('stores_brand_name_idx').on(t.brandId, t.name, t.id),
    // What a reach calculation reads of each chosen store, so it is answered from the index alone.
    index('stores_reach_idx').on(t.id, t.brandId, t.status, t.countryCode, t.totalUsers),
    // Substring search (ILIKE '%…%') over name and address; needs the pg_trgm extension.
    index('stores_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('stores_address_trgm_idx').using('gin', t.formattedAddress.op('gin_trgm_ops')),
    // POS merge candidates with the same postcode in the same country (docs/decisions/0011).
    index('stores_brand_country_postal_idx').on(t.brandId, t.countryCode, t.postalCode),
    // Nearest names and addresses by trigram distance (ORDER BY … <-> … LIMIT k), for POS merge candidates: GIN
    // answers "similar enough", only GiST answers "most similar first" without scoring every store (decision 0011).
    index('stores_name_trgm_gist_idx').using('gist', t.name.op('gist_trgm_ops')),
    index('stores_address_trgm_gist_idx').using('gist', t.formattedAddress.op('gist_trgm_ops')),
    uniqueIndex('stores_join_code_uq').on(t.joinCode).where(sql`${t.joinCode} is not null`),
  ],
);

export const storeGroups = pgTable(
  'store_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    name: text('name').notNull(),
    status: storeStatusEnum('status').notNull().default('approved'),
    weight: integer('weight').notNull().default(0),
    // Approved member stores and their users, kept by database triggers (migration 0007) so the
    // group tables sort on them from an index.
    totalStores: integer('total_stores').notNull().default(0),
    totalUsers: integer('total_users').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_groups_brand_status_weight_idx').on(t.brandId, t.status, t.weight, t.id),
    index('store_groups_brand_status_name_idx').on(t.brandId, t.status, t.name, t.id),
    index('store_groups_brand_status_stores_idx').on(t.brandId, t.status, t.totalStores, t.id),
    index('store_groups_brand_status_users_idx').on(t.brandId, t.status, t.totalUsers, t.id),
  ],
);

export const storeGroupMembers = pgTable(
  'store_group_members',
  {
    brandId: brandIdColumn(),
    groupId: integer('group_id')
      .notNull()
      .references(() => storeGroups.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.storeId] }),
    // With the group id, "which groups hold these stores" (reach) needs no table access.
    index('store_group_members_store_idx').on(t.storeId, t.groupId),
  ],
);

/** People who take part in campaigns: store employees (and, for consumer campaigns, consumers). */
export const storeUsers = pgTable(
  'store_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    // 'employee' (called "staff" in the dashboard and import files) or 'manager' (migration 0040).
    role: text('role').notNull().default('employee'),
    // scrypt hash for password sign-in to /play (demo store users only); others sign in by emailed code.
    passwordHash: text('password_hash'),
    // Only 'active' people sign in to /play and count in stores.total_users; 'pending' waits for approval,
    // 'inactive' was deactivated, 'rejected' was refused (STAFF_STATUSES, decision 0024).
    status: text('status').$type<TStaffStatus>().notNull().default('active'),
    // The person's language (en, es, fr) for mails and /play; null: the inviter's.
    locale: text('locale').$type<TLanguageCode>(),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    // The IANA time zone the person chose in /play (its dates are shown in it); null: the browser's (migration 0043).
    timeZone: text('time_zone'),
    // Set when the person deleted their account (decision 0027): name replaced, email and password removed.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_users_store_idx').on(t.storeId),
    index('store_users_brand_idx').on(t.brandId),
    index('store_users_email_idx').on(t.email),
    // One person per brand by address in any case: an import updates instead of duplicating.
    uniqueIndex('store_users_brand_email_uq').on(t.brandId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    index('store_users_store_status_name_idx').on(t.storeId, t.status, t.name, t.id),
    check('store_users_status', sql`${t.status} in ('active', 'pending', 'inactive', 'rejected')`),
    check('store_users_role', sql`${t.role} in ('employee', 'manager')`),
    check('store_users_locale', sql`${t.locale} in ('en', 'es', 'fr')`),
    check('store_users_deleted_no_email', sql`${t.deletedAt} is null or ${t.email} is null`),
  ],
);

/**
 * A counter per brand that database triggers move on every change to its stores, groups or
 * group members (migration 0007), whoever writes: caches of lists and reach figures are keyed
 * by it, so they are never served stale. No foreign key: the triggers also fire while a brand's
 * rows are deleted with the brand.
 */
export const storeCacheRevs = pgTable('store_cache_revs', {
  brandId: text('brand_id').primaryKey(),
  rev: bigint('rev', { mode: 'number' }).notNull().default(0),
});
