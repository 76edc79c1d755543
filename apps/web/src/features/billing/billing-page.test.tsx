import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { TBillingSummary, TInvoice, TMemberRole } from '@rally/domain';
import { SessionProvider } from '../../app/session';
import { renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { meAs } from '../../test/fixtures';
import BillingPage from './components/billing-page';

const summary: TBillingSummary = {
  walletBalance: 5000,
  currency: 'USD',
  paymentPlan: 'prepaid',
  provider: 'sandbox',
  publishableKey: null,
  testMode: true,
  unpaidInvoiceId: null,
};
const unpaid: TInvoice = { id: 7, number: 'INV-7', period: '2026-10', status: 'unpaid', amount: 1200, currency: 'USD', closedAt: 1, dueAt: 2, paidAt: null };

function renderAs(role: TMemberRole) {
  const stub = stubFetch({
    'GET /api/billing/summary': () => ({ body: summary }),
    'GET /api/billing/ledger': () => ({ body: { items: [], _meta: { totalCount: 0, pageCount: 0, currentPage: 1, perPage: 20 } } }),
    'GET /api/billing/invoices': () => ({ body: { items: [unpaid] } }),
  });
  renderWithProviders(
    <SessionProvider value={meAs(role)}>
      <BillingPage />
    </SessionProvider>,
  );
  return stub;
}

describe('billing page by role', () => {
  it('lets finance top up the wallet and pay an unpaid invoice', async () => {
    renderAs('finance');
    expect(await screen.findByTestId('invoice-row')).toBeTruthy();
    expect(screen.getByTestId('billing-top-up')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay from wallet' })).toBeTruthy();
  });

  it('shows an analyst the invoices without a way to pay', async () => {
    renderAs('analyst');
    expect(await screen.findByTestId('invoice-row')).toBeTruthy();
    expect(screen.queryByTestId('billing-top-up')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay from wallet' })).toBeNull();
  });

  it('shows a campaign manager the wallet only: no top-up, and invoices are not even asked for', async () => {
    const stub = renderAs('campaign_manager');
    expect(await screen.findByTestId('billing-balance')).toBeTruthy();
    expect(screen.queryByTestId('billing-top-up')).toBeNull();
    expect(screen.queryByTestId('invoice-table')).toBeNull();
    expect(stub.requests.some((r) => r.url.pathname === '/api/billing/invoices')).toBe(false);
  });
});
