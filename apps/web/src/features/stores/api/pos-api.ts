import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZCompareResult,
  ZImportedList,
  ZMergeResult,
  ZPosImportResult,
  type TMergeField,
  type TPosImportResult,
  type TPosImportStatus,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-file';
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

export function uploadPosFile(file: File): Promise<TPosImportResult> {
  return uploadFile({ url: '/api/pos/write/store/import-file', file, schema: ZPosImportResult });
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
