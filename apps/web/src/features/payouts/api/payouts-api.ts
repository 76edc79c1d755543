import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZApprovePayoutsResult, ZPayoutList, ZPayoutSettings, type TPayoutSettingsBody, type TPayoutStatus } from '@rally/domain';
import { apiFetch, buildUrl } from '../../../lib/api-client';

export interface TPayoutFilter {
  status?: TPayoutStatus;
  q?: string;
}

export const payoutKeys = {
  all: ['payouts'] as const,
  list: (filter: TPayoutFilter) => ['payouts', 'list', filter] as const,
  settings: ['payouts', 'settings'] as const,
};

export function usePayouts(filter: TPayoutFilter) {
  return useQuery({
    queryKey: payoutKeys.list(filter),
    queryFn: ({ signal }) => apiFetch('/payouts', { query: { ...filter }, schema: ZPayoutList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePayoutSettings() {
  return useQuery({ queryKey: payoutKeys.settings, queryFn: ({ signal }) => apiFetch('/payouts/settings', { schema: ZPayoutSettings, signal }) });
}

export const savePayoutSettings = (body: TPayoutSettingsBody) => apiFetch('/payouts/settings', { method: 'PUT', body, schema: ZPayoutSettings });

/** The listed requested payouts, or every requested one when ids is left out. */
export const approvePayouts = (ids?: string[]) => apiFetch('/payouts/approve', { method: 'POST', body: ids ? { ids } : {}, schema: ZApprovePayoutsResult });

/** A plain link: the browser downloads it itself (the session cookie goes along). */
export const payoutsCsvUrl = (filter: TPayoutFilter) => buildUrl('/payouts.csv', { ...filter });
