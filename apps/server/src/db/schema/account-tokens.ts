import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** What a mailed account link does when followed. */
export const ACCOUNT_TOKEN_PURPOSES = ['verify-email', 'reset-password', 'change-email'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * Links mailed to an account's owner (modules/account): verify the address, reset the password, move the account to
 * a new address. Only the sha-256 of the token is kept, so a copy of the table opens nothing; a link works once
 * (`used_at`) and until `expires_at`. A newer link of the same purpose replaces the older ones.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    /** base64url sha-256 of the token the link carries. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was mailed to: the account's, or the new one of an email change. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    check('account_tokens_purpose', sql`${t.purpose} in ('verify-email', 'reset-password', 'change-email')`),
  ],
);
