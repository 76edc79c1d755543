import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZApiKey, ZApiKeyCreated, ZApiKeyList, type TCreateApiKeyBody } from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';

const apiKeysKey = ['brand', 'api-keys'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: ({ signal }) => apiFetch('/api-keys', { schema: ZApiKeyList, signal }),
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateApiKeyBody) => apiFetch('/api-keys', { method: 'POST', body, schema: ZApiKeyCreated }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api-keys/${id}/revoke`, { method: 'POST', schema: ZApiKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRotateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api-keys/${id}/rotate`, { method: 'POST', schema: ZApiKeyCreated }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
