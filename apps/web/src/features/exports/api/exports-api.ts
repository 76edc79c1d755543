import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZDataExport, ZDataExportList, type TDataExport, type TExportFormat, type TExportKind } from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';

export const exportKeys = {
  all: ['exports'] as const,
  list: (page: number) => [...exportKeys.all, 'list', page] as const,
};

const START_PATHS: Record<TExportKind, string> = {
  completions: '/v4/bundle/export-brand-completions',
  codes: '/v4/bundle/export-brand-codes',
  stores: '/report/write/export/export/stores',
};

export interface TStartExportInput {
  kind: TExportKind;
  format: TExportFormat;
  filters: Record<string, unknown>;
  timeZone: string;
}

export function startExport({ kind, format, filters, timeZone }: TStartExportInput): Promise<TDataExport> {
  return apiFetch(START_PATHS[kind], { method: 'POST', schema: ZDataExport, body: { format, filters, timeZone } });
}

export function useExports(page: number) {
  return useQuery({
    queryKey: exportKeys.list(page),
    queryFn: ({ signal }) => apiFetch('/exports', { schema: ZDataExportList, query: { currentPage: page, perPage: 15 }, signal }),
    placeholderData: keepPreviousData,
    // Progress moves while an export runs: poll then, and only then.
    refetchInterval: (query) =>
      query.state.data?.items.some((e) => e.status === 'queued' || e.status === 'running') ? 1000 : false,
  });
}

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startExport, onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.all }) });
}

export function useCancelExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/exports/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: {}, schema: ZDataExport }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.all }),
  });
}
