import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCampaignReport, type TCampaignReport } from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { campaignKeys } from '../../campaigns/api/campaigns-api';

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
  });
}

export function useCampaignReport(id: number, storeKey: number | null = null) {
  return useQuery(campaignReportQueryOptions(id, storeKey));
}
