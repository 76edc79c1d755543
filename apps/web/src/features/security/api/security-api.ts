import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZBrandSignInSecurity, ZOk, ZTwoFactorSetup, ZTwoFactorStatus, type TOidcConfigInput } from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';

const ZEnabled = z.object({ enabled: z.boolean() });
const twoFactorKey = ['account', 'two-factor'] as const;
const brandSecurityKey = ['brand', 'sign-in-security'] as const;

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) => apiFetch('/account/two-factor', { schema: ZTwoFactorStatus, signal }),
  });
}

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (body: { password: string }) =>
      apiFetch('/account/two-factor/enable', { method: 'POST', body, schema: ZTwoFactorSetup }),
  });
}

/** Turning it on or off changes the session (better-auth replaces it), so everything cached is refetched. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string }) =>
      apiFetch('/account/two-factor/confirm', { method: 'POST', body, schema: ZEnabled }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) =>
      apiFetch('/account/two-factor/disable', { method: 'POST', body, schema: ZEnabled }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useBrandSignInSecurity() {
  return useQuery({
    queryKey: brandSecurityKey,
    queryFn: ({ signal }) => apiFetch('/brand/sign-in-security', { schema: ZBrandSignInSecurity, signal }),
  });
}

export function useRequireTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireTwoFactor: boolean) =>
      apiFetch('/brand/sign-in-security/two-factor', {
        method: 'PUT',
        body: { requireTwoFactor },
        schema: ZBrandSignInSecurity,
      }),
    onSuccess: (data) => queryClient.setQueryData(brandSecurityKey, data),
  });
}

export function useSaveOidc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOidcConfigInput) =>
      apiFetch('/brand/sign-in-security/oidc', { method: 'PUT', body, schema: ZBrandSignInSecurity }),
    onSuccess: (data) => queryClient.setQueryData(brandSecurityKey, data),
  });
}

export function useRemoveOidc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/brand/sign-in-security/oidc', { method: 'DELETE', schema: ZOk }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandSecurityKey }),
  });
}
