import { useQuery } from '@tanstack/react-query';
import {
  ZAddBudgetResult,
  ZBudgetStatus,
  ZRewardRead,
  ZStatusChangeResult,
  type TAddBudgetBody,
  type TLaunchFormInput,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';

export const launchKeys = {
  budgetStatus: (id: number) => ['launch', 'budget-status', id] as const,
};

/** The one call behind launch, schedule and reschedule (product rule R10). */
export function changeCampaignStatus(body: TLaunchFormInput) {
  return apiFetch(`/campaign/${body.bundleId}/status`, { method: 'PUT', body, schema: ZStatusChangeResult });
}

export function fetchBudgetStatus(id: number, signal?: AbortSignal) {
  return apiFetch(`/v3/bundle/${id}/budget-status`, { schema: ZBudgetStatus, ...(signal ? { signal } : {}) });
}

/** What a launch still owes; fetched only when the modal is about to check it. */
export function useBudgetStatus(id: number, enabled: boolean) {
  return useQuery({
    queryKey: launchKeys.budgetStatus(id),
    queryFn: ({ signal }) => fetchBudgetStatus(id, signal),
    enabled,
    // The wallet and budgets move outside this screen; a check must see them as they are now.
    staleTime: 0,
  });
}

export function addBudget(body: TAddBudgetBody) {
  return apiFetch('/v3/bundle/add-budget', { method: 'POST', body, schema: ZAddBudgetResult });
}

/** A code reward's expiry, in the campaign's zone (product rule R12). */
export function updateRewardEndDate(campaignId: number, rewardId: number, body: { endDate: number; timeZone: string }) {
  return apiFetch(`/v3/bundle/${campaignId}/reward/${rewardId}/update-end-date`, {
    method: 'POST',
    body,
    schema: ZRewardRead,
  });
}
