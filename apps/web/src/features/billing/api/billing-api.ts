import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZBillingProfileRead, ZInvoiceList, ZLedgerPage, type TBillingProfile, type TLedgerQuery } from '@rally/domain';
import { apiFetch, buildUrl } from '../../../lib/api-client';
import { paymentKeys } from '../../../components/payment-form';

export type TLedgerFilter = Pick<TLedgerQuery, 'kind' | 'from' | 'to'>;

export const billingKeys = {
  ledger: (filter: TLedgerFilter, page: number) => [...paymentKeys.all, 'ledger', filter, page] as const,
  invoices: [...paymentKeys.all, 'invoices'] as const,
  profile: [...paymentKeys.all, 'profile'] as const,
};

export const LEDGER_PAGE_SIZE = 20;

export function useLedger(filter: TLedgerFilter, page: number) {
  return useQuery({
    queryKey: billingKeys.ledger(filter, page),
    queryFn: ({ signal }) =>
      apiFetch('/billing/ledger', {
        query: { ...filter, currentPage: page, perPage: LEDGER_PAGE_SIZE },
        schema: ZLedgerPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The brand's invoices; `enabled` false for a role without billing:read (the server would answer 403). */
export function useInvoices(enabled = true) {
  return useQuery({
    enabled,
    queryKey: billingKeys.invoices,
    queryFn: ({ signal }) => apiFetch('/billing/invoices', { schema: ZInvoiceList, signal }),
  });
}

export function payInvoiceFromWallet(invoiceId: number) {
  return apiFetch(`/billing/invoices/${invoiceId}/pay`, { method: 'POST', body: { source: 'wallet' } });
}

/** Plain links: the browser downloads these itself (the session cookie goes along). */
export const ledgerCsvUrl = (filter: TLedgerFilter) => buildUrl('/billing/ledger.csv', { ...filter });
export const invoicePdfUrl = (invoiceId: number) => buildUrl(`/billing/invoices/${invoiceId}/pdf`);

/** Who the brand's invoices are made out to (null until filled in). */
export function useBillingProfile(enabled = true) {
  return useQuery({
    enabled,
    queryKey: billingKeys.profile,
    queryFn: ({ signal }) => apiFetch('/billing/profile', { schema: ZBillingProfileRead, signal }),
  });
}

export function saveBillingProfile(profile: TBillingProfile) {
  return apiFetch('/billing/profile', { method: 'PUT', body: profile, schema: ZBillingProfileRead });
}
