import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Per-day counters of the team doors (migration 0033): brands a person created, invitation mails a brand sent. One
 * upsert takes a unit only while the count is under the limit, so concurrent requests cannot overshoot it.
 */
export const teamDailyCounts = pgTable(
  'team_daily_counts',
  {
    scope: text('scope', { enum: ['brand_created', 'invitation_sent'] }).notNull(),
    key: text('key').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'team_daily_counts_pk', columns: [t.scope, t.key, t.day] }), check('team_daily_counts_scope', sql`${t.scope} in ('brand_created', 'invitation_sent')`)],
);
