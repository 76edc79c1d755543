import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What platform operators did (issue 28), across brands: suspending or approving a brand, switching its consumer
 * feature. Each line is also written to the brand's own activity log (actor kind operator) in the same transaction.
 * No foreign keys: the audit outlives the operator's account and the brand.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    operatorId: text('operator_id'),
    operatorName: text('operator_name').notNull(),
    /** brand.suspended, brand.approved, brand.consumer_switched */
    action: text('action').notNull(),
    brandId: text('brand_id'),
    brandName: text('brand_name'),
    changes: jsonb('changes').$type<{ field: string; old: unknown; new: unknown }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operator_audit_created_idx').on(t.createdAt.desc(), t.id.desc())],
);
