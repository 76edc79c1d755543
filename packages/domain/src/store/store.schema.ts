import { z } from 'zod';
import { ZIdParam, ZIdRef } from '../shared/limits.js';
import { PAGE_SIZES } from '../shared/constants.js';
import { ZPageQuery, zPaged } from '../shared/api-schemas.js';
import { ZReach, ZScopeType } from '../campaign/campaign.schema.js';
import { STORE_STATUSES } from './store-enums.js';

export const ZStoreStatus = z.enum(STORE_STATUSES);

const SORT_ORDERS = ['asc', 'desc'] as const;
export const ZSortOrder = z.enum(SORT_ORDERS);
export type TSortOrder = z.infer<typeof ZSortOrder>;

/** Ids given in a query string as `1,2,3` (or repeated); at most 1,000. */
const ZIdList = z.preprocess(
  (value) => {
    if (value === undefined || value === '') return [];
    const parts: unknown[] = Array.isArray(value) ? value : String(value).split(',');
    // Each id spelt in digits alone, as in a path (ZIdParam): `0x10` or ` 5` is refused, not read as 16 or 5.
    return parts.filter((p) => p !== '');
  },
  z.array(ZIdParam).max(1000),
);

/** A store row of the reach table (product rule R13). */
export const ZStoreRow = z.object({
  id: z.number().int(),
  storeId: z.string(),
  storeName: z.string(),
  logoUrl: z.string().nullable(),
  address: z.object({ formattedAddress: z.string() }),
  totalUsers: z.number().int().nonnegative(),
  weight: z.number().int(),
});
export type TStoreRow = z.infer<typeof ZStoreRow>;

/** A group row of the reach table (product rule R13). */
export const ZGroupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  totalStores: z.number().int().nonnegative(),
  totalUsers: z.number().int().nonnegative(),
  weight: z.number().int(),
});
export type TGroupRow = z.infer<typeof ZGroupRow>;

export const APPROVED_STORE_SORT_FIELDS = ['weight', 'storeName', 'totalUsers'] as const;
export const APPROVED_GROUP_SORT_FIELDS = ['weight', 'name', 'totalStores', 'totalUsers'] as const;
export type TApprovedStoreSortField = (typeof APPROVED_STORE_SORT_FIELDS)[number];
export type TApprovedGroupSortField = (typeof APPROVED_GROUP_SORT_FIELDS)[number];

/**
 * Query of the approved-only paged lists behind the reach step (product rule R13): page, search text,
 * status (only `approved` is served), sort field and order (default weight ascending, product rule R47),
 * and the ids already selected, which are listed first (product rule R47).
 */
function zApprovedListQuery<F extends readonly [string, ...string[]]>(fields: F) {
  return ZPageQuery.extend({
    filter: z.string().trim().max(100).optional(),
    status: z.literal('approved').default('approved'),
    sort: z.enum(fields).default(fields[0] as F[0]),
    order: ZSortOrder.default('asc'),
    selected: ZIdList.optional(),
  }).strict();
}
export const ZApprovedStoreListQuery = zApprovedListQuery(APPROVED_STORE_SORT_FIELDS);
export const ZApprovedGroupListQuery = zApprovedListQuery(APPROVED_GROUP_SORT_FIELDS);
export type TApprovedStoreListQuery = z.input<typeof ZApprovedStoreListQuery>;
export type TApprovedGroupListQuery = z.input<typeof ZApprovedGroupListQuery>;
export const REACH_TABLE_PAGE_SIZE = PAGE_SIZES.reachTable;

export const ZApprovedStoreList = zPaged(ZStoreRow);
export const ZApprovedGroupList = zPaged(ZGroupRow);
export type TApprovedStoreList = z.infer<typeof ZApprovedStoreList>;
export type TApprovedGroupList = z.infer<typeof ZApprovedGroupList>;

/**
 * Reach calculation (product rule R13): how many groups, stores and users a scope reaches. Consumer
 * campaigns pass countryCodes instead of a store scope.
 */
export const ZReachRequest = z
  .object({
    scope: ZScopeType,
    pks: z.array(ZIdRef).max(10_000).default([]),
    countryCodes: z
      .array(z.string().regex(/^[A-Z]{2}$/, { message: 'a two-letter ISO country code' }))
      .max(300)
      .optional(),
  })
  .strict();
export type TReachRequest = z.input<typeof ZReachRequest>;
export const ZReachResponse = ZReach;

// ---- Store management (product rule R50) ----

export const STORE_LIST_SORT_FIELDS = ['weight', 'storeName', 'status', 'totalUsers', 'createdAt', 'refId'] as const;
const STORE_LIST_SORTS = STORE_LIST_SORT_FIELDS.flatMap((f) => [f, `-${f}`] as const);

/** POST /api/store/read/store/list — sort is a field name, '-' first for descending. */
export const ZStoreListBody = z
  .object({
    status: ZStoreStatus.optional(),
    currentPage: z.number().int().positive().max(1_000_000).default(1),
    perPage: z.number().int().positive().max(100).default(PAGE_SIZES.storeList),
    sort: z.enum(STORE_LIST_SORTS as [string, ...string[]]).default('storeName'),
    filter: z.string().trim().max(100).optional(),
    filters: z
      .object({ countryCode: z.string().regex(/^[A-Z]{2}$/).optional(), groupId: ZIdRef.optional() })
      .strict()
      .default({}),
  })
  .strict();
export type TStoreListBody = z.input<typeof ZStoreListBody>;

export const ZManagedStore = z.object({
  id: z.number().int(),
  storeBrandId: z.number().int(),
  storeName: z.string(),
  logoUrl: z.string().nullable(),
  address: z.object({ formattedAddress: z.string() }),
  countryCode: z.string(),
  status: ZStoreStatus,
  refId: z.string().nullable(),
  externalStoreId: z.string().nullable(),
  totalUsers: z.number().int().nonnegative(),
  weight: z.number().int(),
});
export type TManagedStore = z.infer<typeof ZManagedStore>;
export const ZManagedStoreList = zPaged(ZManagedStore);
export type TManagedStoreList = z.infer<typeof ZManagedStoreList>;

export const ZStoreStatusSummary = z.object({
  all: z.number().int().nonnegative(),
  ...Object.fromEntries(STORE_STATUSES.map((s) => [s, z.number().int().nonnegative()])),
}) as z.ZodObject<Record<'all' | (typeof STORE_STATUSES)[number], z.ZodNumber>>;
export type TStoreStatusSummary = z.infer<typeof ZStoreStatusSummary>;

/** POST /api/store/write/store/change-status. */
export const ZChangeStoreStatusBody = z
  .object({ storeBrandId: ZIdRef, status: ZStoreStatus })
  .strict();

/** POST /api/store/read/group/list — the groups screen (every status). */
export const GROUP_LIST_SORT_FIELDS = ['weight', 'name', 'totalStores', 'totalUsers'] as const;
const GROUP_LIST_SORTS = GROUP_LIST_SORT_FIELDS.flatMap((f) => [f, `-${f}`] as const);
export const ZGroupListBody = z
  .object({
    status: ZStoreStatus.optional(),
    currentPage: z.number().int().positive().max(1_000_000).default(1),
    perPage: z.number().int().positive().max(100).default(PAGE_SIZES.storeList),
    sort: z.enum(GROUP_LIST_SORTS as [string, ...string[]]).default('name'),
    filter: z.string().trim().max(100).optional(),
  })
  .strict();
export type TGroupListBody = z.input<typeof ZGroupListBody>;
export const ZManagedGroup = ZGroupRow.extend({ status: ZStoreStatus });
export const ZManagedGroupList = zPaged(ZManagedGroup);
export type TManagedGroupList = z.infer<typeof ZManagedGroupList>;

// ---- Places lookup (product rule R13) ----

/** The offline lookup names a country's place `country:XX`. */
export const countryPlaceId = (code: string) => `country:${code.toUpperCase()}`;

export const ZPlaceDetails = z.object({
  placeId: z.string(),
  addressComponents: z.array(z.object({ longName: z.string(), shortName: z.string(), types: z.array(z.string()) })),
});
export type TPlaceDetails = z.infer<typeof ZPlaceDetails>;
