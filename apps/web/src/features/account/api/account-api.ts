import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAccountProfile,
  ZAccountSessions,
  ZMailQueuedAnswer,
  ZRevokedSessions,
  type TAccountProfile,
  type TAccountSessions,
  type TChangeEmailBody,
  type TChangePasswordBody,
  type TMailQueuedAnswer,
  type TRevokedSessions,
  type TUpdateProfileBody,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { meQueryKey } from '../../../app/query-keys';

export const accountKeys = {
  profile: ['account', 'profile'] as const,
  sessions: ['account', 'sessions'] as const,
};

export const accountQueryOptions = queryOptions({
  queryKey: accountKeys.profile,
  queryFn: ({ signal }): Promise<TAccountProfile> => apiFetch('/account', { schema: ZAccountProfile, signal }),
});
export const sessionsQueryOptions = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: ({ signal }): Promise<TAccountSessions> => apiFetch('/account/sessions', { schema: ZAccountSessions, signal }),
});

export const useAccount = () => useQuery(accountQueryOptions);
export const useSessions = () => useQuery(sessionsQueryOptions);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateProfileBody): Promise<TAccountProfile> => apiFetch('/account/profile', { method: 'POST', body, schema: ZAccountProfile }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(accountKeys.profile, profile);
      // The header shows the name.
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangePasswordBody): Promise<TRevokedSessions> => apiFetch('/account/password', { method: 'POST', body, schema: ZRevokedSessions }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangeEmailBody): Promise<TMailQueuedAnswer> => apiFetch('/account/email', { method: 'POST', body, schema: ZMailQueuedAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile }),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<TRevokedSessions> =>
      apiFetch(`/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: ZRevokedSessions }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<TRevokedSessions> => apiFetch('/account/sessions/revoke-others', { method: 'POST', body: {}, schema: ZRevokedSessions }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
