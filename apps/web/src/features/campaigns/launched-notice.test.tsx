import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import type { TCampaignReport } from '@rally/domain';
import { RequireAuth } from '../auth';
import { CampaignListPage } from './components/campaign-list-page';
import { renderRoutes } from '../../test/render';
import { stubFetch, type TFetchRoutes } from '../../test/fetch-stub';
import { campaignFixture, listFixture, meFixture, summaryFixture } from '../../test/fixtures';

const routes: RouteObject[] = [
  {
    path: '/campaign',
    element: (
      <RequireAuth>
        <CampaignListPage />
      </RequireAuth>
    ),
  },
  { path: '/campaign/report/:id', element: <p>report page</p> },
];

const launched = campaignFixture({ id: 5, name: 'Summer push', status: 'active' });

function reportOf(campaign = launched): TCampaignReport {
  return {
    campaign,
    totals: { completions: 0, participants: 0, storesActive: 0, rewardsUnlocked: 0, amountPaidCents: 0 },
    missions: [],
    rewards: [],
    daily: [],
  };
}

function stubListApi(overrides: TFetchRoutes = {}) {
  return stubFetch({
    'GET /api/me': () => ({ body: meFixture() }),
    'GET /api/campaign/status-summary': () => ({ body: summaryFixture({ active: 1 }) }),
    // The launched campaign is not on the page shown: its name comes from its report.
    'GET /api/campaign/bundle': () => ({ body: listFixture([campaignFixture({ name: 'Older campaign' })]) }),
    'GET /api/v3/bundle/5/report': () => ({ body: reportOf() }),
    ...overrides,
  });
}

const notice = () => screen.findByTestId('launched-notice');

describe('launched notice', () => {
  it('names the launched campaign and links to its report', async () => {
    stubListApi();
    const { router } = renderRoutes(routes, '/campaign?show-promotion=5');

    const alert = await notice();
    expect(await within(alert).findByText('“Summer push” is live')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('link', { name: 'View report' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/report/5'));
  });

  it('goes away when dismissed and drops the parameter, keeping the others', async () => {
    stubListApi();
    const { router } = renderRoutes(routes, '/campaign?status=active&show-promotion=5');

    const alert = await notice();
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));

    await waitFor(() => expect(screen.queryByTestId('launched-notice')).toBeNull());
    expect(router.state.location.search).toBe('?status=active');
  });

  it('is not shown, and asks for no report, without the parameter or with a malformed one', async () => {
    for (const url of ['/campaign', '/campaign?show-promotion=abc']) {
      const api = stubListApi();
      const { unmount } = renderRoutes(routes, url);
      expect(await screen.findByText('Older campaign')).toBeTruthy();
      expect(screen.queryByTestId('launched-notice')).toBeNull();
      expect(api.to('GET', '/api/v3/bundle/5/report')).toHaveLength(0);
      unmount();
    }
  });

  it('announces nothing for a campaign that is gone', async () => {
    stubListApi({
      'GET /api/v3/bundle/5/report': () => ({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Campaign not found', fields: [] } },
      }),
    });
    renderRoutes(routes, '/campaign?show-promotion=5');

    expect(await screen.findByText('Older campaign')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('launched-notice')).toBeNull());
  });
});
