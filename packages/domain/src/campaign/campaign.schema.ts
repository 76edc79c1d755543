import { z } from 'zod';
import { ZIdParam, ZIdRef } from '../shared/limits.js';
import { LIMITS, PAGE_SIZES } from '../shared/constants.js';
import { ZEpochSeconds, ZPageQuery, zPaged } from '../shared/api-schemas.js';
import {
  CAMPAIGN_SORT_FIELDS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  CREATE_DRAFT_TYPES,
  FINISH_CRITERIA,
  SCOPE_TYPES,
  START_BLOCKED_REASONS,
} from './campaign-enums.js';

export const ZCampaignType = z.enum(CAMPAIGN_TYPES);
export const ZCampaignStatus = z.enum(CAMPAIGN_STATUSES);
export const ZFinishCriterion = z.enum(FINISH_CRITERIA);
export const ZScopeType = z.enum(SCOPE_TYPES);

export const ZCampaignName = z.string().trim().max(LIMITS.campaignName, { message: `at most ${LIMITS.campaignName} characters` });

export const ZSelectedCountry = z.object({
  name: z.string().min(1).max(100),
  code: z.string().regex(/^[A-Z]{2}$/, { message: 'a two-letter ISO country code' }),
  placeId: z.string().min(1).max(200),
});
export type TSelectedCountry = z.infer<typeof ZSelectedCountry>;

export const ZCampaignScope = z.object({
  type: ZScopeType,
  pks: z.array(z.number().int().positive()),
  countryCodes: z.array(z.string()),
  selectedPlacesIds: z.array(z.string()),
  selectedCountries: z.array(ZSelectedCountry),
});

export const ZReach = z.object({
  groups: z.number().int().nonnegative(),
  stores: z.number().int().nonnegative(),
  users: z.number().int().nonnegative(),
});
export type TReach = z.infer<typeof ZReach>;

/** A campaign ("bundle") as the API returns it (product rule R2). */
export const ZCampaign = z.object({
  id: z.number().int(),
  publicUid: z.string(),
  name: z.string(),
  type: ZCampaignType,
  status: ZCampaignStatus,
  sharedCampaign: z.boolean(),
  brandId: z.string(),
  finishCriteria: z.array(ZFinishCriterion),
  startDate: ZEpochSeconds.nullable(),
  endDate: ZEpochSeconds.nullable(),
  timeZone: z.string(),
  createdAt: ZEpochSeconds,
  updatedAt: ZEpochSeconds,
  completionProgress: z.number().int().min(0).max(100),
  kpi: z.object({ reach: ZReach }),
  scope: ZCampaignScope,
  version: z.number().int().positive(),
  /** Set while a scheduled campaign past its start waits for its prepaid budget to be paid (null otherwise). */
  startBlocked: z.enum(START_BLOCKED_REASONS).nullable().optional(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

const SORT_VALUES = CAMPAIGN_SORT_FIELDS.flatMap((f) => [f, `-${f}`] as const);
export const ZCampaignSort = z.enum(SORT_VALUES as [string, ...string[]]);

/** GET /api/campaign/bundle — sort is a field name, '-' first for descending. */
export const ZCampaignListQuery = ZPageQuery.extend({
  status: ZCampaignStatus.optional(),
  filter: z.string().trim().max(100).optional(),
  sort: ZCampaignSort.default('-createdAt'),
}).strict();
export type TCampaignListQuery = z.infer<typeof ZCampaignListQuery>;
export const CAMPAIGN_LIST_PAGE_SIZE = PAGE_SIZES.campaignList;

export const ZCampaignList = zPaged(ZCampaign);
export type TCampaignList = z.infer<typeof ZCampaignList>;

export const ZStatusSummary = z.object({
  all: z.number().int().nonnegative(),
  ...Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, z.number().int().nonnegative()])),
}) as z.ZodObject<Record<'all' | (typeof CAMPAIGN_STATUSES)[number], z.ZodNumber>>;
export type TStatusSummary = z.infer<typeof ZStatusSummary>;

export const ZCreateDraftBody = z.object({ type: z.enum(CREATE_DRAFT_TYPES) }).strict();
export type TCreateDraftBody = z.infer<typeof ZCreateDraftBody>;

export const ZBundleIdBody = z.object({ bundleId: ZIdRef }).strict();
export const ZCampaignIdParams = z.object({ id: ZIdParam });

/** PUT /api/campaign/{bundleId}/status with action delete (product rule R10). */
export const ZDeleteStatusBody = z.object({ action: z.literal('delete'), bundleId: ZIdRef }).strict();
export const ZBundleIdParams = z.object({ bundleId: ZIdParam });
