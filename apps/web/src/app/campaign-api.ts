// Campaign calls and cache updates more than one feature makes (the list and the builder both duplicate).
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ZCampaign, type TCampaign } from '@rally/domain';
import { apiFetch } from '../lib/api-client';
import { campaignKeys } from './query-keys';

export function duplicateCampaign(id: number): Promise<TCampaign> {
  return apiFetch(`/campaign/${id}/duplicate`, { method: 'POST', body: {}, schema: ZCampaign });
}

/** A new campaign (created or duplicated) is cached so its builder can show it before any builder data exists. */
export function rememberCampaign(queryClient: QueryClient, campaign: TCampaign): void {
  queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
}

/** Counts per status and every list page may have changed. */
export function invalidateCampaigns(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
}

export function useDuplicateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateCampaign,
    onSuccess: (campaign) => {
      rememberCampaign(queryClient, campaign);
      return invalidateCampaigns(queryClient);
    },
  });
}
