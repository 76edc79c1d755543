import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCampaignReport, type TCampaignReport } from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { campaignKeys } from '../../../app/query-keys';

/** How often a live campaign's report and leaderboard refresh. */
export const REPORT_LIVE_REFRESH_MS = 15_000;

export const reportKeys = {
  // Under the campaigns key, so whatever refreshes campaigns (a launch, a delete) refreshes reports too.
  all: () => [...campaignKeys.all, 'report'] as const,
  detail: (id: number, storeKey: number | null) => [...reportKeys.all(), id, storeKey] as const,
};

export function fetchCampaignReport(
  id: number,
  storeKey: number | null,
  signal?: AbortSignal,
): Promise<TCampaignReport> {
  return apiFetch(`/v3/bundle/${id}/report`, {
    schema: ZCampaignReport,
    query: { storeKey },
    ...(signal ? { signal } : {}),
  });
}

export function campaignReportQueryOptions(id: number, storeKey: number | null = null) {
  return queryOptions({
    queryKey: reportKeys.detail(id, storeKey),
    queryFn: ({ signal }) => fetchCampaignReport(id, storeKey, signal),
    // While the campaign runs, participants complete missions at any time: its figures refresh on their own.
    refetchInterval: (query) => (query.state.data?.campaign.status === 'active' ? REPORT_LIVE_REFRESH_MS : false),
  });
}

export function useCampaignReport(id: number, storeKey: number | null = null) {
  return useQuery(campaignReportQueryOptions(id, storeKey));
}
