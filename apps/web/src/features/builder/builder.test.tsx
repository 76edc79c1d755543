import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import type { TCampaign, TCampaignMission, TFormData } from '@rally/domain';
import { SessionProvider } from '../../app/session';
import { BuilderPage } from './components/builder-page';
import { renderRoutes } from '../../test/render';
import { stubFetch, type TFetchRoutes } from '../../test/fetch-stub';
import { campaignFixture, meAs, meFixture, rewardFixture } from '../../test/fixtures';

function missionFixture(overrides: Partial<TCampaignMission> = {}): TCampaignMission {
  return {
    id: 11,
    missionId: 101,
    order: 0,
    type: 'learning',
    mission: {
      title: 'Cold brew 101',
      imageUrl: null,
      type: 'learning',
      subtype: 'standard',
      isCompleteFill: true,
      status: 'ready',
      itemCount: 3,
    },
    maxEntriesPerUser: null,
    maxEntriesPerStore: null,
    contest: null,
    passingGrade: 2,
    sharedData: [],
    ...overrides,
  };
}

function formDataFixture(
  overrides: Partial<Omit<TFormData, 'campaign'>> & { campaign?: Partial<TCampaign> } = {},
): TFormData {
  const { campaign, ...rest } = overrides;
  return {
    mode: 'builder',
    campaign: campaignFixture({
      id: 5,
      name: 'Cold brew training',
      type: 'learning',
      version: 7,
      completionProgress: 67,
      startDate: 1_768_000_000,
      endDate: null,
      kpi: { reach: { groups: 3, stores: 42, users: 1_234 } },
      ...campaign,
    }),
    owner: { brandId: 'brand-1', brandName: 'Acme Drinks', brandLogoUrl: null },
    missions: [
      missionFixture(),
      missionFixture({ id: 12, missionId: 102, mission: { ...missionFixture().mission, title: 'Meet the range' } }),
    ],
    rewards: [rewardFixture()],
    partners: [],
    progress: {
      percent: 67,
      steps: [
        { step: 'name', done: true },
        { step: 'missions', done: true },
        { step: 'rewards', done: false },
      ],
    },
    warnings: [],
    capabilities: {
      canChangeType: true,
      canShowSharedSwitch: false,
      canAddMission: true,
      canAddReward: true,
      canDeleteMissions: true,
      canLaunch: true,
      consumerEnabled: false,
    },
    ...rest,
  };
}

const routes: RouteObject[] = [
  {
    path: '/campaign/:id',
    element: (
      <SessionProvider value={meFixture()}>
        <BuilderPage mode="builder" />
      </SessionProvider>
    ),
  },
  { path: '/campaign', element: <p>campaign list</p> },
];

function renderBuilder(formData: TFormData, extra: TFetchRoutes = {}) {
  const api = stubFetch({
    'GET /api/v3/bundle/5/form-data': () => ({ body: formData }),
    'POST /api/v3/bundle/5': (request) => {
      const body = request.body as { version: number };
      return { body: { campaign: { ...formData.campaign, version: body.version + 1 } } };
    },
    ...extra,
  });
  const rendered = renderRoutes(routes, '/campaign/5');
  return { api, ...rendered };
}

/** The autosave indicator (the page has other live regions, such as dnd-kit's announcer). */
function status(): HTMLElement {
  const found = screen.getAllByRole('status').find((el) => el.hasAttribute('data-state'));
  if (!found) throw new Error('no autosave indicator');
  return found;
}

describe('campaign builder page', () => {
  it('says who rejected a rejected shared campaign, when and why', async () => {
    renderBuilder(
      formDataFixture({
        campaign: { type: 'contest', status: 'rejected', sharedCampaign: true, timeZone: 'Europe/Paris' },
        partners: [
          { brandId: 'b2', brandName: 'Peak Snacks', brandLogoUrl: null, industries: [], inviteStatus: 'REJECTED', order: 0, respondedAt: 1_768_000_000, rejectReason: 'No budget left this quarter' },
          { brandId: 'b3', brandName: 'Summit Springs', brandLogoUrl: null, industries: [], inviteStatus: 'REJECTED', order: 1, respondedAt: 1_768_003_600, rejectReason: null },
        ],
        warnings: ['all-partners-rejected'],
      }),
    );
    const rejections = await screen.findByRole('list', { name: 'Rejected' });
    const items = within(rejections).getAllByRole('listitem');
    expect(items[0]?.textContent).toMatch(/^Peak Snacks declined on .*2026.*: “No budget left this quarter”$/);
    expect(items[1]?.textContent).toMatch(/^Summit Springs declined on .*: No reason given\.$/);
  });

  it('shows an analyst, who may not change campaigns, an overview without the name field or a launch', async () => {
    stubFetch({ 'GET /api/v3/bundle/5/form-data': () => ({ body: formDataFixture({ capabilities: { ...formDataFixture().capabilities, canLaunch: false } }) }) });
    renderRoutes(
      [
        {
          path: '/campaign/:id',
          element: (
            <SessionProvider value={meAs('analyst')}>
              <BuilderPage mode="builder" />
            </SessionProvider>
          ),
        },
      ],
      '/campaign/5',
    );

    expect(await screen.findByText('Campaign overview')).toBeTruthy();
    expect(screen.queryByLabelText('Campaign name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('renders its sections from the form data', async () => {
    renderBuilder(formDataFixture());

    expect(await screen.findByRole('heading', { level: 1, name: 'Cold brew training' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Campaign type' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Learning' }) as HTMLInputElement).checked).toBe(true);
    // Consumer is offered only with the consumer flag.
    expect(screen.queryByRole('radio', { name: 'Consumer' })).toBeNull();
    expect((screen.getByLabelText('Campaign name') as HTMLInputElement).value).toBe('Cold brew training');

    const missions = screen.getByRole('list', { name: 'Missions in campaign order' });
    expect(within(missions).getAllByRole('listitem')).toHaveLength(2);
    expect(within(missions).getByRole('link', { name: 'Cold brew 101' }).getAttribute('href')).toBe(
      '/mission/update/101',
    );
    expect(within(missions).getAllByText('Passing grade 2/3')).toHaveLength(2);
    expect(within(missions).getByRole('button', { name: 'Reorder Meet the range' })).toBeTruthy();

    const rewards = screen.getByRole('list', { name: 'Rewards' });
    expect(
      within(rewards).getByText('$10.00 per unlock · budget $800.00 · one per user · 1 completion to unlock'),
    ).toBeTruthy();

    expect(screen.getByTestId('progress-percent').textContent).toBe('67%');
    expect(screen.getByText('2 of 3 steps done')).toBeTruthy();
    // Schedule in the campaign's zone, labelled (2026-01-09 23:06:40 UTC is 18:06 in New York); no end yet.
    expect(screen.getByText('2026-01-09 18:06 EST')).toBeTruthy();
    expect(screen.getByText('Not scheduled')).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit schedule' }).hasAttribute('disabled')).toBe(true);
  });

  it('counts the name up to 50 characters and refuses the 51st', async () => {
    renderBuilder(formDataFixture());
    const input = (await screen.findByLabelText('Campaign name')) as HTMLInputElement;
    expect(screen.getByText('18/50')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'x'.repeat(50) } });
    expect(screen.getByText('50/50')).toBeTruthy();
    expect(screen.queryByText('The name can be at most 50 characters.')).toBeNull();

    fireEvent.change(input, { target: { value: 'x'.repeat(51) } });
    expect(input.value).toHaveLength(50);
    expect(screen.getByText('50/50')).toBeTruthy();
    expect(screen.getByText('The name can be at most 50 characters.')).toBeTruthy();
    expect(input.getAttribute('maxlength')).toBe('50');
  });

  it('says "Name the campaign" when the name is emptied', async () => {
    renderBuilder(formDataFixture());
    const input = (await screen.findByLabelText('Campaign name')) as HTMLInputElement;
    const error = () => document.getElementById(input.id + '-error');
    expect(error()).toBeNull();
    fireEvent.change(input, { target: { value: '   ' } });
    expect(error()?.textContent).toBe('Name the campaign');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'Back again' } });
    expect(error()).toBeNull();
  });

  it('describes activity in words: translated actions, titles, dates in the campaign zone', async () => {
    renderBuilder(formDataFixture(), {
      'GET /api/v3/bundle/5/activity': () => ({
        body: {
          items: [
            {
              id: 3,
              action: 'status.reschedule',
              user: { id: 'u1', name: 'Olivia Owner' },
              changes: [{ field: 'startDate', old: '2026-01-09T23:06:40.000Z', new: null }],
              createdAt: 1_768_000_000,
            },
            {
              id: 2,
              action: 'reward.create',
              user: { id: 'u1', name: 'Olivia Owner' },
              changes: [
                { field: 'rewards', old: null, new: { id: 37, type: 'money', title: '' } },
                { field: 'status', old: 'draft', new: 'scheduled' },
              ],
              createdAt: 1_768_000_000,
            },
            { id: 1, action: 'mystery.action', user: null, changes: [], createdAt: 1_768_000_000 },
          ],
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Activity' }));
    const drawer = await screen.findByRole('dialog', { name: 'Activity' });
    await within(drawer).findByText('Rescheduled');
    expect(within(drawer).getByText('Reward added')).toBeTruthy();
    expect(within(drawer).getByText('Changed')).toBeTruthy();
    const text = drawer.textContent ?? '';
    expect(text).not.toMatch(/STATUS|REWARD|status\.|reward\.|mystery|"id"|T23:06/);
    expect(within(drawer).getByText('Jan 9, 2026, 6:06 PM EST')).toBeTruthy();
    expect(within(drawer).getByText('Untitled Money reward')).toBeTruthy();
    expect(within(drawer).getByText('Scheduled')).toBeTruthy();
  });

  it('autosaves the name with its version, showing saving then done', async () => {
    const { api } = renderBuilder(formDataFixture());
    const input = await screen.findByLabelText('Campaign name');
    expect(status().textContent).toBe('All changes saved');

    fireEvent.change(input, { target: { value: 'Cold brew training, spring' } });
    // Debounced: nothing is sent while typing.
    expect(api.to('POST', '/api/v3/bundle/5')).toHaveLength(0);

    await waitFor(() => expect(api.to('POST', '/api/v3/bundle/5')).toHaveLength(1), { timeout: 2000 });
    expect(api.to('POST', '/api/v3/bundle/5')[0]?.body).toEqual({ version: 7, name: 'Cold brew training, spring' });
    expect(status().textContent).toBe('Saving…');
    expect(status().getAttribute('aria-live')).toBe('polite');
    // Shown for at least a second even though the call is instant.
    await waitFor(() => expect(status().textContent).toBe('All changes saved'), { timeout: 2500 });

    // The next save goes out with the version the server answered.
    fireEvent.change(input, { target: { value: 'Cold brew training, summer' } });
    await waitFor(() => expect(api.to('POST', '/api/v3/bundle/5')).toHaveLength(2), { timeout: 2000 });
    expect(api.to('POST', '/api/v3/bundle/5')[1]?.body).toEqual({ version: 8, name: 'Cold brew training, summer' });
  });

  it('still saves a name typed just before leaving the page', async () => {
    const { api, router } = renderBuilder(formDataFixture());
    const input = await screen.findByLabelText('Campaign name');
    fireEvent.change(input, { target: { value: 'Typed, then left' } });
    expect(api.to('POST', '/api/v3/bundle/5')).toHaveLength(0);
    await router.navigate('/campaign');
    await waitFor(() => expect(api.to('POST', '/api/v3/bundle/5')).toHaveLength(1));
    expect(api.to('POST', '/api/v3/bundle/5')[0]?.body).toEqual({ version: 7, name: 'Typed, then left' });
  });

  it('shows the reload dialog on a stale version and reloads on demand', async () => {
    const { api } = renderBuilder(formDataFixture(), {
      'POST /api/v3/bundle/5': () => ({
        status: 409,
        body: { error: { code: 'STALE_VERSION', message: 'stale', fields: [] } },
      }),
    });
    fireEvent.change(await screen.findByLabelText('Campaign name'), { target: { value: 'Mine' } });

    const dialog = await screen.findByRole(
      'dialog',
      { name: 'This campaign was changed elsewhere' },
      { timeout: 2000 },
    );
    expect(within(dialog).getByText(/changed in another tab or by someone else/)).toBeTruthy();
    const loads = api.to('GET', '/api/v3/bundle/5/form-data').length;

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'This campaign was changed elsewhere' })).toBeNull(),
    );
    expect(api.to('GET', '/api/v3/bundle/5/form-data').length).toBeGreaterThan(loads);
    // Local edits are discarded: the field shows the server's name again.
    expect((screen.getByLabelText('Campaign name') as HTMLInputElement).value).toBe('Cold brew training');
  });

  it('disables Add mission when the campaign takes no more missions, and says why', async () => {
    renderBuilder(
      formDataFixture({
        campaign: { type: 'contest' },
        missions: [missionFixture({ type: 'contest', passingGrade: null })],
        capabilities: { ...formDataFixture().capabilities, canAddMission: false },
      }),
    );
    const button = await screen.findByRole('button', { name: 'Add mission' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Only learning campaigns take more than one mission.')).toBeTruthy();
  });

  it('asks before a type change that deletes the missions, then saves with the confirmation', async () => {
    const { api } = renderBuilder(formDataFixture());
    fireEvent.click(await screen.findByRole('radio', { name: 'Contest' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change the campaign type?' });
    expect(within(dialog).getByText(/Changing the type deletes all missions/)).toBeTruthy();
    expect(api.to('POST', '/api/v3/bundle/5')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Change type and delete missions' }));

    await waitFor(() => expect(api.to('POST', '/api/v3/bundle/5')).toHaveLength(1));
    expect(api.to('POST', '/api/v3/bundle/5')[0]?.body).toEqual({
      version: 7,
      type: 'contest',
      confirmTypeChange: true,
    });
  });

  it('changes the type at once when there are no missions', async () => {
    const { api } = renderBuilder(formDataFixture({ missions: [] }));
    fireEvent.click(await screen.findByRole('radio', { name: 'General' }));
    await waitFor(() => expect(api.to('POST', '/api/v3/bundle/5')).toHaveLength(1));
    expect(api.to('POST', '/api/v3/bundle/5')[0]?.body).toEqual({ version: 7, type: 'general' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stores a recomputed progress by saving the version alone', async () => {
    const { api } = renderBuilder(formDataFixture({ campaign: { completionProgress: 33 } }));
    await waitFor(() => expect(api.to('POST', '/api/v3/bundle/5')).toHaveLength(1));
    expect(api.to('POST', '/api/v3/bundle/5')[0]?.body).toEqual({ version: 7 });
  });

  it('sends a campaign that is no longer editable back to the list', async () => {
    const { router } = renderBuilder(formDataFixture({ campaign: { status: 'active' } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign'));
  });

  it('maps a server field error on the name under the field', async () => {
    renderBuilder(formDataFixture(), {
      'POST /api/v3/bundle/5': () => ({
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'bad',
            fields: [{ path: 'name', message: 'at most 50 characters' }],
          },
        },
      }),
    });
    fireEvent.change(await screen.findByLabelText('Campaign name'), { target: { value: 'Another name' } });
    expect(await screen.findByText('The name can be at most 50 characters.', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('keeps Continue disabled below 100% and says why', async () => {
    renderBuilder(formDataFixture());
    const button = await screen.findByRole('button', { name: 'Continue' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('The campaign is 67% complete; it must be 100%.')).toBeTruthy();
  });

  it('opens the launch modal at the choice of action from Continue once complete', async () => {
    const complete = formDataFixture({
      campaign: { completionProgress: 100 },
      progress: { percent: 100, steps: [{ step: 'name', done: true }] },
    });
    renderBuilder(complete);
    const button = await screen.findByRole('button', { name: 'Continue' });
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Launch campaign now' });
    expect(within(dialog).getByRole('radio', { name: 'Schedule for later' })).toBeTruthy();
  });

  it('opens the launch modal as a reschedule from Edit schedule on a scheduled campaign', async () => {
    renderBuilder(
      formDataFixture({ campaign: { status: 'scheduled', startDate: 1_900_000_000, endDate: 1_901_000_000 } }),
    );
    const button = await screen.findByRole('button', { name: 'Edit schedule' });
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Edit schedule' });
    expect(within(dialog).getByRole('button', { name: 'Save schedule' })).toBeTruthy();
  });

  it('shows the builder warnings', async () => {
    renderBuilder(formDataFixture({ warnings: ['incomplete-missions', 'learning-missions-without-rewards'] }));
    expect(await screen.findByText('Some missions are incomplete')).toBeTruthy();
    expect(screen.getByText('Missions without rewards')).toBeTruthy();
  });
});

describe('mission wizard', () => {
  const available = {
    items: [
      {
        id: 103,
        title: 'Responsible selling basics',
        description: '',
        imageUrl: null,
        media: null,
        type: 'learning',
        subtype: 'standard',
        status: 'incomplete',
        isCompleteFill: false,
        itemCount: 3,
        createdAt: 1_767_225_600,
        updatedAt: 1_767_225_600,
        selectable: true,
      },
      {
        id: 104,
        title: 'Kombucha basics',
        description: '',
        imageUrl: null,
        media: null,
        type: 'learning',
        subtype: 'standard',
        status: 'pending_launch',
        isCompleteFill: true,
        itemCount: 3,
        createdAt: 1_767_225_600,
        updatedAt: 1_767_225_600,
        selectable: false,
      },
    ],
    _meta: { totalCount: 2, pageCount: 1, currentPage: 1, perPage: 5 },
  };

  it('removes a mission after asking, says so and reads the form data again', async () => {
    const { api } = renderBuilder(formDataFixture(), {
      'POST /api/v3/bundle/5/mission/11/delete': () => ({
        body: { campaign: { ...formDataFixture().campaign, version: 8 } },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Cold brew 101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this mission?' });
    expect(api.to('POST', '/api/v3/bundle/5/mission/11/delete')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove mission' }));

    expect(await screen.findByText('“Cold brew 101” was removed from the campaign.')).toBeTruthy();
    expect(api.to('POST', '/api/v3/bundle/5/mission/11/delete')).toHaveLength(1);
    // The form data is read again: the list, the progress and the warnings may have changed.
    await waitFor(() => expect(api.to('GET', '/api/v3/bundle/5/form-data')).toHaveLength(2));
  });

  it('duplicates the campaign from More actions and opens the copy', async () => {
    const { api, router } = renderBuilder(formDataFixture(), {
      'POST /api/campaign/5/duplicate': () => ({ body: campaignFixture({ id: 9, name: 'Cold brew training (copy)' }) }),
      'GET /api/v3/bundle/9/form-data': () => ({ body: formDataFixture({ campaign: { id: 9 } }) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/9'));
    expect(api.to('POST', '/api/campaign/5/duplicate')).toHaveLength(1);
    expect(await screen.findByText('Campaign duplicated. You are now editing the copy.')).toBeTruthy();
  });

  it('adds a learning mission: select, then a passing grade capped at the question count', async () => {
    const data = formDataFixture();
    const { api } = renderBuilder(data, {
      'GET /api/v3/bundle/5/available-missions': () => ({ body: available }),
      'POST /api/v3/bundle/5/mission': () => ({ status: 201, body: { campaign: { ...data.campaign, version: 8 } } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add mission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add mission' });

    // Nothing chosen yet: Next waits, and says why.
    expect(within(dialog).getByText('Select a mission to continue.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    // In use elsewhere: shown, labelled, not selectable.
    const inUse = await within(dialog).findByRole('radio', { name: /Kombucha basics/ });
    expect(inUse.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('In use')).toBeTruthy();
    expect(api.to('GET', '/api/v3/bundle/5/available-missions')[0]?.url.searchParams.get('perPage')).toBe('5');

    fireEvent.click(within(dialog).getByRole('radio', { name: /Responsible selling basics/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));

    const grade = within(dialog).getByLabelText(/Passing grade/);
    fireEvent.change(grade, { target: { value: '4' } });
    expect(await within(dialog).findByText('The passing grade can be at most 3.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add mission' }));
    expect(api.to('POST', '/api/v3/bundle/5/mission')).toHaveLength(0);

    fireEvent.change(grade, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add mission' }));
    await waitFor(() => expect(api.to('POST', '/api/v3/bundle/5/mission')).toHaveLength(1));
    expect(api.to('POST', '/api/v3/bundle/5/mission')[0]?.body).toEqual({ missionId: 103, passingGrade: 2 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add mission' })).toBeNull());
  });

  it('edits a contest entry from details: custom rules need a URL, leaderboard off clears the flags', async () => {
    const contest = {
      type: 'user' as const,
      displayLeaderboard: true,
      rankLeadersBasedOn: 'numbers_submissions' as const,
      displayLeadersByUserInfo: true,
      displayLeadersByStoreInfo: false,
      displayLeadersByNumberSubmissions: true,
      displayLeadersByTotalSalesAmount: false,
      rulesAndRegulations: { useCustom: false, customUrl: '' },
    };
    const entry = missionFixture({ type: 'contest', contest, passingGrade: null, maxEntriesPerUser: 5 });
    const data = formDataFixture({ campaign: { type: 'contest' }, missions: [entry] });
    const { api } = renderBuilder(data, {
      'POST /api/v3/bundle/5/mission/11/update': () => ({ body: { campaign: { ...data.campaign, version: 8 } } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit settings of Cold brew 101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit mission' });
    // Editing starts at details: no select step.
    expect(within(dialog).queryByText('Select a mission to continue.')).toBeNull();
    expect((within(dialog).getByLabelText(/Max entries per user/) as HTMLInputElement).value).toBe('5');

    fireEvent.click(within(dialog).getByRole('switch', { name: /Use custom rules/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(/Please enter information/)).toBeTruthy();
    expect(api.to('POST', '/api/v3/bundle/5/mission/11/update')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Custom rules URL/), {
      target: { value: 'https://brand.example/rules' },
    });

    fireEvent.click(within(dialog).getByRole('switch', { name: 'Display the leaderboard' }));
    expect((within(dialog).getByRole('checkbox', { name: 'Employee info' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Max entries per user/), { target: { value: '' } });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.to('POST', '/api/v3/bundle/5/mission/11/update')).toHaveLength(1));
    expect(api.to('POST', '/api/v3/bundle/5/mission/11/update')[0]?.body).toEqual({
      contest: {
        ...contest,
        displayLeaderboard: false,
        displayLeadersByUserInfo: false,
        displayLeadersByNumberSubmissions: false,
        rulesAndRegulations: { useCustom: true, customUrl: 'https://brand.example/rules' },
      },
      maxEntriesPerUser: null,
      maxEntriesPerStore: null,
    });
  });
});
