import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZManagedStoreList,
  ZStaffImportResult,
  ZStaffList,
  ZStaffMember,
  type TStaffImportResult,
  type TStaffInviteBody,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { uploadFile, type TUploadProgress } from '../../../lib/upload-file';
import { storeKeys } from '../../../app/query-keys';

// Under the stores' key: a change of staff moves head counts in the store lists, groups and reach figures too.
const STORES_KEY = storeKeys.all;
const staffKeys = {
  store: (storeId: number) => [...STORES_KEY, 'staff', storeId] as const,
  storeSearch: (text: string) => [...STORES_KEY, 'staff-store-search', text] as const,
};

export function useStoreStaff(storeId: number) {
  return useQuery({
    queryKey: staffKeys.store(storeId),
    queryFn: ({ signal }) => apiFetch(`/staff/store/${storeId}`, { schema: ZStaffList, signal }),
  });
}

/** Stores of the brand whose name or address has the text: the choices of a move. */
export function useStoreSearch(text: string) {
  return useQuery({
    queryKey: staffKeys.storeSearch(text),
    queryFn: ({ signal }) =>
      apiFetch('/store/read/store/list', {
        method: 'POST',
        body: { perPage: 20, sort: 'storeName', ...(text.trim() ? { filter: text.trim() } : {}) },
        schema: ZManagedStoreList,
        signal,
      }),
  });
}

function useStaffMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: STORES_KEY }) });
}

export const useInviteStaff = () =>
  useStaffMutation((body: TStaffInviteBody) => apiFetch('/staff', { method: 'POST', body, schema: ZStaffMember }));
export const useResendInvitation = () =>
  useStaffMutation((id: number) => apiFetch(`/staff/${id}/resend-invitation`, { method: 'POST', schema: ZStaffMember }));
export const useDeactivateStaff = () =>
  useStaffMutation((id: number) => apiFetch(`/staff/${id}/deactivate`, { method: 'POST', schema: ZStaffMember }));
export const useReactivateStaff = () =>
  useStaffMutation((id: number) => apiFetch(`/staff/${id}/reactivate`, { method: 'POST', schema: ZStaffMember }));
export const useMoveStaff = () =>
  useStaffMutation(({ id, storeId }: { id: number; storeId: number }) =>
    apiFetch(`/staff/${id}/move`, { method: 'POST', body: { storeId }, schema: ZStaffMember }),
  );

/** Sends a staff list to preview (nothing saved) or apply, reporting the upload's progress. */
export function uploadStaffFile(step: 'preview' | 'apply', file: File, onProgress?: (p: TUploadProgress) => void): Promise<TStaffImportResult> {
  return uploadFile({ url: `/api/staff/import/${step}`, file, schema: ZStaffImportResult, ...(onProgress ? { onProgress } : {}) });
}

export function useApplyStaffFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (p: TUploadProgress) => void }) => uploadStaffFile('apply', file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STORES_KEY }),
  });
}
