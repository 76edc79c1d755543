import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { ZGroupListBody, type TCampaignReport, type TContestRankData, type TPrizeList, type TRankRow } from '@rally/domain';
import { RequireAuth } from '../auth';
import { ReportPage } from './components/report-page';
import { toRankBody } from './components/leaderboard-tab';
import { REPORT_LIVE_REFRESH_MS, campaignReportQueryOptions } from './api/report-api';
import { createQueryClient } from '../../app/query-client';
import { renderRoutes } from '../../test/render';
import { stubFetch, type TFetchRoutes } from '../../test/fetch-stub';
import { campaignFixture, meFixture } from '../../test/fixtures';

// The tab's code loads lazily and the machine is shared: give the first render time.
const SLOW = { timeout: 8000 };

const routes: RouteObject[] = [
  {
    path: '/campaign/report/:id',
    element: (
      <RequireAuth>
        <ReportPage />
      </RequireAuth>
    ),
  },
];

function contestReport(type: 'contest' | 'general' = 'contest', status: 'active' | 'ended' = 'active'): TCampaignReport {
  return {
    campaign: campaignFixture({ id: 7, name: 'Spring sales contest', type, status, timeZone: 'America/New_York', startDate: 1_772_373_600 }),
    totals: { completions: 40, participants: 12, storesActive: 4, rewardsUnlocked: 2, amountPaidCents: 0 },
    missions: [{ campaignMissionId: 11, title: 'Sell coolers', completions: 40 }],
    rewards: [{ rewardId: 21, type: 'prize', title: 'Weekend trip', unlocked: 2 }],
    daily: [{ date: '2026-03-01', completions: 40 }],
  };
}

const row = (rank: number, name: string, over: Partial<TRankRow> = {}): TRankRow => ({
  rank,
  userId: 100 + rank,
  userName: name,
  storeId: 7,
  storeName: 'Downtown',
  submissions: 30 - rank,
  salesAmountCents: null,
  ...over,
});

function rankData(page = 1): TContestRankData {
  return {
    contest: {
      type: 'user',
      rankLeadersBasedOn: 'numbers_submissions',
      displayLeaderboard: true,
      rulesUrl: null,
      campaignMissionId: 11,
      displayLeadersByUserInfo: true,
      displayLeadersByStoreInfo: true,
      displayLeadersByNumberSubmissions: true,
      displayLeadersByTotalSalesAmount: false,
    },
    items: page === 1 ? [row(1, 'Ana Top'), row(2, 'Sam Seller')] : [row(21, 'Late Comer')],
    _meta: { totalCount: 21, pageCount: 2, currentPage: page, perPage: 20 },
  };
}

const prizeList = (): TPrizeList => ({
  items: [
    {
      rewardId: 21,
      title: 'Weekend trip',
      description: '',
      imageUrl: null,
      valueCents: 50_000,
      totalAvailable: 2,
      assigned: 1,
      unlocks: [
        { unlockId: 501, status: 'awaiting_assignment', userId: 101, userName: 'Ana Top', storeId: 7, storeName: 'Downtown', assignedAt: null, assignedBy: null, assignedByName: null, formId: null, createdAt: 1_772_400_000 },
        { unlockId: 502, status: 'assigned', userId: 102, userName: 'Sam Seller', storeId: 7, storeName: 'Downtown', assignedAt: 1_772_450_000, assignedBy: 'u-olivia', assignedByName: 'Olivia Owner', formId: 9, createdAt: 1_772_400_000 },
      ],
    },
  ],
});

function stubLeaderboard(overrides: TFetchRoutes = {}, report = contestReport()) {
  return stubFetch({
    'GET /api/me': () => ({ body: meFixture() }),
    'GET /api/v3/bundle/7/report': () => ({ body: report }),
    'POST /api/v4/bundle/7/contest-rank-data': ({ body }) => ({ body: rankData((body as { currentPage: number }).currentPage) }),
    'GET /api/v4/bundle/7/prize-list': () => ({ body: prizeList() }),
    'POST /api/store/read/store/list': () => ({
      body: {
        items: [
          { id: 7, storeBrandId: 1, storeName: 'Downtown', logoUrl: null, address: { formattedAddress: '' }, countryCode: 'US', status: 'approved', refId: null, externalStoreId: null, totalUsers: 5, weight: 0 },
          { id: 8, storeBrandId: 1, storeName: 'Uptown', logoUrl: null, address: { formattedAddress: '' }, countryCode: 'CA', status: 'approved', refId: null, externalStoreId: null, totalUsers: 3, weight: 0 },
        ],
        _meta: { totalCount: 2, pageCount: 1, currentPage: 1, perPage: 50 },
      },
    }),
    'POST /api/store/read/group/list': () => ({ body: { items: [], _meta: { totalCount: 0, pageCount: 0, currentPage: 1, perPage: 50 } } }),
    ...overrides,
  });
}

describe('report leaderboard tab', { timeout: 30_000 }, () => {
  it('gives contest campaigns a Leaderboard tab with the ranking the display flags allow, paged', async () => {
    const api = stubLeaderboard();
    const { router } = renderRoutes(routes, '/campaign/report/7');

    fireEvent.click(await screen.findByRole('tab', { name: 'Leaderboard' }));
    const ranking = await screen.findByRole('region', { name: 'Leaderboard' }, SLOW);
    const table = await within(ranking).findByRole('table', {}, SLOW);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'Participant', 'Store', 'Entries', 'Actions']);
    expect(within(table).getByText('Ana Top')).toBeTruthy();
    expect(within(ranking).getByText('21 ranked')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=leaderboard');

    fireEvent.click(within(ranking).getByRole('button', { name: 'Page 2' }));
    expect(await within(ranking).findByText('Late Comer')).toBeTruthy();
    expect(api.to('POST', '/api/v4/bundle/7/contest-rank-data').at(-1)?.body).toEqual({ filters: {}, currentPage: 2, perPage: 20 });
  });

  it('asks for store groups with a body the group list accepts (no error on opening the tab)', async () => {
    const api = stubLeaderboard({
      // The server's own schema judges the body, as the route does (strict: an unknown key is a 400).
      'POST /api/store/read/group/list': ({ body }) =>
        ZGroupListBody.safeParse(body).success
          ? { body: { items: [], _meta: { totalCount: 0, pageCount: 0, currentPage: 1, perPage: 50 } } }
          : { status: 400, body: { error: { code: 'VALIDATION', message: 'Invalid body', fields: [] } } },
    });
    renderRoutes(routes, '/campaign/report/7');
    fireEvent.click(await screen.findByRole('tab', { name: 'Leaderboard' }));
    await screen.findByRole('region', { name: 'Leaderboard' }, SLOW);
    await waitFor(() => expect(api.to('POST', '/api/store/read/group/list').length).toBeGreaterThan(0), SLOW);
    expect(ZGroupListBody.safeParse(api.to('POST', '/api/store/read/group/list')[0]!.body).success).toBe(true);
    expect(screen.queryByText('Could not load data')).toBeNull();
  });

  it('names the close button of the notice a failed load shows (axe button-name)', async () => {
    stubLeaderboard({
      'POST /api/store/read/group/list': () => ({ status: 400, body: { error: { code: 'VALIDATION', message: 'Invalid body', fields: [] } } }),
    });
    // The app's query client: a failed load shows its notice.
    renderRoutes(routes, '/campaign/report/7', createQueryClient());
    fireEvent.click(await screen.findByRole('tab', { name: 'Leaderboard' }));
    const notice = await screen.findByRole('alert', {}, SLOW);
    expect(within(notice).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('shows no tabs on campaigns that are not contests', async () => {
    stubLeaderboard({}, contestReport('general'));
    renderRoutes(routes, '/campaign/report/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring sales contest' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Leaderboard' })).toBeNull();
  });

  it('filters the ranking by store and sends the filter, back on page one', async () => {
    const api = stubLeaderboard();
    renderRoutes(routes, '/campaign/report/7?tab=leaderboard');
    const stores = await screen.findByLabelText('Stores', { selector: 'input' }, SLOW);
    fireEvent.click(stores);
    fireEvent.click(await screen.findByRole('option', { name: 'Uptown' }));
    await waitFor(() =>
      expect(api.to('POST', '/api/v4/bundle/7/contest-rank-data').at(-1)?.body).toEqual({ filters: { storeIds: [8] }, currentPage: 1, perPage: 20 }),
    );
  });

  it('reads a date range as whole days in the campaign time zone', () => {
    const body = toRankBody(
      { storeIds: [], groupIds: ['4'], countryCodes: ['US'], range: ['2026-03-02', '2026-03-03'] },
      'America/New_York',
      1,
    );
    // 2026-03-02 00:00 in New York is 05:00 UTC; 2026-03-03 23:59:59 is 04:59:59 UTC the next day.
    expect(body.filters).toEqual({ groupIds: [4], countryCodes: ['US'], from: 1_772_427_600, to: 1_772_600_399 });
  });

  it('assigns a prize waiting for assignment after a confirmation, and shows the refusal when it is gone', async () => {
    let assigned = 0;
    const api = stubLeaderboard({
      'POST /api/reward/write/assign-prize': () => {
        assigned += 1;
        return assigned === 1
          ? { status: 409, body: { error: { code: 'ALREADY_ASSIGNED', message: 'this prize is already assigned', fields: [] } } }
          : { body: { rewardId: 21, winner: prizeList().items[0]!.unlocks[0]! } };
      },
    });
    renderRoutes(routes, '/campaign/report/7?tab=leaderboard');
    const prizes = await screen.findByRole('region', { name: 'Prizes' }, SLOW);
    const trip = await within(prizes).findByRole('article', { name: 'Weekend trip' });
    expect(within(trip).getByText('1 of 2 assigned')).toBeTruthy();
    const anaRow = within(trip).getByText('Ana Top').closest('tr')!;
    fireEvent.click(within(anaRow as HTMLElement).getByRole('button', { name: 'Assign' }));

    const dialog = await screen.findByRole('dialog', { name: 'Assign a prize' });
    expect(within(dialog).getByText(/Assign “Weekend trip” to Ana Top\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign prize' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBeTruthy();
    expect(api.to('POST', '/api/reward/write/assign-prize')[0]?.body).toEqual({ rewardId: 21, userId: 101, unitId: 7, unlockId: 501 });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign prize' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign a prize' })).toBeNull());
    expect(api.to('POST', '/api/reward/write/assign-prize')).toHaveLength(2);
  });

  it('assigns a prize to a ranked participant, choosing among the prizes left', async () => {
    const api = stubLeaderboard({ 'POST /api/reward/write/assign-prize': () => ({ body: { rewardId: 21, winner: prizeList().items[0]!.unlocks[1]! } }) });
    renderRoutes(routes, '/campaign/report/7?tab=leaderboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Assign a prize to Sam Seller' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a prize' });
    expect(within(dialog).getByText(/Assign “Weekend trip” to Sam Seller\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign prize' }));
    await waitFor(() => expect(api.to('POST', '/api/reward/write/assign-prize')[0]?.body).toEqual({ rewardId: 21, userId: 102, unitId: 7 }));
  });

  it("opens a winner's delivery form", async () => {
    const api = stubLeaderboard({
      'POST /api/reward/read/prize/user-form': () => ({
        body: {
          unlockId: 502,
          rewardId: 21,
          userId: 102,
          form: {
            formId: 9,
            fullName: 'Sam Seller',
            phone: '+1 555 0100',
            addressLine1: '1 Main St',
            addressLine2: '',
            city: 'Springfield',
            postalCode: '12345',
            countryCode: 'US',
            notes: 'Ring twice',
            submittedAt: 1_772_500_000,
          },
        },
      }),
    });
    renderRoutes(routes, '/campaign/report/7?tab=leaderboard');
    const trip = await screen.findByRole('article', { name: 'Weekend trip' }, SLOW);
    const samRow = within(trip).getByText('Sam Seller').closest('tr')!;
    fireEvent.click(within(samRow as HTMLElement).getByRole('button', { name: 'Delivery form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delivery details of Sam Seller' });
    expect(await within(dialog).findByText('1 Main St')).toBeTruthy();
    expect(within(dialog).getByText('Ring twice')).toBeTruthy();
    expect(api.to('POST', '/api/reward/read/prize/user-form')[0]?.body).toEqual({ unlockId: 502, rewardId: 21, userId: 102 });
  });

  it('keeps refreshing the report while the campaign is live, and stops once it has ended', () => {
    const options = campaignReportQueryOptions(7);
    const interval = options.refetchInterval as (query: { state: { data: TCampaignReport | undefined } }) => number | false;
    expect(interval({ state: { data: contestReport('contest', 'active') } })).toBe(REPORT_LIVE_REFRESH_MS);
    expect(interval({ state: { data: contestReport('contest', 'ended') } })).toBe(false);
  });
});
