import { text } from 'drizzle-orm/pg-core';
import { brands } from './auth.js';

/** The owning brand of a tenant row: required, and gone with the brand. */
export const brandIdColumn = () =>
  text('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' });
