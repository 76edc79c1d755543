export const CAMPAIGN_TYPES = ['general', 'contest', 'learning', 'consumer'] as const;
export type TCampaignType = (typeof CAMPAIGN_TYPES)[number];

/** What "create draft" offers: the four types plus a shared contest (retailers only). */
export const CREATE_DRAFT_TYPES = ['general', 'contest', 'learning', 'consumer', 'shared'] as const;
export type TCreateDraftType = (typeof CREATE_DRAFT_TYPES)[number];

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'rejected', 'active', 'ended'] as const;
export type TCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * Why a scheduled campaign past its start has not started: its prepaid money budget is unpaid and
 * the wallet could not cover it. It starts as soon as the budget is paid.
 */
export const START_BLOCKED_REASONS = ['budget_unpaid'] as const;
export type TStartBlockedReason = (typeof START_BLOCKED_REASONS)[number];

/** Statuses in which the builder may be opened (product rule R3). */
export const EDITABLE_STATUSES = ['draft', 'scheduled', 'rejected'] as const satisfies readonly TCampaignStatus[];

export const FINISH_CRITERIA = ['days_over', 'budget_over', 'codes_over'] as const;
export type TFinishCriterion = (typeof FINISH_CRITERIA)[number];
export const DEFAULT_FINISH_CRITERIA: TFinishCriterion[] = ['days_over'];

export const SCOPE_TYPES = ['all', 'store', 'group'] as const;
export type TScopeType = (typeof SCOPE_TYPES)[number];

export const LAUNCH_ACTIONS = ['launch', 'schedule', 'reschedule', 'delete'] as const;
export type TLaunchAction = (typeof LAUNCH_ACTIONS)[number];

export const SHARED_DATA_OPTIONS = [
  'TOTAL_SALES',
  'INVESTMENT',
  'ROAI',
  'OF_ITEMS_SOLD',
  'AVG_SELLING_PRICE',
  'SALES_ENTRIES_OVER_TIME',
  'MODELS_SOLD',
  'LEADER_BOARD',
  'REWARDS',
  'PRIZES',
] as const;
export type TSharedDataOption = (typeof SHARED_DATA_OPTIONS)[number];

export const INVITE_STATUSES = ['SENT', 'REJECTED', 'ACCEPTED'] as const;
export type TInviteStatus = (typeof INVITE_STATUSES)[number];

export const CAMPAIGN_SORT_FIELDS = ['createdAt', 'name', 'startDate', 'endDate', 'status'] as const;
export type TCampaignSortField = (typeof CAMPAIGN_SORT_FIELDS)[number];
