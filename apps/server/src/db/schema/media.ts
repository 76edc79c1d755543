import { brandIdColumn } from './columns.js';
import { bigint, doublePrecision, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const mediaKindEnum = pgEnum('media_kind', ['image', 'video']);

/** An uploaded image or video of a brand's media library. Bytes live in the storage backend. */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: text('id').primaryKey(),
    brandId: brandIdColumn(),
    fileType: mediaKindEnum('file_type').notNull(),
    mimeType: text('mime_type').notNull(),
    fileName: text('file_name').notNull(),
    title: text('title').notNull().default(''),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key'),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: doublePrecision('duration_seconds'),
    versionId: integer('version_id').notNull().default(1),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_files_brand_idx').on(t.brandId, t.createdAt.desc())],
);
