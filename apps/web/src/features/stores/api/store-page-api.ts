import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZManagedStore, ZOk, ZStoreDetail, type TRetailerFields } from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { storeKeys } from './store-keys';

const detailKey = (id: number) => [...storeKeys.all, 'detail', id] as const;

export function useStoreDetail(id: number) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => apiFetch(`/store/read/store/${id}`, { schema: ZStoreDetail, signal }),
  });
}

export function useRemoveStoreUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { storeId: number; userId: number }) =>
      apiFetch('/store/write/store/remove-user', { method: 'POST', body: input, schema: ZOk }),
    // Head counts show in the lists, groups and reach figures too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
}

export function useUpdateRetailer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storeId, fields }: { storeId: number; fields: TRetailerFields }) =>
      apiFetch(`/store/write/store/${storeId}/update-retailer`, { method: 'POST', body: { fields }, schema: ZManagedStore }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
}
