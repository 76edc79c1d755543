import type { TReachRequest } from '@rally/domain';

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
