import { useQuery } from '@tanstack/react-query';
import {
  ZCheckUnpaidInvoices,
  ZReceiptList,
  ZReceiptRow,
  ZSmartReviewSwitchResult,
  type TReceiptListQuery,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';

export const smartReviewKeys = {
  all: ['smart-review'] as const,
  receipts: (q: Partial<TReceiptListQuery>) => [...smartReviewKeys.all, 'receipts', q] as const,
};

/** check-unpaid-invoices (spec §7): asked before switching smart review on. */
export function checkUnpaidInvoices() {
  return apiFetch('/receipt-scan/check-unpaid-invoices', { schema: ZCheckUnpaidInvoices });
}

export function activateSmartReview() {
  return apiFetch('/receipt-scan/activate', { method: 'POST', body: {}, schema: ZSmartReviewSwitchResult });
}

export function deactivateSmartReview() {
  return apiFetch('/receipt-scan/deactivate', { method: 'POST', body: {}, schema: ZSmartReviewSwitchResult });
}

export function useReceipts(q: Pick<TReceiptListQuery, 'status' | 'currentPage'>) {
  return useQuery({
    queryKey: smartReviewKeys.receipts(q),
    queryFn: ({ signal }) => apiFetch('/receipt-scan/receipts', { query: q, schema: ZReceiptList, signal }),
    // Receipts are read in the background: the queue fills while the page is open.
    refetchInterval: 10_000,
  });
}

export function acceptReceipt(id: number) {
  return apiFetch(`/receipt-scan/receipts/${id}/accept`, { method: 'POST', body: {}, schema: ZReceiptRow });
}

export function rejectReceipt(id: number, reason: string) {
  return apiFetch(`/receipt-scan/receipts/${id}/reject`, { method: 'POST', body: { reason }, schema: ZReceiptRow });
}
