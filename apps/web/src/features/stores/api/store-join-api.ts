import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZStoreJoinLink,
  ZStoreJoinRequestItem,
  ZStoreJoinRequestList,
  ZStoreJoinSettings,
  type TStoreJoinDecisionBody,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { storeKeys } from './store-keys';

const joinKeys = {
  link: (storeId: number) => [...storeKeys.all, 'join-link', storeId] as const,
  requests: [...storeKeys.all, 'join-requests'] as const,
  settings: [...storeKeys.all, 'join-settings'] as const,
};

export function useJoinLink(storeId: number, enabled: boolean) {
  return useQuery({
    queryKey: joinKeys.link(storeId),
    queryFn: ({ signal }) => apiFetch(`/stores/${storeId}/join-link`, { schema: ZStoreJoinLink, signal }),
    enabled,
  });
}

export function useRotateJoinLink(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/stores/${storeId}/join-link/rotate`, { method: 'POST', schema: ZStoreJoinLink }),
    onSuccess: (link) => queryClient.setQueryData(joinKeys.link(storeId), link),
  });
}

export function useJoinRequests(enabled: boolean) {
  return useQuery({
    queryKey: joinKeys.requests,
    queryFn: ({ signal }) =>
      apiFetch('/store-join/requests', { query: { status: 'pending' }, schema: ZStoreJoinRequestList, signal }),
    enabled,
  });
}

export function useDecideJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storeUserId, ...body }: TStoreJoinDecisionBody & { storeUserId: number }) =>
      apiFetch(`/store-join/requests/${storeUserId}/decision`, { method: 'POST', body, schema: ZStoreJoinRequestItem }),
    // The staff list and head counts change with an approval.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useJoinSettings(enabled: boolean) {
  return useQuery({
    queryKey: joinKeys.settings,
    queryFn: ({ signal }) => apiFetch('/store-join/settings', { schema: ZStoreJoinSettings, signal }),
    enabled,
  });
}

export function useSaveJoinSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoApprove: boolean) =>
      apiFetch('/store-join/settings', { method: 'PUT', body: { autoApprove }, schema: ZStoreJoinSettings }),
    onSuccess: (settings) => queryClient.setQueryData(joinKeys.settings, settings),
  });
}
