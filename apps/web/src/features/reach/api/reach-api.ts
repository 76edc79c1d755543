import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import {
  REACH_TABLE_PAGE_SIZE,
  ZApprovedGroupList,
  ZApprovedStoreList,
  ZReachResponse,
  type TApprovedGroupSortField,
  type TApprovedStoreSortField,
  type TReach,
  type TReachRequest,
  type TSortOrder,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { storeKeys } from '../../../app/query-keys';

export interface TApprovedListParams<F extends string> {
  filter: string;
  sort: F;
  order: TSortOrder;
  currentPage: number;
  /** Ids the server lists first (product rule R47, "selected row first"). */
  selected: readonly number[];
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

function approvedListQuery<F extends string>(params: TApprovedListParams<F>) {
  return {
    currentPage: params.currentPage,
    perPage: REACH_TABLE_PAGE_SIZE,
    filter: params.filter.trim(),
    status: 'approved',
    sort: params.sort,
    order: params.order,
    selected: params.selected.join(','),
  };
}

export function fetchApprovedStores(params: TApprovedListParams<TApprovedStoreSortField>, signal?: AbortSignal) {
  return apiFetch('/store/read/store/approved-list', {
    schema: ZApprovedStoreList,
    query: approvedListQuery(params),
    ...withSignal(signal),
  });
}

export function fetchApprovedGroups(params: TApprovedListParams<TApprovedGroupSortField>, signal?: AbortSignal) {
  return apiFetch('/store/read/group/approved-list', {
    schema: ZApprovedGroupList,
    query: approvedListQuery(params),
    ...withSignal(signal),
  });
}

export function fetchReach(request: TReachRequest, signal?: AbortSignal): Promise<TReach> {
  return apiFetch('/store/service/reach', {
    method: 'POST',
    body: request,
    schema: ZReachResponse,
    ...withSignal(signal),
  });
}

export function approvedStoresQueryOptions(params: TApprovedListParams<TApprovedStoreSortField>) {
  return queryOptions({
    queryKey: storeKeys.approvedStores(params),
    queryFn: ({ signal }) => fetchApprovedStores(params, signal),
    // Paging, searching and sorting keep the old rows on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function approvedGroupsQueryOptions(params: TApprovedListParams<TApprovedGroupSortField>) {
  return queryOptions({
    queryKey: storeKeys.approvedGroups(params),
    queryFn: ({ signal }) => fetchApprovedGroups(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function reachQueryOptions(request: TReachRequest) {
  return queryOptions({
    queryKey: storeKeys.reach(request),
    queryFn: ({ signal }) => fetchReach(request, signal),
    // The previous figures stay on the tiles while new ones load, so they never drop to zero in between.
    placeholderData: keepPreviousData,
  });
}

/** Waits this long after the last click before asking for new reach figures. */
export const REACH_DEBOUNCE_MS = 400;

/** Selections are sets: the same ids in another order are the same request (and the same cache entry). */
export function normaliseReachRequest(request: TReachRequest): TReachRequest {
  const normalised: TReachRequest = { scope: request.scope, pks: [...(request.pks ?? [])].sort((a, b) => a - b) };
  if (request.countryCodes) normalised.countryCodes = [...request.countryCodes].sort();
  return normalised;
}

export interface TReachState {
  /** The last figures known, possibly for an earlier selection while new ones load. */
  reach: TReach | undefined;
  /** True while the figures shown are not yet those of the current selection. */
  updating: boolean;
  /** The figures of exactly the current selection, once they are known. */
  current: TReach | undefined;
  error: unknown;
  retry(): void;
}

const NO_REACH: TReach = { groups: 0, stores: 0, users: 0 };
const NO_REQUEST = '';

/**
 * Reach figures for a selection, asked for once clicking pauses. A null request (nothing
 * picked yet) reaches nobody, which needs no call.
 */
export function useReach(request: TReachRequest | null): TReachState {
  const key = request === null ? NO_REQUEST : JSON.stringify(normaliseReachRequest(request));
  const [settledKey] = useDebouncedValue(key, REACH_DEBOUNCE_MS);
  const settledRequest: TReachRequest = settledKey === NO_REQUEST ? { scope: 'all' } : JSON.parse(settledKey);
  const query = useQuery({ ...reachQueryOptions(settledRequest), enabled: settledKey !== NO_REQUEST });
  const retry = () => void query.refetch();
  if (key === NO_REQUEST) return { reach: NO_REACH, updating: false, current: NO_REACH, error: null, retry };
  const isCurrent = settledKey === key && query.isSuccess && !query.isPlaceholderData;
  return {
    reach: query.data,
    updating: !isCurrent && !query.isError,
    current: isCurrent ? query.data : undefined,
    error: query.isError ? query.error : null,
    retry,
  };
}
