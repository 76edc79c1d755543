import { z } from 'zod';
import { ZEpochSeconds, zPaged } from '../shared/api-schemas.js';
import { ZIdRef, zText } from '../shared/limits.js';
import { ZManagedStore } from './store.schema.js';

const ZCountryCode = z.string().regex(/^[A-Z]{2}$/, { message: 'a two-letter ISO country code' });

/** POST /api/store/write/store/remove-user. */
export const ZRemoveStoreUserBody = z.object({ userId: ZIdRef, storeId: ZIdRef }).strict();

/** The store fields the retailer side keeps (product rule R92); formatted address is derived from them. */
export const RETAILER_FIELDS = ['storeName', 'street', 'city', 'region', 'postalCode', 'countryCode', 'refId', 'externalStoreId'] as const;
export type TRetailerField = (typeof RETAILER_FIELDS)[number];

export const ZRetailerFields = z
  .object({
    storeName: zText(120).refine((s) => s.trim() !== '', { message: 'required' }).optional(),
    street: zText(200).optional(),
    city: zText(100).optional(),
    region: zText(100).optional(),
    postalCode: zText(20).optional(),
    countryCode: ZCountryCode.optional(),
    refId: zText(100).nullable().optional(),
    externalStoreId: zText(100).nullable().optional(),
  })
  .strict();
export type TRetailerFields = z.infer<typeof ZRetailerFields>;

/** POST /api/store/write/store/{id}/update-retailer; fields left out (or all of them) change nothing. */
export const ZUpdateRetailerBody = z.object({ fields: ZRetailerFields }).strict();
export type TUpdateRetailerBody = z.input<typeof ZUpdateRetailerBody>;

/** Formatted address of a store from its parts, the one way it is built. */
export function formatStoreAddress(p: { street: string; city: string; region: string; postalCode: string; countryCode: string }): string {
  const cityLine = [p.postalCode, p.city].filter((s) => s.trim() !== '').join(' ');
  return [p.street, cityLine, p.region, p.countryCode].map((s) => s.trim()).filter((s) => s !== '').join(', ');
}

export const ZStoreUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.string(),
  createdAt: ZEpochSeconds,
});
export type TStoreUser = z.infer<typeof ZStoreUser>;

export const ZStoreActivity = z.object({
  id: z.number().int(),
  action: z.string(),
  actorName: z.string(),
  changes: z.array(z.object({ field: z.string(), old: z.unknown(), new: z.unknown() })),
  createdAt: ZEpochSeconds,
});
export type TStoreActivity = z.infer<typeof ZStoreActivity>;

/** GET /api/store/read/store/{id}: the store page. */
export const ZStoreDetail = z.object({
  store: ZManagedStore.extend({
    street: z.string(),
    city: z.string(),
    region: z.string(),
    postalCode: z.string(),
  }),
  users: z.array(ZStoreUser),
  activity: z.array(ZStoreActivity),
});
export type TStoreDetail = z.infer<typeof ZStoreDetail>;

// ---- POS import and merge (product rule R93) ----

export const POS_IMPORT_STATUSES = ['pending', 'merged', 'ignored'] as const;
export type TPosImportStatus = (typeof POS_IMPORT_STATUSES)[number];

/** Fields compared side by side and merged per field. */
export const MERGE_FIELDS = ['storeName', 'street', 'city', 'region', 'postalCode', 'countryCode'] as const;
export type TMergeField = (typeof MERGE_FIELDS)[number];

export const ZPosStoreInput = z
  .object({
    refId: zText(100).refine((s) => s.trim() !== '', { message: 'required' }),
    name: zText(120).refine((s) => s.trim() !== '', { message: 'required' }),
    street: zText(200).default(''),
    city: zText(100).default(''),
    region: zText(100).default(''),
    postalCode: zText(20).default(''),
    countryCode: ZCountryCode,
  })
  .strict();
export type TPosStoreInput = z.infer<typeof ZPosStoreInput>;

/** POST /api/pos/write/store/import: the API way in (the file upload yields the same rows). */
export const POS_IMPORT_MAX_ROWS = 100_000;
export const ZPosImportBody = z.object({ stores: z.array(ZPosStoreInput).min(1).max(10_000) }).strict();
export const ZPosImportResult = z.object({ imported: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), skippedDecided: z.number().int() });
export type TPosImportResult = z.infer<typeof ZPosImportResult>;

export const IMPORTED_LIST_SORT_FIELDS = ['importedAt', 'name', 'refId', 'countryCode', 'status'] as const;
const IMPORTED_SORTS = IMPORTED_LIST_SORT_FIELDS.flatMap((f) => [f, `-${f}`] as const);
/** POST /api/pos/read/store/imported-list: currentPage, sort. */
export const ZImportedListBody = z
  .object({
    currentPage: z.number().int().positive().max(1_000_000).default(1),
    perPage: z.number().int().positive().max(100).default(15),
    sort: z.enum(IMPORTED_SORTS as [string, ...string[]]).default('importedAt'),
    status: z.enum(POS_IMPORT_STATUSES).optional(),
  })
  .strict();
export type TImportedListBody = z.input<typeof ZImportedListBody>;

export const ZImportedStore = z.object({
  id: z.number().int(),
  refId: z.string(),
  storeName: z.string(),
  street: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  countryCode: z.string(),
  formattedAddress: z.string(),
  status: z.enum(POS_IMPORT_STATUSES),
  storeId: z.number().int().nullable(),
  importedAt: ZEpochSeconds,
});
export type TImportedStore = z.infer<typeof ZImportedStore>;
export const ZImportedList = zPaged(ZImportedStore);
export type TImportedList = z.infer<typeof ZImportedList>;

export const ZCompareQuery = z.object({ refId: zText(100).refine((s) => s !== '', { message: 'required' }) }).strict();

export const ZMergeCandidate = z.object({
  store: ZManagedStore.extend({ street: z.string(), city: z.string(), region: z.string(), postalCode: z.string() }),
  /** 0-1: how likely the imported row is this store (product rule R93). */
  score: z.number(),
  nameSimilarity: z.number(),
  addressSimilarity: z.number(),
  sameCountry: z.boolean(),
  samePostalCode: z.boolean(),
});
export type TMergeCandidate = z.infer<typeof ZMergeCandidate>;
export const ZCompareResult = z.object({ imported: ZImportedStore, candidates: z.array(ZMergeCandidate) });
export type TCompareResult = z.infer<typeof ZCompareResult>;

/** The side whose value a merged store keeps, per field (default: the existing store's). */
export const ZAcceptFrom = z.partialRecord(z.enum(MERGE_FIELDS), z.enum(['imported', 'existing'])).default({});
/**
 * POST /api/pos/write/store/confirm-store-merge: refId, {product}StoreId — the product being Rally,
 * `rallyStoreId` is the existing store the imported row is — and acceptFrom.
 */
export const ZConfirmMergeBody = z.object({ refId: zText(100), rallyStoreId: ZIdRef, acceptFrom: ZAcceptFrom }).strict();
export type TConfirmMergeBody = z.input<typeof ZConfirmMergeBody>;
export const ZIgnoreMergeBody = z.object({ refId: zText(100) }).strict();
export const ZMergeResult = z.object({ imported: ZImportedStore, storeId: z.number().int(), alreadyDone: z.boolean() });
export type TMergeResult = z.infer<typeof ZMergeResult>;

/** Column names a POS file may use for each field (first row), compared without case, spaces, - or _. */
const POS_HEADERS: Record<keyof TPosStoreInput, string[]> = {
  refId: ['refid', 'id', 'storeid', 'posid', 'posstoreid', 'ref', 'reference'],
  name: ['name', 'storename', 'store'],
  street: ['street', 'address', 'address1', 'streetaddress'],
  city: ['city', 'town'],
  region: ['region', 'state', 'province', 'county'],
  postalCode: ['postalcode', 'postcode', 'zip', 'zipcode'],
  countryCode: ['countrycode', 'country'],
};

export type TPosRowsParse = { ok: true; rows: TPosStoreInput[] } | { ok: false; fields: { path: string; message: string }[] };

/** The rows of an uploaded POS store list (header row first), or every problem by row and column. */
export function posRowsFromCells(cells: readonly (readonly string[])[]): TPosRowsParse {
  const header = (cells[0] ?? []).map((h) => h.toLowerCase().replace(/[\s_-]/g, ''));
  const columns: Partial<Record<keyof TPosStoreInput, number>> = {};
  for (const [field, names] of Object.entries(POS_HEADERS) as [keyof TPosStoreInput, string[]][]) {
    const at = header.findIndex((h) => names.includes(h));
    if (at >= 0) columns[field] = at;
  }
  const missing = (['refId', 'name', 'countryCode'] as const).filter((f) => columns[f] === undefined);
  if (missing.length > 0) return { ok: false, fields: missing.map((f) => ({ path: 'file', message: `the first row names no ${f} column` })) };
  const rows: TPosStoreInput[] = [];
  const problems: { path: string; message: string }[] = [];
  for (let i = 1; i < cells.length && problems.length < 20; i++) {
    const row = cells[i]!;
    if (row.every((c) => c.trim() === '')) continue;
    const raw: Record<string, string> = {};
    for (const [field, at] of Object.entries(columns)) raw[field] = (row[at] ?? '').trim();
    raw.countryCode = (raw.countryCode ?? '').toUpperCase();
    const parsed = ZPosStoreInput.safeParse(raw);
    if (parsed.success) rows.push(parsed.data);
    else for (const issue of parsed.error.issues) problems.push({ path: 'file', message: `row ${i + 1}, ${issue.path.join('.')}: ${issue.message}` });
  }
  if (problems.length > 0) return { ok: false, fields: problems };
  if (rows.length > POS_IMPORT_MAX_ROWS) return { ok: false, fields: [{ path: 'file', message: `at most ${POS_IMPORT_MAX_ROWS} stores` }] };
  return { ok: true, rows };
}
