// Query keys more than one feature reads or invalidates live here, not inside one feature.
import type { TReachRequest } from '@rally/domain';
import type { TAvailableMissionsParams } from '../features/builder/api/builder-api';
import type { TCampaignListParams } from '../features/campaigns/api/campaigns-api';

/** The signed-in user and brand (GET /api/me). */
export const meQueryKey = ['me'] as const;

/** The campaign builder's queries (launch and the reward wizard refresh them after a write). */
export const builderKeys = {
  all: ['builder'] as const,
  formData: (id: number) => [...builderKeys.all, 'form-data', id] as const,
  activity: (id: number) => [...builderKeys.all, 'activity', id] as const,
  availableMissions: (id: number, params: TAvailableMissionsParams) =>
    [...builderKeys.all, 'available-missions', id, params] as const,
};

/** Campaign list, summary and detail (the report reads the detail). */
export const campaignKeys = {
  all: ['campaigns'] as const,
  statusSummary: () => [...campaignKeys.all, 'status-summary'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (params: TCampaignListParams) => [...campaignKeys.lists(), params] as const,
  detail: (id: number) => [...campaignKeys.all, 'detail', id] as const,
};

/**
 * Every store and group query lives under one root, so a status change (which can move a
 * store in or out of the approved lists and the reach figures) invalidates all of them at once.
 */
export const storeKeys = {
  all: ['stores'] as const,
  statusSummary: () => [...storeKeys.all, 'status-summary'] as const,
  storeLists: () => [...storeKeys.all, 'store-list'] as const,
  storeList: (params: object) => [...storeKeys.storeLists(), params] as const,
  groupList: (params: object) => [...storeKeys.all, 'group-list', params] as const,
  approvedStores: (params: object) => [...storeKeys.all, 'approved-stores', params] as const,
  approvedGroups: (params: object) => [...storeKeys.all, 'approved-groups', params] as const,
  reach: (request: TReachRequest) => [...storeKeys.all, 'reach', request] as const,
};
