import { text } from 'drizzle-orm/pg-core';
import { brands } from './auth.js';

/** The owning brand of a tenant row: required, and gone with the brand. */
export const brandIdColumn = () =>
  text('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' });

/**
 * The owning brand of a high-volume engine row, whose brand is checked through its parent instead: a composite
 * reference (parent id, brand id) → the parent's (id, brand_id) makes the database hold the row to its parent's
 * brand, in one check per row rather than one on the parent and one on the brand row that every completion of
 * the brand would lock (docs/decisions/0008 §13).
 */
export const brandIdViaParentColumn = () => text('brand_id').notNull();
