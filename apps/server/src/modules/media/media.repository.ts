import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mediaFiles } from '../../db/schema/index.js';

export type MediaRow = typeof mediaFiles.$inferSelect;
export type MediaInsert = typeof mediaFiles.$inferInsert;

export async function insertMediaFile(db: DbOrTx, values: MediaInsert): Promise<MediaRow> {
  const [row] = await db.insert(mediaFiles).values(values).returning();
  return row!;
}

/** One page of the brand's media, newest first, with the brand's total. */
export async function pageMediaFiles(db: DbOrTx, brandId: string, page: { offset: number; limit: number }) {
  const where = eq(mediaFiles.brandId, brandId);
  const [rows, [total]] = await Promise.all([
    db.select().from(mediaFiles).where(where).orderBy(desc(mediaFiles.createdAt), desc(mediaFiles.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(mediaFiles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Retitles one of the brand's media files; undefined when the brand has no such file. */
export async function setMediaTitle(db: DbOrTx, brandId: string, id: string, title: string): Promise<MediaRow | undefined> {
  const [row] = await db
    .update(mediaFiles)
    .set({ title })
    .where(and(eq(mediaFiles.brandId, brandId), eq(mediaFiles.id, id)))
    .returning();
  return row;
}

/** A media file by id, whatever its brand (files are served by their unguessable id). */
export async function findMediaRow(db: DbOrTx, id: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
  return row;
}
