import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { brandIdColumn } from './columns.js';

/**
 * The brand's activity log (issue 28): every change to the brand — settings, members and roles, invitations, the
 * partner pool, campaigns, billing — with who, when and old → new. Written in the same transaction as the change
 * (modules/activity recordActivity); never updated.
 */
export const brandActivity = pgTable(
  'brand_activity',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    /** user | api_key | operator | system */
    actorKind: text('actor_kind', { enum: ['user', 'api_key', 'operator', 'system'] }).notNull(),
    /** The user's id (user, operator) or the key's id; null for the system. Not a foreign key: the log outlives them. */
    actorId: text('actor_id'),
    /** The name shown as it was then ("Olivia Owner", "Rally operator", a key's name). */
    actorName: text('actor_name').notNull(),
    /** area.verb, e.g. member.role_changed, invitation.sent, partner.invited, brand.updated, campaign.launched. */
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    subjectLabel: text('subject_label'),
    changes: jsonb('changes').$type<{ field: string; old: unknown; new: unknown }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('brand_activity_brand_idx').on(t.brandId, t.createdAt.desc(), t.id.desc()), index('brand_activity_action_idx').on(t.brandId, t.action)],
);
