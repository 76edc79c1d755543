import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZSalesBatch, ZSalesBatchDetail, ZSalesBatchList, type TSalesBatch } from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-file';

const salesKey = ['brand', 'sales'] as const;

/** A batch still being read or credited: its list and detail are read again every 2 s until it is done. */
const isRunning = (b: Pick<TSalesBatch, 'status'>) => b.status === 'queued' || b.status === 'processing';

export function useSalesBatches() {
  return useQuery({
    queryKey: [...salesKey, 'batches'],
    queryFn: ({ signal }) => apiFetch('/sales/batches', { schema: ZSalesBatchList, signal }),
    refetchInterval: (query) => (query.state.data?.items.some(isRunning) ? 2_000 : false),
  });
}

export function useSalesBatch(id: number | null, rows: 'all' | 'problems') {
  return useQuery({
    queryKey: [...salesKey, 'batch', id, rows],
    queryFn: ({ signal }) => apiFetch(`/sales/batches/${id}`, { query: { rows }, schema: ZSalesBatchDetail, signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data.batch) ? 2_000 : false),
  });
}

/** Uploads a sales file: answered with the queued batch, processed in the background. */
export function useUploadSalesFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile({ url: '/api/sales/files', file, schema: ZSalesBatch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKey }),
  });
}
