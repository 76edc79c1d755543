import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APP_REQUEST_HEADER,
  ZCompareResult,
  ZImportedList,
  ZMergeResult,
  ZPosImportResult,
  type TMergeField,
  type TPosImportResult,
  type TPosImportStatus,
} from '@rally/domain';
import { apiFetch, toApiError } from '../../../lib/api-client';
import { storeKeys } from './store-keys';

const posKeys = {
  all: [...storeKeys.all, 'pos'] as const,
  list: (params: object) => [...storeKeys.all, 'pos', 'list', params] as const,
  compare: (refId: string) => [...storeKeys.all, 'pos', 'compare', refId] as const,
};

export interface TImportedListParams {
  currentPage: number;
  sort: string;
  status?: TPosImportStatus | undefined;
  perPage?: number;
}

export function useImportedList(params: TImportedListParams) {
  return useQuery({
    queryKey: posKeys.list(params),
    queryFn: ({ signal }) => apiFetch('/pos/read/store/imported-list', { method: 'POST', body: params, schema: ZImportedList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCompareImported(refId: string | null) {
  return useQuery({
    queryKey: posKeys.compare(refId ?? ''),
    queryFn: ({ signal }) => apiFetch('/pos/read/store/compare-imported-stores', { query: { refId: refId! }, schema: ZCompareResult, signal }),
    enabled: refId !== null,
  });
}

export async function uploadPosFile(file: File): Promise<TPosImportResult> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch('/api/pos/write/store/import-file', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { accept: 'application/json', [APP_REQUEST_HEADER]: '1' },
  });
  if (!response.ok) throw await toApiError(response);
  return ZPosImportResult.parse(await response.json());
}

export function useUploadPosFile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadPosFile, onSuccess: () => queryClient.invalidateQueries({ queryKey: posKeys.all }) });
}

export function useConfirmMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { refId: string; rallyStoreId: number; acceptFrom: Partial<Record<TMergeField, 'imported' | 'existing'>> }) =>
      apiFetch('/pos/write/store/confirm-store-merge', { method: 'POST', body: input, schema: ZMergeResult }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
}

export function useIgnoreMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refId: string) => apiFetch('/pos/write/store/ignore-store-merge', { method: 'POST', body: { refId }, schema: ZMergeResult }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
}
