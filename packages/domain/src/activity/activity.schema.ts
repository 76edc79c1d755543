import { z } from 'zod';
import { EPOCH_SECONDS_MAX, zQueryInt } from '../shared/limits.js';

/** Who made a change, as the brand's activity log shows them. */
export const ACTIVITY_ACTOR_KINDS = ['user', 'api_key', 'operator', 'system'] as const;
export type TActivityActorKind = (typeof ACTIVITY_ACTOR_KINDS)[number];

/**
 * The areas of the log (the part of an action before its dot): the filter's choices. Campaign lines come from the
 * campaign's own audit (one read model; see modules/activity).
 */
export const ACTIVITY_AREAS = ['brand', 'member', 'invitation', 'partner', 'campaign', 'billing', 'security', 'operator', 'staff', 'api_key', 'webhook'] as const;
export type TActivityArea = (typeof ACTIVITY_AREAS)[number];

const id = z.string().trim().min(1).max(100);

/** The filters of GET /api/activity and of its CSV export, every one optional. */
const ZActivityFilterFields = z
  .object({
    area: z.enum(ACTIVITY_AREAS).optional(),
    /** One exact action, e.g. member.role_changed or campaign.launch. */
    action: z
      .string()
      .trim()
      .max(80)
      .regex(/^[a-z_]+\.[a-z0-9_.-]+$/, { message: 'an action as area.verb' })
      .optional(),
    /** The user (or key) who made the changes. */
    actorId: id.optional(),
    subjectType: z
      .string()
      .trim()
      .max(40)
      .regex(/^[a-z_]+$/, { message: 'a subject type such as campaign or member' })
      .optional(),
    subjectId: id.optional(),
    /** Epoch seconds, inclusive. */
    from: zQueryInt(0, EPOCH_SECONDS_MAX).optional(),
    /** Epoch seconds, exclusive. */
    to: zQueryInt(0, EPOCH_SECONDS_MAX).optional(),
  })
  .strict();
const fromBeforeTo = (q: { from?: number; to?: number }) => q.from === undefined || q.to === undefined || q.from < q.to;

/** The export takes the same filters, without paging. */
export const ZActivityExportQuery = ZActivityFilterFields.refine(fromBeforeTo, { path: ['to'], message: 'must be after from' });
export type TActivityFilter = z.infer<typeof ZActivityExportQuery>;

/** GET /api/activity: newest first, paged by an opaque cursor. */
export const ZActivityQuery = ZActivityFilterFields.extend({
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'a cursor from a previous page' })
    .optional(),
  limit: zQueryInt(1, 100).default(50),
})
  .strict()
  .refine(fromBeforeTo, { path: ['to'], message: 'must be after from' });
export type TActivityQuery = z.infer<typeof ZActivityQuery>;

export const ZActivityChange = z.object({ field: z.string(), old: z.unknown(), new: z.unknown() });
export type TActivityChange = z.infer<typeof ZActivityChange>;

export const ZBrandActivityEntry = z.object({
  /** Opaque and stable: `a…` a line of the brand's log, `c…` a campaign audit line. */
  id: z.string(),
  /** Epoch seconds. */
  at: z.number().int(),
  actor: z.object({ kind: z.enum(ACTIVITY_ACTOR_KINDS), id: z.string().nullable(), name: z.string() }),
  action: z.string(),
  subject: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }).nullable(),
  changes: z.array(ZActivityChange),
});
export type TBrandActivityEntry = z.infer<typeof ZBrandActivityEntry>;

export const ZBrandActivityPage = z.object({ items: z.array(ZBrandActivityEntry), nextCursor: z.string().nullable() });
export type TBrandActivityPage = z.infer<typeof ZBrandActivityPage>;

/** A change's value as one line of text (the table and the CSV show the same). */
export function activityValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
