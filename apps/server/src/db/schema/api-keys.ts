import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { brandIdColumn } from './columns.js';
import { users } from './auth.js';

/**
 * A brand's keys for the public API (/api/v1, issue 31, decision 0028). The id is the public part of the key
 * (`rk_live_<id>_<secret>`); of the secret only its SHA-256 is kept, so a key is shown once, when it is made.
 * Revoked and rotated keys stay (the list and the activity log name them); only `revoked_at is null` and a future
 * (or no) `expires_at` authenticate.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    brandId: brandIdColumn(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    /** SHA-256 of the secret, hex. */
    secretHash: text('secret_hash').notNull(),
    /** Who made it: the person the key's changes are attributed to where a row needs one (a campaign's creator). */
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Moved at most once a minute per key (a call does not write here every time). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** A rotated key names the key that replaced it. */
    replacedBy: text('replaced_by'),
  },
  (t) => [
    index('api_keys_brand_idx').on(t.brandId, t.createdAt),
    check('api_keys_scopes_not_empty', sql`cardinality(${t.scopes}) > 0`),
    check('api_keys_name_length', sql`char_length(${t.name}) between 1 and 80`),
  ],
);
