import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAssignPrizeResult,
  ZContestRankData,
  ZManagedGroupList,
  ZManagedStoreList,
  ZPrizeList,
  ZPrizeUserFormResult,
  type TAssignPrizeBody,
  type TContestRankDataBody,
  type TGroupListBody,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { REPORT_LIVE_REFRESH_MS, reportKeys } from './report-api';

const LIVE_REFRESH_MS = REPORT_LIVE_REFRESH_MS;
export const RANK_PAGE_SIZE = 20;

export const leaderboardKeys = {
  // Under the report's key, so whatever refreshes the report refreshes the leaderboard too.
  all: (id: number) => [...reportKeys.all(), id, 'leaderboard'] as const,
  rank: (id: number, body: TContestRankDataBody) => [...leaderboardKeys.all(id), 'rank', body] as const,
  prizes: (id: number) => [...leaderboardKeys.all(id), 'prizes'] as const,
  userForm: (unlockId: number) => [...reportKeys.all(), 'prize-user-form', unlockId] as const,
  stores: (filter: string) => [...reportKeys.all(), 'store-options', filter] as const,
  groups: (filter: string) => [...reportKeys.all(), 'group-options', filter] as const,
};

export function contestRankQueryOptions(id: number, body: TContestRankDataBody, live: boolean) {
  return queryOptions({
    queryKey: leaderboardKeys.rank(id, body),
    queryFn: ({ signal }) =>
      apiFetch(`/v4/bundle/${id}/contest-rank-data`, { method: 'POST', body, schema: ZContestRankData, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}

export function useContestRank(id: number, body: TContestRankDataBody, live: boolean) {
  return useQuery(contestRankQueryOptions(id, body, live));
}

export function usePrizeList(id: number, live: boolean) {
  return useQuery({
    queryKey: leaderboardKeys.prizes(id),
    queryFn: ({ signal }) => apiFetch(`/v4/bundle/${id}/prize-list`, { schema: ZPrizeList, signal }),
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}

export function useAssignPrize(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAssignPrizeBody) =>
      apiFetch('/reward/write/assign-prize', { method: 'POST', body, schema: ZAssignPrizeResult }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leaderboardKeys.all(campaignId) }),
  });
}

export function usePrizeUserForm(query: { unlockId: number; rewardId: number; userId: number } | null) {
  return useQuery({
    queryKey: leaderboardKeys.userForm(query?.unlockId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch('/reward/read/prize/user-form', { method: 'POST', body: query, schema: ZPrizeUserFormResult, signal }),
    enabled: query !== null,
  });
}

/** Filter choices: the brand's stores and groups matching what the user types (first page). */
export function useStoreOptions(filter: string) {
  return useQuery({
    queryKey: leaderboardKeys.stores(filter.trim()),
    queryFn: ({ signal }) =>
      apiFetch('/store/read/store/list', {
        method: 'POST',
        body: { currentPage: 1, perPage: 50, sort: 'storeName', ...(filter.trim() ? { filter: filter.trim() } : {}), filters: {} },
        schema: ZManagedStoreList,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useGroupOptions(filter: string) {
  return useQuery({
    queryKey: leaderboardKeys.groups(filter.trim()),
    queryFn: ({ signal }) =>
      apiFetch('/store/read/group/list', {
        method: 'POST',
        // The group list takes no `filters` (its body is strict: an unknown key is a 400).
        body: { currentPage: 1, perPage: 50, sort: 'name', ...(filter.trim() ? { filter: filter.trim() } : {}) } satisfies TGroupListBody,
        schema: ZManagedGroupList,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
