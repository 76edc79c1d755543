import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import type { TBrandCapabilities } from '@rally/domain';
import { RequireAuth } from '../auth';
import { CampaignListPage } from './components/campaign-list-page';
import { CreateCampaignMenu } from './components/create-campaign-menu';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { stubFetch, type TFetchRoutes } from '../../test/fetch-stub';
import { campaignFixture, listFixture, meAs, meFixture, summaryFixture } from '../../test/fixtures';

const routes: RouteObject[] = [
  {
    path: '/campaign',
    element: (
      <RequireAuth>
        <CampaignListPage />
      </RequireAuth>
    ),
  },
  { path: '/campaign/:id', element: <p>builder page</p> },
];

function stubCampaignApi(overrides: TFetchRoutes = {}) {
  return stubFetch({
    'GET /api/me': () => ({ body: meFixture() }),
    'GET /api/campaign/status-summary': () => ({
      body: summaryFixture({ draft: 3, scheduled: 2, rejected: 1, active: 4, ended: 5 }),
    }),
    'GET /api/campaign/bundle': () => ({ body: listFixture([campaignFixture({ name: 'Summer push' })]) }),
    ...overrides,
  });
}

function openMenuItems(brand: TBrandCapabilities): string[] {
  renderWithProviders(<CreateCampaignMenu brand={brand} onCreate={vi.fn()} />);
  fireEvent.click(screen.getByRole('button', { name: 'New campaign' }));
  return screen.getAllByRole('menuitem').map((item) => item.getAttribute('aria-label') ?? '');
}

describe('campaign list', () => {
  it('names each status tab with its count', async () => {
    stubCampaignApi();
    renderRoutes(routes, '/campaign');

    expect(await screen.findByRole('tab', { name: 'Draft 3' })).toBeTruthy();
    for (const name of ['All 15', 'Scheduled 2', 'Rejected 1', 'Active 4', 'Ended 5']) {
      expect(screen.getByRole('tab', { name })).toBeTruthy();
    }
  });

  it('preselects the tab named by ?status= and lists only that status', async () => {
    const api = stubCampaignApi();
    renderRoutes(routes, '/campaign?status=scheduled');

    const tab = await screen.findByRole('tab', { name: 'Scheduled 2' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'All 15' }).getAttribute('aria-selected')).toBe('false');
    await waitFor(() => expect(api.to('GET', '/api/campaign/bundle').length).toBeGreaterThan(0));
    expect(api.to('GET', '/api/campaign/bundle')[0]?.url.searchParams.get('status')).toBe('scheduled');
  });

  it('writes the chosen tab into the URL', async () => {
    stubCampaignApi();
    const { router } = renderRoutes(routes, '/campaign');

    fireEvent.click(await screen.findByRole('tab', { name: 'Rejected 1' }));

    await waitFor(() => expect(router.state.location.search).toBe('?status=rejected'));
    fireEvent.click(screen.getByRole('tab', { name: 'All 15' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('goes back to the first page, not the page seen before searching, when a search is cleared', async () => {
    const api = stubCampaignApi({
      'GET /api/campaign/bundle': () => ({
        body: listFixture([campaignFixture({ name: 'Summer push' })], { totalCount: 25, pageCount: 3 }),
      }),
    });
    renderRoutes(routes, '/campaign');
    const pageAsked = () => api.to('GET', '/api/campaign/bundle').at(-1)?.url.searchParams.get('currentPage');

    fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(pageAsked()).toBe('2'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search campaigns' }), { target: { value: 'Summer' } });
    await waitFor(() =>
      expect(api.to('GET', '/api/campaign/bundle').at(-1)?.url.searchParams.get('filter')).toBe('Summer'),
    );
    expect(pageAsked()).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('searchbox', { name: 'Search campaigns' })).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  });

  it('restores search, sort and page from the URL, and writes them back into it', async () => {
    const api = stubCampaignApi({
      'GET /api/campaign/bundle': () => ({
        body: listFixture([campaignFixture({ name: 'Summer push' })], { totalCount: 25, pageCount: 3 }),
      }),
    });
    const { router } = renderRoutes(routes, '/campaign?status=draft&q=summer&sort=name&page=2');
    await waitFor(() => expect(api.to('GET', '/api/campaign/bundle').length).toBeGreaterThan(0));
    const asked = () => api.to('GET', '/api/campaign/bundle').at(-1)!.url.searchParams;
    expect(asked().get('filter')).toBe('summer');
    expect(asked().get('sort')).toBe('name');
    expect(asked().get('currentPage')).toBe('2');
    expect(asked().get('status')).toBe('draft');
    expect(screen.getByRole('searchbox', { name: 'Search campaigns' })).toHaveProperty('value', 'summer');

    fireEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft&q=summer&sort=name&page=3'));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search campaigns' }), { target: { value: 'winter' } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft&q=winter&sort=name'));
  });

  it('opens editable campaigns in the builder and launched ones in their report', async () => {
    stubCampaignApi({
      'GET /api/campaign/bundle': () => ({
        body: listFixture([
          campaignFixture({ id: 11, name: 'Still a draft', status: 'draft' }),
          campaignFixture({ id: 12, name: 'Running now', status: 'active' }),
        ]),
      }),
    });
    renderRoutes(routes, '/campaign');

    expect((await screen.findByRole('link', { name: 'Still a draft' })).getAttribute('href')).toBe('/campaign/11');
    expect(screen.getByRole('link', { name: 'Running now' }).getAttribute('href')).toBe('/campaign/report/12');
  });

  it("shows start, end and created in the campaign's zone, each labelled with it", async () => {
    // Created 2026-01-09 23:06:40 UTC, starting 2026-01-10 01:00 UTC: 18:06 and 20:00 the day before in New York.
    stubCampaignApi({
      'GET /api/campaign/bundle': () => ({
        body: listFixture([
          campaignFixture({ name: 'Zoned', timeZone: 'America/New_York', createdAt: 1_768_000_000, startDate: 1_768_006_800, endDate: null }),
        ]),
      }),
    });
    renderRoutes(routes, '/campaign');
    const row = (await screen.findByRole('link', { name: 'Zoned' })).closest('tr')!;
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toContain('Jan 9, 2026, 8:00 PM EST');
    expect(cells).toContain('Jan 9, 2026, 6:06 PM EST');
  });

  it('shows an Untitled placeholder and a dash for missing dates', async () => {
    stubCampaignApi({ 'GET /api/campaign/bundle': () => ({ body: listFixture([campaignFixture({ name: '' })]) }) });
    renderRoutes(routes, '/campaign');

    const table = await screen.findByRole('table', { name: 'Campaigns' });
    expect(within(table).getByText('Untitled')).toBeTruthy();
    expect(within(table).getAllByText('—')).toHaveLength(2);
  });

  it('deletes a campaign only after confirming', async () => {
    const api = stubCampaignApi({
      'GET /api/campaign/bundle': () => ({ body: listFixture([campaignFixture({ id: 42, name: 'Old promo' })]) }),
      'PUT /api/campaign/42/status': () => ({ body: { ok: true } }),
    });
    renderRoutes(routes, '/campaign');

    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Old promo' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(api.to('PUT', '/api/campaign/42/status')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete campaign' }));

    await waitFor(() => expect(api.to('PUT', '/api/campaign/42/status')).toHaveLength(1));
    expect(api.to('PUT', '/api/campaign/42/status')[0]?.body).toEqual({ action: 'delete', bundleId: 42 });
  });

  it('ends an active campaign from its menu after showing what ending stops', async () => {
    const api = stubCampaignApi({
      'GET /api/campaign/bundle': () => ({
        body: listFixture([
          campaignFixture({ id: 12, name: 'Running now', status: 'active' }),
          campaignFixture({ id: 13, name: 'Still a draft', status: 'draft' }),
        ]),
      }),
      'GET /api/campaign/bundle/12/pause-details': () => ({
        body: { status: 'active', canEnd: true, startDate: null, endDate: null, completions: 37, rewardsUnlocked: 9, codesLeft: 4, budgetLeft: 12_500 },
      }),
      'POST /api/v3/bundle/end-campaign': () => ({ body: { campaign: campaignFixture({ id: 12, name: 'Running now', status: 'ended' }) } }),
    });
    renderRoutes(routes, '/campaign');

    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Still a draft' }));
    expect(screen.queryByRole('menuitem', { name: 'End campaign' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Running now' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'End campaign' }));

    const dialog = await screen.findByRole('dialog', { name: 'End “Running now” now?' });
    await waitFor(() => expect(within(dialog).getByTestId('pause-completions').textContent).toContain('37'));
    expect(within(dialog).getByTestId('pause-rewards-unlocked').textContent).toContain('9');
    expect(within(dialog).getByTestId('pause-codes-left').textContent).toContain('4');
    expect(within(dialog).getByTestId('pause-budget-left').textContent).toContain('$125.00');
    expect(within(dialog).getByText('$125.00 of unspent budget goes back to the wallet.')).toBeTruthy();
    expect(api.to('POST', '/api/v3/bundle/end-campaign')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'End campaign' }));
    await waitFor(() => expect(api.to('POST', '/api/v3/bundle/end-campaign')).toHaveLength(1));
    expect(api.to('POST', '/api/v3/bundle/end-campaign')[0]?.body).toEqual({ bundleId: 12 });
    expect(await screen.findByText('The campaign has ended.')).toBeTruthy();
  });

  it('offers an analyst, who only reads campaigns, no new campaign, duplicate, delete or end', async () => {
    stubCampaignApi({
      'GET /api/me': () => ({ body: meAs('analyst') }),
      'GET /api/campaign/bundle': () => ({ body: listFixture([campaignFixture({ id: 12, name: 'Running now', status: 'active' })]) }),
    });
    renderRoutes(routes, '/campaign');

    expect(await screen.findByText('Running now')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New campaign' })).toBeNull();
    const actions = screen.queryByRole('button', { name: 'Actions for Running now' });
    if (actions) fireEvent.click(actions);
    for (const name of ['Duplicate', 'Delete', 'End campaign']) expect(screen.queryByRole('menuitem', { name })).toBeNull();
  });

  it('creates a draft of the chosen type and opens it', async () => {
    const api = stubCampaignApi({
      'POST /api/campaign/create-draft': () => ({ status: 201, body: campaignFixture({ id: 77, type: 'contest' }) }),
    });
    const { router } = renderRoutes(routes, '/campaign');

    fireEvent.click(await screen.findByRole('button', { name: 'New campaign' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Contest' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/77'));
    expect(api.to('POST', '/api/campaign/create-draft')[0]?.body).toEqual({ type: 'contest' });
  });
});

describe('create campaign menu', () => {
  it('offers consumer only with the consumer flag', () => {
    expect(openMenuItems({ consumerEnabled: false, isRetailer: false })).not.toContain('Consumer');
  });

  it('offers consumer when the brand has the consumer flag', () => {
    expect(openMenuItems({ consumerEnabled: true, isRetailer: false })).toEqual([
      'General',
      'Contest',
      'Learning',
      'Consumer',
    ]);
  });

  it('offers shared only to retailers', () => {
    expect(openMenuItems({ consumerEnabled: false, isRetailer: false })).not.toContain('Shared');
  });

  it('offers shared to a retailer', () => {
    expect(openMenuItems({ consumerEnabled: false, isRetailer: true })).toEqual([
      'General',
      'Contest',
      'Learning',
      'Shared',
    ]);
  });
});
