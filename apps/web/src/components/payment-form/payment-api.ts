import { useQuery } from '@tanstack/react-query';
import { ZBillingSummary, ZPaymentResult, type TCardInput } from '@rally/domain';
import { apiFetch } from '../../lib/api-client';

export const paymentKeys = {
  summary: ['billing', 'summary'] as const,
  all: ['billing'] as const,
};

export function fetchBillingSummary(signal?: AbortSignal) {
  return apiFetch('/billing/summary', { schema: ZBillingSummary, ...(signal ? { signal } : {}) });
}

/** The wallet, the plan and the payment provider (sandbox or Stripe) the payment form uses. */
export function useBillingSummary(enabled = true) {
  return useQuery({
    queryKey: paymentKeys.summary,
    queryFn: ({ signal }) => fetchBillingSummary(signal),
    enabled,
    staleTime: 0,
  });
}

/** What is being paid: a wallet top-up, or a closed invoice. */
export type TPaymentTarget = { kind: 'topup' } | { kind: 'invoice'; invoiceId: number };

/**
 * Starts a card payment. A top-up carries the form's idempotency key: a request sent again (a retry after a lost
 * answer) is the same payment on the server, never a second charge. An invoice is paid once by the server itself.
 */
export function startPayment(target: TPaymentTarget, amount: number, card?: TCardInput, idempotencyKey?: string) {
  return target.kind === 'topup'
    ? apiFetch('/billing/top-up', {
        method: 'POST',
        body: { amount, ...(card ? { card } : {}), ...(idempotencyKey ? { idempotencyKey } : {}) },
        schema: ZPaymentResult,
      })
    : apiFetch(`/billing/invoices/${target.invoiceId}/pay`, {
        method: 'POST',
        body: { source: 'card', ...(card ? { card } : {}) },
        schema: ZPaymentResult,
      });
}

export function fetchPayment(paymentId: string) {
  return apiFetch(`/billing/payments/${paymentId}`, { schema: ZPaymentResult });
}
