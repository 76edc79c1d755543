import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAGE_SIZES,
  ZManagedGroupList,
  ZManagedStore,
  ZManagedStoreList,
  ZStoreStatusSummary,
  type GROUP_LIST_SORT_FIELDS,
  type STORE_LIST_SORT_FIELDS,
  type TManagedStore,
  type TStoreStatus,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { storeKeys } from './store-keys';

export type TStoreListSortField = (typeof STORE_LIST_SORT_FIELDS)[number];
export type TGroupListSortField = (typeof GROUP_LIST_SORT_FIELDS)[number];

/** The lists take the sort as the API does: the field, '-' in front for descending. */
export interface TStoreListParams {
  status: TStoreStatus | null;
  filter: string;
  sort: TStoreListSortField | `-${TStoreListSortField}`;
  currentPage: number;
}

export interface TGroupListParams {
  filter: string;
  sort: TGroupListSortField | `-${TGroupListSortField}`;
  currentPage: number;
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export function fetchStoreStatusSummary(signal?: AbortSignal) {
  return apiFetch('/store/read/store/status-summary', { schema: ZStoreStatusSummary, ...withSignal(signal) });
}

export function fetchStoreList(params: TStoreListParams, signal?: AbortSignal) {
  const filter = params.filter.trim();
  return apiFetch('/store/read/store/list', {
    method: 'POST',
    schema: ZManagedStoreList,
    body: {
      ...(params.status ? { status: params.status } : {}),
      currentPage: params.currentPage,
      perPage: PAGE_SIZES.storeList,
      sort: params.sort,
      ...(filter ? { filter } : {}),
      filters: {},
    },
    ...withSignal(signal),
  });
}

export function fetchGroupList(params: TGroupListParams, signal?: AbortSignal) {
  const filter = params.filter.trim();
  return apiFetch('/store/read/group/list', {
    method: 'POST',
    schema: ZManagedGroupList,
    body: {
      currentPage: params.currentPage,
      perPage: PAGE_SIZES.storeList,
      sort: params.sort,
      ...(filter ? { filter } : {}),
    },
    ...withSignal(signal),
  });
}

export function changeStoreStatus(input: { storeBrandId: number; status: TStoreStatus }): Promise<TManagedStore> {
  return apiFetch('/store/write/store/change-status', { method: 'POST', body: input, schema: ZManagedStore });
}

export const storeStatusSummaryQueryOptions = queryOptions({
  queryKey: storeKeys.statusSummary(),
  queryFn: ({ signal }) => fetchStoreStatusSummary(signal),
});

export function storeListQueryOptions(params: TStoreListParams) {
  return queryOptions({
    queryKey: storeKeys.storeList(params),
    queryFn: ({ signal }) => fetchStoreList(params, signal),
    // Paging, searching and re-sorting keep the old rows on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function groupListQueryOptions(params: TGroupListParams) {
  return queryOptions({
    queryKey: storeKeys.groupList(params),
    queryFn: ({ signal }) => fetchGroupList(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStoreStatusSummary() {
  return useQuery(storeStatusSummaryQueryOptions);
}

export function useStoreList(params: TStoreListParams) {
  return useQuery(storeListQueryOptions(params));
}

export function useGroupList(params: TGroupListParams) {
  return useQuery(groupListQueryOptions(params));
}

export function useChangeStoreStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStoreStatus,
    // Counts per status, every page, the approved lists and the reach figures may all have changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
}
