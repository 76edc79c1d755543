// Campaign calls and cache updates more than one feature makes (the list and the builder both duplicate).
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ZCampaign, type TCampaign } from '@rally/domain';
import { apiFetch } from '../lib/api-client';
import { campaignKeys } from './query-keys';

export function duplicateCampaign(id: number): Promise<TCampaign> {
  return apiFetch(`/campaign/${id}/duplicate`, { method: 'POST', body: {}, schema: ZCampaign });
}

/** Counts per status and every list page may have changed. */
export function invalidateCampaigns(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
}

/**
 * A write that makes a new campaign (create a draft, duplicate): the new one is cached so its builder can
 * show it before any builder data exists, and the lists are refreshed.
 */
export function useNewCampaignMutation<TInput>(mutationFn: (input: TInput) => Promise<TCampaign>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      return invalidateCampaigns(queryClient);
    },
  });
}

export function useDuplicateCampaign() {
  return useNewCampaignMutation(duplicateCampaign);
}
