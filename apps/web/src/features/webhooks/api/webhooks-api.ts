import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZWebhookEndpoint,
  ZWebhookEndpointList,
  ZWebhookEndpointWithSecret,
  ZWebhookMessage,
  ZWebhookMessageList,
  type TCreateWebhookEndpointBody,
  type TUpdateWebhookEndpointBody,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';

const endpointsKey = ['brand', 'webhooks'] as const;
const messagesKey = (endpointId: number) => ['brand', 'webhooks', endpointId, 'messages'] as const;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: endpointsKey,
    queryFn: ({ signal }) => apiFetch('/webhooks', { schema: ZWebhookEndpointList, signal }),
  });
}

/** An endpoint's delivery log, read again every few seconds while it is open (deliveries happen in the background). */
export function useWebhookMessages(endpointId: number | null) {
  return useQuery({
    queryKey: messagesKey(endpointId ?? 0),
    queryFn: ({ signal }) => apiFetch(`/webhooks/${endpointId}/messages`, { schema: ZWebhookMessageList, signal }),
    enabled: endpointId !== null,
    refetchInterval: 5_000,
  });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateWebhookEndpointBody) => apiFetch('/webhooks', { method: 'POST', body, schema: ZWebhookEndpointWithSecret }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TUpdateWebhookEndpointBody }) =>
      apiFetch(`/webhooks/${id}`, { method: 'PATCH', body, schema: ZWebhookEndpoint }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<unknown> => apiFetch(`/webhooks/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(`/webhooks/${id}/rotate`, { method: 'POST', schema: ZWebhookEndpointWithSecret }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useReplayWebhookMessage(endpointId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => apiFetch(`/webhooks/${endpointId}/messages/${messageId}/replay`, { method: 'POST', schema: ZWebhookMessage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey(endpointId) }),
  });
}
