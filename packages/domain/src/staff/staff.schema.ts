import { z } from 'zod';
import { ZAccountEmail } from '../auth/account.schema.js';
import { textProblem, ZIdRef, zText } from '../shared/limits.js';

/**
 * Store staff: the store employees who take part in a brand's staff campaigns (the store_users table). A brand adds
 * them one by one (an invitation by mail) or by importing a list; it moves, deactivates and reactivates them
 * (decision 0024).
 */

/** "staff" is stored as 'employee' (the demo data's and the benchmarks' word), "manager" as 'manager'. */
export const STAFF_ROLES = ['staff', 'manager'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];
export type TStoredStaffRole = 'employee' | 'manager';
export const storedStaffRole = (role: TStaffRole): TStoredStaffRole => (role === 'manager' ? 'manager' : 'employee');
export const staffRoleOf = (stored: string): TStaffRole => (stored === 'manager' ? 'manager' : 'staff');

/**
 * Only 'active' people sign in to /play, count in a store's head count and are reached by campaigns. 'pending' waits
 * for the brand's approval (joining by store code), 'rejected' was refused, 'inactive' was deactivated.
 */
export const STAFF_STATUSES = ['active', 'pending', 'inactive', 'rejected'] as const;
export type TStaffStatus = (typeof STAFF_STATUSES)[number];

/** The languages of a store employee's mails and of /play. */
export const STAFF_LOCALES = ['en', 'es', 'fr'] as const;
export type TLanguageCode = (typeof STAFF_LOCALES)[number];

export const STAFF_NAME_MAX = 100;

export const ZStaffRole = z.enum(STAFF_ROLES, { message: 'staff or manager' });
export const ZStaffLocale = z.enum(STAFF_LOCALES, { message: 'en, es or fr' });

export const ZStaffInviteBody = z
  .object({
    storeId: ZIdRef,
    email: ZAccountEmail,
    name: zText(STAFF_NAME_MAX)
      .transform((s) => s.trim())
      .pipe(z.string().min(1, { message: 'required' })),
    role: ZStaffRole.default('staff'),
    /** The language of the invitation mail and of /play for this person; the inviter's when left out. */
    locale: ZStaffLocale.optional(),
  })
  .strict();
export type TStaffInviteBody = z.input<typeof ZStaffInviteBody>;

export const ZStaffMoveBody = z.object({ storeId: ZIdRef }).strict();

export const ZStaffMember = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  role: ZStaffRole,
  status: z.enum(STAFF_STATUSES),
  locale: ZStaffLocale.nullable(),
  /** Epoch seconds of the last invitation mail; null: never invited by mail (imported, seeded, joined). */
  invitedAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const ZStaffList = z.object({
  store: z.object({ id: z.number().int(), name: z.string() }),
  staff: z.array(ZStaffMember),
});
export type TStaffList = z.infer<typeof ZStaffList>;

// ---- Import ----

export const STAFF_IMPORT_LIMITS = {
  /** Data rows of one file (after the header row). */
  rows: 200_000,
  /** Rows of the preview's answer shown row by row; the counts cover every row. */
  previewRows: 200,
  /** Refused rows listed with their row number and reason; the count covers every one. */
  refusedRows: 1_000,
} as const;

/** Why a row of a staff file is refused: the web app translates these, the summary lists them per row. */
export const STAFF_IMPORT_REASONS = [
  'email_missing',
  'email_invalid',
  'name_missing',
  'name_too_long',
  'name_formula',
  'text_invalid',
  'store_missing',
  'store_unknown',
  'role_invalid',
  'language_invalid',
  'duplicate_in_file',
] as const;
export type TStaffImportReason = (typeof STAFF_IMPORT_REASONS)[number];

export const STAFF_IMPORT_OUTCOMES = ['added', 'updated', 'unchanged', 'refused'] as const;
export type TStaffImportOutcome = (typeof STAFF_IMPORT_OUTCOMES)[number];

/** The header names each column answers to (lower case, spaces, "_" and "-" removed). */
export const STAFF_IMPORT_HEADERS = {
  email: ['email', 'emailaddress', 'mail', 'correo', 'courriel'],
  name: ['name', 'fullname', 'nombre', 'nom'],
  store: ['store', 'storeref', 'storereference', 'storerefid', 'refid', 'posstoreid', 'storeid', 'tienda', 'magasin'],
  role: ['role', 'rol', 'rôle'],
  language: ['language', 'lang', 'locale', 'idioma', 'langue'],
} as const;

/** One data row of a staff file, checked on its own (its store is found by the server). */
export type TStaffFileRow =
  | { row: number; ok: true; email: string; name: string; store: string; role: TStaffRole; locale: TLanguageCode | null }
  | { row: number; ok: false; email: string; name: string; store: string; reason: TStaffImportReason };

export type TStaffRowsParse = { ok: true; rows: TStaffFileRow[] } | { ok: false; fields: { path: string; message: string }[] };

const EMAIL = z.regexes.email;
// A spreadsheet runs a cell starting with one of these as a formula (CSV injection): such a name is refused.
const FORMULA_START = /^[=+\-@\t\r]/;
const ROLE_WORDS: Record<string, TStaffRole> = { staff: 'staff', employee: 'staff', '': 'staff', manager: 'manager' };

/**
 * The rows of a staff file (cells from the spreadsheet reader, first row the header): each checked, refused rows kept
 * with their reason, a second row for the same address refused. Row numbers are the file's (the header is row 1).
 * Written without a schema per row: a 100,000-row file is checked in a few tens of milliseconds.
 */
export function staffRowsFromCells(cells: readonly (readonly string[])[]): TStaffRowsParse {
  const header = (cells[0] ?? []).map((h) => h.toLowerCase().replace(/[\s_-]/g, ''));
  const at: Partial<Record<keyof typeof STAFF_IMPORT_HEADERS, number>> = {};
  for (const [field, names] of Object.entries(STAFF_IMPORT_HEADERS) as [keyof typeof STAFF_IMPORT_HEADERS, readonly string[]][]) {
    const i = header.findIndex((h) => names.includes(h));
    if (i >= 0) at[field] = i;
  }
  const missing = (['email', 'name', 'store'] as const).filter((f) => at[f] === undefined);
  if (missing.length > 0) {
    return { ok: false, fields: missing.map((f) => ({ path: 'file', message: `the first row names no ${f} column (email, name, store, role)` })) };
  }
  const rows: TStaffFileRow[] = [];
  const seen = new Set<string>();
  let dataRows = 0;
  for (let i = 1; i < cells.length; i++) {
    const cellsOfRow = cells[i]!;
    if (cellsOfRow.every((c) => c.trim() === '')) continue;
    dataRows += 1;
    if (dataRows > STAFF_IMPORT_LIMITS.rows) return { ok: false, fields: [{ path: 'file', message: `at most ${STAFF_IMPORT_LIMITS.rows.toLocaleString('en')} people` }] };
    const cell = (field: keyof typeof STAFF_IMPORT_HEADERS) => (at[field] === undefined ? '' : (cellsOfRow[at[field]] ?? '').trim());
    const email = cell('email').toLowerCase();
    const name = cell('name');
    const store = cell('store');
    const roleWord = cell('role').toLowerCase();
    const languageWord = cell('language').toLowerCase();
    const row = i + 1;
    const refuse = (reason: TStaffImportReason): TStaffFileRow => ({ row, ok: false, email, name, store, reason });
    let refused: TStaffImportReason | null = null;
    if (textProblem(email) || textProblem(name) || textProblem(store)) refused = 'text_invalid';
    else if (email === '') refused = 'email_missing';
    else if (email.length > 254 || !EMAIL.test(email)) refused = 'email_invalid';
    else if (name === '') refused = 'name_missing';
    else if (name.length > STAFF_NAME_MAX) refused = 'name_too_long';
    else if (FORMULA_START.test(name)) refused = 'name_formula';
    else if (store === '') refused = 'store_missing';
    else if (!(roleWord in ROLE_WORDS)) refused = 'role_invalid';
    else if (languageWord !== '' && !(STAFF_LOCALES as readonly string[]).includes(languageWord)) refused = 'language_invalid';
    else if (seen.has(email)) refused = 'duplicate_in_file';
    if (refused) {
      rows.push(refuse(refused));
      continue;
    }
    seen.add(email);
    rows.push({ row, ok: true, email, name, store, role: ROLE_WORDS[roleWord]!, locale: languageWord === '' ? null : (languageWord as TLanguageCode) });
  }
  return { ok: true, rows };
}

export const ZStaffImportRow = z.object({
  row: z.number().int(),
  email: z.string(),
  name: z.string(),
  store: z.string(),
  /** The store the row names, when found. */
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  role: ZStaffRole.nullable(),
  outcome: z.enum(STAFF_IMPORT_OUTCOMES),
  reason: z.enum(STAFF_IMPORT_REASONS).nullable(),
});
export type TStaffImportRow = z.infer<typeof ZStaffImportRow>;

export const ZStaffImportResult = z.object({
  /** false: a preview, nothing was saved; true: the rows were saved. */
  applied: z.boolean(),
  rows: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  /** The first rows with their outcome (STAFF_IMPORT_LIMITS.previewRows). */
  preview: z.array(ZStaffImportRow),
  /** Refused rows with their number and reason (STAFF_IMPORT_LIMITS.refusedRows). */
  refusals: z.array(z.object({ row: z.number().int(), email: z.string(), store: z.string(), reason: z.enum(STAFF_IMPORT_REASONS) })),
});
export type TStaffImportResult = z.infer<typeof ZStaffImportResult>;

export const STAFF_IMPORT_TEMPLATE_CSV = 'email,name,store,role,language\nana.lopez@example.com,Ana López,STORE-001,staff,es\n';
