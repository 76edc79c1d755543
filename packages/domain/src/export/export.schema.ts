import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../shared/constants.js';
import { ZCalendarDay, ZEpochSeconds, zPaged } from '../shared/api-schemas.js';
import { ZIdRef, zText } from '../shared/limits.js';
import { isValidTimeZone } from '../launch/zoned-time.js';
import { STORE_STATUSES } from '../store/store-enums.js';

/** What a brand can export (product rule R90). */
export const EXPORT_KINDS = ['completions', 'codes', 'stores'] as const;
export type TExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type TExportStatus = (typeof EXPORT_STATUSES)[number];

export const EXPORT_LIMITS = {
  /** How long the emailed download link works. */
  linkHours: 72,
  /**
   * Most rows read from the database per batch (the first ones are smaller); an export holds at most two batches.
   * Not larger: batches of 10,000–40,000 outlived V8's young generation and garbage collection took 3–9 s of a
   * 1,000,000-row export instead of ~1.5 s (decision 0011).
   */
  batchRows: 5_000,
  /** Excel's sheet holds 1,048,576 rows; a bigger .xlsx export fails rather than being cut short. */
  xlsxRows: 1_048_575,
} as const;

const ZTimeZone = z
  .string()
  .max(64)
  .refine((tz) => isValidTimeZone(tz), { message: 'an IANA time zone such as America/New_York' });

export const ZCompletionExportFilters = z
  .object({
    campaignId: ZIdRef.optional(),
    /** Days in the export's time zone, inclusive. */
    from: ZCalendarDay.optional(),
    to: ZCalendarDay.optional(),
    status: z.enum(['accepted', 'pending', 'rejected']).optional(),
  })
  .strict();
export const ZCodeExportFilters = z
  .object({
    campaignId: ZIdRef.optional(),
    rewardId: ZIdRef.optional(),
    issued: z.enum(['all', 'issued', 'unissued']).default('all'),
  })
  .strict();
export const ZStoreExportFilters = z
  .object({
    status: z.enum(STORE_STATUSES).optional(),
    countryCode: z
      .string()
      .regex(/^[A-Z]{2}$/, { message: 'a two-letter ISO country code' })
      .optional(),
    filter: z.string().trim().max(100).optional(),
  })
  .strict();

/** The spec's export request: clientUserId, email, userName, filters, timeZone (default America/New_York), role. */
function zExportRequest<F extends z.ZodType>(filters: F) {
  return z
    .object({
      /** The requester as the client knows them; must be the signed-in user when given. */
      clientUserId: z.string().max(100).optional(),
      /** Who receives the link: the requester or another member of the brand (default: the requester). */
      email: z.string().trim().email({ message: 'an email address' }).max(254).optional(),
      userName: zText(100).optional(),
      filters,
      timeZone: ZTimeZone.default(DEFAULT_TIME_ZONE),
      /** Informational: what is allowed is decided from the session's role, never from this field. */
      role: z.string().max(50).optional(),
      format: z.enum(EXPORT_FORMATS).default('csv'),
    })
    .strict();
}
export const ZCompletionExportRequest = zExportRequest(ZCompletionExportFilters.prefault({}));
export const ZCodeExportRequest = zExportRequest(ZCodeExportFilters.prefault({}));
export const ZStoreExportRequest = zExportRequest(ZStoreExportFilters.prefault({}));
export type TCompletionExportRequest = z.input<typeof ZCompletionExportRequest>;
export type TCodeExportRequest = z.input<typeof ZCodeExportRequest>;
export type TStoreExportRequest = z.input<typeof ZStoreExportRequest>;

export const ZDataExport = z.object({
  id: z.string(),
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  email: z.string(),
  requestedBy: z.string(),
  timeZone: z.string(),
  filters: z.record(z.string(), z.unknown()),
  rowsDone: z.number().int().nonnegative(),
  rowsTotal: z.number().int().nonnegative().nullable(),
  sizeBytes: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
  /** A signed link while the file is kept (status done, not expired). */
  downloadUrl: z.string().nullable(),
  expiresAt: ZEpochSeconds.nullable(),
  createdAt: ZEpochSeconds,
  finishedAt: ZEpochSeconds.nullable(),
});
export type TDataExport = z.infer<typeof ZDataExport>;
export const ZDataExportList = zPaged(ZDataExport);
export type TDataExportList = z.infer<typeof ZDataExportList>;

/** Progress of an export as a whole percentage (0-100); unknown total → 0 until done. */
export function exportProgress(e: Pick<TDataExport, 'status' | 'rowsDone' | 'rowsTotal'>): number {
  if (e.status === 'done') return 100;
  if (!e.rowsTotal) return 0;
  return Math.min(100, Math.floor((e.rowsDone / e.rowsTotal) * 100));
}
