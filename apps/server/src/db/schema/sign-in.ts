import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-account sign-in throttling (docs/decisions/0016): one row per account key — a scope and the sha-256 of an
 * email, never the address itself — counting its attempts since the last success. Not a tenant row: an email is
 * throttled before anyone knows which brand, if any, it belongs to. Rows idle for a day are swept.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Attempts before this instant are refused (429) without being checked or counted. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('sign_in_throttles_last_attempt_idx').on(t.lastAttemptAt)],
);
