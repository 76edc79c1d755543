import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  CAMPAIGN_LIST_PAGE_SIZE,
  ZCampaign,
  ZCampaignList,
  ZInvitationPage,
  ZOk,
  ZStatusSummary,
  type TCampaign,
  type TCampaignList,
  type TCampaignStatus,
  type TCreateDraftType,
  type TStatusSummary,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { campaignKeys } from '../../../app/query-keys';
import { invalidateCampaigns, useDuplicateCampaign, useNewCampaignMutation } from '../../../app/campaign-api';

/** The sort choices the list offers, in menu order; values are the API's sort strings. */
export const CAMPAIGN_LIST_SORTS = ['-createdAt', 'createdAt', 'name', '-name'] as const;
export type TCampaignListSort = (typeof CAMPAIGN_LIST_SORTS)[number];
export const DEFAULT_CAMPAIGN_LIST_SORT: TCampaignListSort = '-createdAt';

export interface TCampaignListParams {
  status: TCampaignStatus | null;
  filter: string;
  sort: TCampaignListSort;
  currentPage: number;
  perPage: number;
}

export { campaignKeys, useDuplicateCampaign };

export function fetchStatusSummary(signal?: AbortSignal): Promise<TStatusSummary> {
  return apiFetch('/campaign/status-summary', { schema: ZStatusSummary, ...(signal ? { signal } : {}) });
}

export function fetchCampaignList(params: TCampaignListParams, signal?: AbortSignal): Promise<TCampaignList> {
  return apiFetch('/campaign/bundle', {
    schema: ZCampaignList,
    query: {
      currentPage: params.currentPage,
      perPage: params.perPage,
      status: params.status,
      filter: params.filter.trim(),
      sort: params.sort,
    },
    ...(signal ? { signal } : {}),
  });
}

export function createDraft(type: TCreateDraftType): Promise<TCampaign> {
  return apiFetch('/campaign/create-draft', { method: 'POST', body: { type }, schema: ZCampaign });
}

export async function deleteCampaign(id: number): Promise<void> {
  await apiFetch(`/campaign/${id}/status`, { method: 'PUT', body: { action: 'delete', bundleId: id }, schema: ZOk });
}

export const statusSummaryQueryOptions = queryOptions({
  queryKey: campaignKeys.statusSummary(),
  queryFn: ({ signal }) => fetchStatusSummary(signal),
});

export function campaignListQueryOptions(params: TCampaignListParams) {
  return queryOptions({
    queryKey: campaignKeys.list(params),
    queryFn: ({ signal }) => fetchCampaignList(params, signal),
    // Paging, searching and re-sorting keep the old rows on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useStatusSummary() {
  return useQuery(statusSummaryQueryOptions);
}

export function useCampaignList(params: Omit<TCampaignListParams, 'perPage'> & { perPage?: number }) {
  return useQuery(campaignListQueryOptions({ ...params, perPage: params.perPage ?? CAMPAIGN_LIST_PAGE_SIZE }));
}

/** A campaign already known from a list or a create/duplicate response, without a request. */
export function useCachedCampaign(id: number): TCampaign | undefined {
  const queryClient = useQueryClient();
  const direct = queryClient.getQueryData<TCampaign>(campaignKeys.detail(id));
  if (direct) return direct;
  for (const [, list] of queryClient.getQueriesData<TCampaignList>({ queryKey: campaignKeys.lists() })) {
    const found = list?.items.find((campaign) => campaign.id === id);
    if (found) return found;
  }
  return undefined;
}

export function useCreateDraft() {
  return useNewCampaignMutation(createDraft);
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: campaignKeys.detail(id) });
      return invalidateCampaigns(queryClient);
    },
  });
}

/** Campaigns other brands invited this brand to, with the count waiting for an answer (the Invitations tab). */
export function useInvitations(currentPage: number) {
  return useQuery({
    queryKey: [...campaignKeys.all, 'invitations', currentPage] as const,
    queryFn: ({ signal }) => apiFetch('/v5/bundle-partner/invitations', { schema: ZInvitationPage, query: { currentPage }, signal }),
  });
}
