import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ZMe, type TMe } from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { meQueryKey } from '../../../app/query-keys';

export { meQueryKey };

export function fetchMe(signal?: AbortSignal): Promise<TMe> {
  return apiFetch('/me', { schema: ZMe, ...(signal ? { signal } : {}) });
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => fetchMe(signal),
  // Who is signed in changes only through this app's own mutations, which update the cache.
  staleTime: 5 * 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

export interface TSignInInput {
  email: string;
  password: string;
}

/** Signs in; `twoFactor` when the account has two-factor on: no session yet, the code comes next (TwoFactorStep). */
export async function signIn(input: TSignInInput): Promise<{ twoFactor: boolean }> {
  const answer = await apiFetch('/auth/sign-in/email', { method: 'POST', body: input });
  return { twoFactor: typeof answer === 'object' && answer !== null && (answer as { twoFactorRedirect?: unknown }).twoFactorRedirect === true };
}

export async function signOut(): Promise<void> {
  await apiFetch('/auth/sign-out', { method: 'POST', body: {} });
}

export function switchBrand(brandId: string): Promise<TMe> {
  return apiFetch('/me/brand', { method: 'POST', body: { brandId }, schema: ZMe });
}

/** Everything cached except "me" belongs to a brand, so it is refetched when the brand changes. */
export function resetBrandScopedQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async ({ twoFactor }) => {
      if (twoFactor) return;
      // Data cached for a previous session must not leak into this one.
      queryClient.clear();
      await queryClient.prefetchQuery(meQueryOptions);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => queryClient.clear(),
  });
}

export function useSwitchBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchBrand,
    onSuccess: async (me) => {
      queryClient.setQueryData(meQueryKey, me);
      await resetBrandScopedQueries(queryClient);
    },
  });
}
