import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import type { TCampaign, TCampaignReport } from '@rally/domain';
import { RequireAuth } from '../auth';
import { ReportPage } from './components/report-page';
import { i18n } from '../../i18n/i18n';
import { renderRoutes } from '../../test/render';
import { stubFetch, type TFetchRoutes } from '../../test/fetch-stub';
import { campaignFixture, meFixture } from '../../test/fixtures';

const routes: RouteObject[] = [
  {
    path: '/campaign/report/:id',
    element: (
      <RequireAuth>
        <ReportPage />
      </RequireAuth>
    ),
  },
  { path: '/campaign', element: <p>campaign list</p> },
];

// 2026-03-01 14:00 and 2026-03-31 14:00 UTC: 09:00 and 10:00 in New York (daylight saving starts on 8 March).
const START = 1_772_373_600;
const END = 1_774_965_600;

function reportFixture(campaign: Partial<TCampaign> = {}, over: Partial<TCampaignReport> = {}): TCampaignReport {
  return {
    campaign: campaignFixture({
      id: 7,
      name: 'Cooler check every Monday',
      status: 'active',
      startDate: START,
      endDate: END,
      timeZone: 'America/New_York',
      kpi: { reach: { groups: 3, stores: 1250, users: 4800 } },
      ...campaign,
    }),
    totals: { completions: 1234, participants: 310, storesActive: 87, rewardsUnlocked: 402, amountPaidCents: 160_800 },
    missions: [
      { campaignMissionId: 11, title: 'Shelf check: cooler placement', completions: 1000 },
      { campaignMissionId: 12, title: 'Price tag audit', completions: 234 },
    ],
    rewards: [
      { rewardId: 21, type: 'money', title: '$4 per cooler check', unlocked: 402, codesLeft: null, budgetLeftCents: 12_000 },
      { rewardId: 22, type: 'prize', title: '', unlocked: 0 },
    ],
    daily: [
      { date: '2026-03-01', completions: 400 },
      { date: '2026-03-02', completions: 0 },
      { date: '2026-03-03', completions: 834 },
    ],
    ...over,
  };
}

function stubReportApi(report: TCampaignReport, overrides: TFetchRoutes = {}) {
  return stubFetch({
    'GET /api/me': () => ({ body: meFixture() }),
    [`GET /api/v3/bundle/${report.campaign.id}/report`]: () => ({ body: report }),
    ...overrides,
  });
}

const section = (name: string | RegExp) => screen.getByRole('region', { name });

describe('campaign report page', () => {
  it('heads the page with the campaign name, its status and a way back to the list', async () => {
    stubReportApi(reportFixture());
    const { router } = renderRoutes(routes, '/campaign/report/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Cooler check every Monday' })).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to campaigns' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign'));
  });

  it("shows the schedule in the campaign time zone, not the browser's", async () => {
    stubReportApi(reportFixture());
    renderRoutes(routes, '/campaign/report/7');

    const schedule = await screen.findByRole('region', { name: 'Schedule' });
    expect(within(schedule).getByText('2026-03-01 09:00 EST')).toBeTruthy();
    expect(within(schedule).getByText('2026-03-31 10:00 EDT')).toBeTruthy();
    expect(within(schedule).getByText('America/New_York')).toBeTruthy();
  });

  it('says when a campaign has no start or end yet', async () => {
    stubReportApi(
      reportFixture(
        { status: 'draft', startDate: null, endDate: null },
        { totals: { completions: 0, participants: 0, storesActive: 0, rewardsUnlocked: 0, amountPaidCents: 0 } },
      ),
    );
    renderRoutes(routes, '/campaign/report/7');

    const schedule = await screen.findByRole('region', { name: 'Schedule' });
    expect(within(schedule).getByText('Not set')).toBeTruthy();
    expect(within(schedule).getByText('No end date')).toBeTruthy();
  });

  it('shows the groups, stores and users reached and the scope', async () => {
    stubReportApi(
      reportFixture({
        scope: { type: 'group', pks: [4, 7, 9], countryCodes: [], selectedPlacesIds: [], selectedCountries: [] },
      }),
    );
    renderRoutes(routes, '/campaign/report/7');

    const reach = await screen.findByRole('region', { name: 'Reach' });
    expect(within(reach).getByText('3 selected groups')).toBeTruthy();
    expect(within(reach).getByText('1,250')).toBeTruthy();
    expect(within(reach).getByText('4,800')).toBeTruthy();
  });

  it("lists a consumer campaign's countries by name, in the user's language", async () => {
    stubReportApi(
      reportFixture({
        type: 'consumer',
        scope: {
          type: 'all',
          pks: [],
          countryCodes: ['DE', 'ES'],
          selectedPlacesIds: [],
          selectedCountries: [
            { name: 'Germany', code: 'DE', placeId: 'country:DE' },
            { name: 'Spain', code: 'ES', placeId: 'country:ES' },
          ],
        },
      }),
    );
    renderRoutes(routes, '/campaign/report/7');

    const reach = await screen.findByRole('region', { name: 'Reach' });
    expect(
      within(reach)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Germany', 'Spain']);
    expect(within(reach).queryByText('Stores')).toBeNull();
    await act(() => i18n.changeLanguage('fr'));
    const portee = await screen.findByRole('region', { name: 'Portée' });
    expect(
      within(portee)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Allemagne', 'Espagne']);
  });

  it('shows the totals with localized numbers and money', async () => {
    stubReportApi(reportFixture());
    renderRoutes(routes, '/campaign/report/7');

    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('1,234')).toBeTruthy();
    expect(within(totals).getByText('310')).toBeTruthy();
    expect(within(totals).getByText('87')).toBeTruthy();
    expect(within(totals).getByText('402')).toBeTruthy();
    expect(within(totals).getByText('$1,608.00')).toBeTruthy();
    await act(() => i18n.changeLanguage('fr'));
    const totaux = await screen.findByRole('region', { name: 'Totaux' });
    // French groups digits with a narrow no-break space, which the text matcher reads as a plain one.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(within(totaux).getByText(plain(new Intl.NumberFormat('fr').format(1234)))).toBeTruthy();
    expect(
      within(totaux).getByText(plain(new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD' }).format(1608))),
    ).toBeTruthy();
  });

  it('tables completions per mission with their share and unlocks per reward', async () => {
    stubReportApi(reportFixture());
    renderRoutes(routes, '/campaign/report/7');

    const missions = await screen.findByRole('table', { name: 'Missions' });
    const missionRows = within(missions)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(missionRows).toEqual([
      ['Shelf check: cooler placement', '1,000', '81%'],
      ['Price tag audit', '234', '19%'],
    ]);
    const rewards = screen.getByRole('table', { name: 'Rewards' });
    const rewardRows = within(rewards)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    // A reward without a title of its own is named by its type; what is left shows as budget (money) or codes.
    expect(rewardRows).toEqual([
      ['$4 per cooler check', 'Money', '402', '$120.00 budget'],
      ['Prize', 'Prize', '0', '—'],
    ]);
  });

  it('charts completions per day and gives the same figures as a table', async () => {
    stubReportApi(reportFixture());
    renderRoutes(routes, '/campaign/report/7');

    const daily = await screen.findByRole('region', { name: 'Completions per day' });
    expect(within(daily).getByText('Mar 1 – Mar 3')).toBeTruthy();
    const table = within(daily).getByRole('table', { name: 'Completions per day' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Mar 1400', 'Mar 20', 'Mar 3834']);
  });

  it('shows an empty state instead of figures while nobody has completed a mission', async () => {
    stubReportApi(
      reportFixture(
        {},
        {
          totals: { completions: 0, participants: 0, storesActive: 0, rewardsUnlocked: 0, amountPaidCents: 0 },
          missions: [{ campaignMissionId: 11, title: 'Shelf check', completions: 0 }],
          daily: [{ date: '2026-03-01', completions: 0 }],
        },
      ),
    );
    renderRoutes(routes, '/campaign/report/7');

    expect(await screen.findByText('No completions yet')).toBeTruthy();
    expect(screen.getByText('Figures appear as participants complete missions.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Missions' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Completions per day' })).toBeNull();
    // The campaign itself is still described.
    expect(section('Schedule')).toBeTruthy();
  });

  it('shows the not-found page for a campaign that does not exist or is not the brand’s', async () => {
    stubFetch({
      'GET /api/me': () => ({ body: meFixture() }),
      'GET /api/v3/bundle/99/report': () => ({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Campaign not found', fields: [] } },
      }),
    });
    renderRoutes(routes, '/campaign/report/99');

    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});
