import { brandIdColumn } from './columns.js';
import { bigint, index, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { EXPORT_FORMATS, EXPORT_KINDS, EXPORT_STATUSES } from '@rally/domain';
import { users } from './auth.js';

export const exportKindEnum = pgEnum('export_kind', EXPORT_KINDS);
export const exportFormatEnum = pgEnum('export_format', EXPORT_FORMATS);
export const exportStatusEnum = pgEnum('export_status', EXPORT_STATUSES);

/**
 * An export a brand member asked for: the durable state of its background job (queued → running → done,
 * failed or cancelled), its progress, and where its file is kept until the link expires.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: text('id').primaryKey(),
    brandId: brandIdColumn(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: exportKindEnum('kind').notNull(),
    format: exportFormatEnum('format').notNull().default('csv'),
    status: exportStatusEnum('status').notNull().default('queued'),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    timeZone: text('time_zone').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('data_exports_brand_created_idx').on(t.brandId, t.createdAt.desc())],
);
