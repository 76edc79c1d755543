import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TSalesBatch, TSalesBatchDetail } from '@rally/domain';
import { SessionProvider } from '../../app/session';
import { renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { meAs } from '../../test/fixtures';
import { SalesPage } from './components/sales-page';

function batchFixture(over: Partial<TSalesBatch> = {}): TSalesBatch {
  return {
    id: 7,
    source: 'api',
    fileName: null,
    status: 'done',
    sentBy: 'Store POS',
    lines: 3,
    processed: 3,
    credited: 2,
    duplicates: 0,
    problems: 1,
    completions: 1,
    unlocks: 1,
    error: null,
    createdAt: 1_795_800_000,
    finishedAt: 1_795_800_001,
    ...over,
  };
}

const detail: TSalesBatchDetail = {
  batch: batchFixture(),
  rows: [{ row: 2, storePosId: 'POS-1', staff: 'jamie@store.test', sku: 'SKU-404', quantity: 1, amountCents: 500, transactionId: 'T-2', outcome: 'unknown_sku', message: 'no product of the brand\'s missions has the SKU "SKU-404"' }],
  credits: [{ transactionId: 'T-1', campaignId: 42, campaignName: 'Spring sell-out', staffId: 812, staffName: 'Jamie Doe', completionId: 9001, unlocks: 1 }],
};

describe('Sales screen', () => {
  it('lists each batch with its counts and opens one from the keyboard: its problem rows and what it credited', async () => {
    const api = stubFetch({
      'GET /api/sales/batches': () => ({ body: { items: [batchFixture(), batchFixture({ id: 8, source: 'file', fileName: 'monday.csv', status: 'processing', lines: 100, processed: 40, credited: 30, problems: 10 })] } }),
      'GET /api/sales/batches/7': () => ({ body: detail }),
    });
    renderWithProviders(
      <SessionProvider value={meAs('analyst')}>
        <SalesPage />
      </SessionProvider>,
    );
    const row = (await screen.findByRole('rowheader', { name: '#7' })).closest('tr')!;
    expect(within(row).getByText('API · Store POS')).toBeTruthy();
    expect(within(row).getByText('Done')).toBeTruthy();
    expect(screen.getByText('File · monday.csv')).toBeTruthy();
    // An analyst reads sales but uploads none.
    expect(screen.queryByRole('button', { name: 'Upload a sales file' })).toBeNull();

    const open = within(row).getByRole('button', { name: 'View batch 7' });
    open.focus();
    expect(document.activeElement).toBe(open);
    fireEvent.click(open);
    const panel = await screen.findByRole('region', { name: 'Batch #7' });
    expect(await within(panel).findByText('Unknown SKU')).toBeTruthy();
    expect(within(panel).getByText('Jamie Doe')).toBeTruthy();
    expect(within(panel).getByText('Spring sell-out')).toBeTruthy();
    expect(api.to('GET', '/api/sales/batches/7')[0]!.url.searchParams.get('rows')).toBe('problems');
  });

  it('offers the upload to a role that may change campaigns', async () => {
    stubFetch({ 'GET /api/sales/batches': () => ({ body: { items: [] } }) });
    renderWithProviders(
      <SessionProvider value={meAs('campaign_manager')}>
        <SalesPage />
      </SessionProvider>,
    );
    expect(await screen.findByText('No sales received yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload a sales file' })).toBeTruthy();
  });
});
