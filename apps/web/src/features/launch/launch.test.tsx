import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation, type RouteObject } from 'react-router';
import { formatZoned, parseZoned, type TBudgetStatus, type TFormData, type TRewardRead } from '@rally/domain';
import { SessionProvider } from '../../app/session';
import { LaunchModal, type LaunchModalProps } from './components/launch-modal';
import { renderRoutes } from '../../test/render';
import { stubFetch, type TFetchRoutes } from '../../test/fetch-stub';
import { campaignFixture, meFixture, rewardFixture } from '../../test/fixtures';

const NY = 'America/New_York';
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** An instant `days` from now at 10:00 New York time, on a whole minute. */
function inDays(days: number, hhmm = '10:00'): number {
  const date = formatZoned(now() + days * DAY, NY).slice(0, 10);
  const parsed = parseZoned(`${date} ${hhmm}`, NY);
  if (!parsed.ok) throw new Error('no such time');
  return parsed.epochSeconds;
}

/** Next year's US spring-forward Sunday (second Sunday of March), when 02:30 does not exist in New York. */
function springForwardDay(): string {
  const year = new Date().getUTCFullYear() + 1;
  const firstOfMarch = new Date(Date.UTC(year, 2, 1)).getUTCDay();
  const day = 1 + ((7 - firstOfMarch) % 7) + 7;
  return `${year}-03-${String(day).padStart(2, '0')}`;
}

/** A $250 prize, one available. */
function prizeFixture(overrides: Partial<TRewardRead> = {}): TRewardRead {
  return rewardFixture({
    type: 'prize',
    title: 'Espresso machine',
    description: 'For the best seller',
    amount: null,
    budget: null,
    value: 25_000,
    totalAvailable: 1,
    ...overrides,
  });
}

type TModalData = LaunchModalProps['formData'];

function modalData(overrides: { campaign?: Partial<TFormData['campaign']>; rewards?: TRewardRead[] } = {}): TModalData {
  return {
    mode: 'builder',
    campaign: campaignFixture({
      id: 5,
      name: 'Cooler promo',
      type: 'general',
      status: 'draft',
      completionProgress: 100,
      finishCriteria: ['days_over'],
      timeZone: NY,
      ...overrides.campaign,
    }),
    rewards: overrides.rewards ?? [prizeFixture()],
  };
}

function Host({ formData, mode }: Pick<LaunchModalProps, 'formData' | 'mode'>) {
  const [open, setOpen] = useState(true);
  return open ? <LaunchModal formData={formData} mode={mode} onClose={() => setOpen(false)} /> : <p>modal closed</p>;
}

function ListPage() {
  const location = useLocation();
  return <p>campaign list {location.search}</p>;
}

const STATUS_URL = 'PUT /api/campaign/5/status';

function renderModal(formData: TModalData, mode: LaunchModalProps['mode'], extra: TFetchRoutes = {}, me = meFixture()) {
  const api = stubFetch({
    'POST /api/store/service/reach': () => ({ body: { groups: 3, stores: 12, users: 140 } }),
    [STATUS_URL]: (request) => {
      const body = request.body as { startDate?: number | null; endDate?: number | null; action: string };
      const status = body.action === 'launch' ? 'active' : 'scheduled';
      return {
        body: { status, bundleId: 5, startDate: body.startDate ?? now(), endDate: body.endDate ?? null, version: 9 },
      };
    },
    'GET /api/v3/bundle/5/form-data': () => ({ body: formData }),
    ...extra,
  });
  const routes: RouteObject[] = [
    {
      path: '/campaign/5',
      element: (
        <SessionProvider value={me}>
          <Host formData={formData} mode={mode} />
        </SessionProvider>
      ),
    },
    { path: '/campaign', element: <ListPage /> },
  ];
  return { api, ...renderRoutes(routes, '/campaign/5') };
}

/** The modal (a picker's open dropdown is a dialog too). */
function dialog(): HTMLElement {
  const modal = screen.getAllByRole('dialog').find((d) => d.hasAttribute('data-modal-content'));
  if (!modal) throw new Error('no launch modal');
  return modal;
}
const next = () => within(dialog()).getByRole('button', { name: 'Next' });
const stepLabels = () => [...dialog().querySelectorAll('.mantine-Stepper-stepLabel')].map((el) => el.textContent);

/** The picker's button for a field (its label names it). */
const picker = (label: string) => within(dialog()).getByRole('button', { name: new RegExp(`^${label}`) });

/** Opens a date-time picker and types a time into it, keeping its date. */
function typeTime(label: string, hours: string, minutes: string) {
  fireEvent.click(picker(label));
  fireEvent.change(within(dialog()).getByLabelText('Hours'), { target: { value: hours } });
  fireEvent.change(within(dialog()).getByLabelText('Minutes'), { target: { value: minutes } });
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Done' }));
}

describe('launch modal', () => {
  it('starts at the choice; launch now goes Settings then Reach, scheduling adds Schedule', async () => {
    renderModal(modalData(), 'launch');
    expect(await screen.findByRole('dialog', { name: 'Launch campaign now' })).toBeTruthy();
    expect(stepLabels()).toEqual(['Action', 'Settings', 'Reach']);
    expect(within(dialog()).getByRole('radio', { name: 'Launch now' }).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Schedule for later' }));
    expect(screen.getByRole('dialog', { name: 'Schedule campaign' })).toBeTruthy();
    expect(stepLabels()).toEqual(['Action', 'Settings', 'Reach', 'Schedule']);

    fireEvent.click(next());
    expect(screen.getByTestId('launch-step-settings')).toBeTruthy();
    // Scheduling asks the end date on Schedule, not on Settings.
    expect(within(dialog()).queryByRole('button', { name: /^End date and time/ })).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Back' }));
    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Launch now' }));
    fireEvent.click(next());
    expect(within(dialog()).getByRole('button', { name: /^End date and time/ })).toBeTruthy();
  });

  it('titles a shared campaign as such', async () => {
    renderModal(modalData({ campaign: { type: 'contest', sharedCampaign: true } }), 'launch');
    expect(await screen.findByRole('dialog', { name: 'Launch shared campaign' })).toBeTruthy();
  });

  it('keeps Next disabled on Settings while it has errors, and names them after a try', async () => {
    renderModal(modalData(), 'launch');
    await screen.findByRole('dialog');
    fireEvent.click(next());
    // Launch now with the end-date criterion: the end is required.
    expect(next().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Complete this step to continue.')).toBeTruthy();
    expect(screen.queryByText('Set the campaign end date.')).toBeNull();

    fireEvent.click(screen.getByTestId('launch-primary'));
    expect(screen.getByText('Set the campaign end date.')).toBeTruthy();

    // Without the end-date criterion and with no other, the criteria are what is missing.
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: /The end date is reached/ }));
    expect(screen.getByText('Select at least one way for the campaign to end.')).toBeTruthy();
    expect(screen.queryByText('Set the campaign end date.')).toBeNull();
    expect(next().hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(dialog()).getByRole('checkbox', { name: /The budget runs out/ }));
    expect(next().hasAttribute('disabled')).toBe(false);
    fireEvent.click(next());
    await waitFor(() => expect(screen.getByTestId('launch-step-reach')).toBeTruthy());
  });

  it('asks each code reward for an expiry not before the campaign end, and saves it', async () => {
    const end = inDays(30);
    const { api } = renderModal(
      modalData({
        campaign: { endDate: end },
        rewards: [prizeFixture({ id: 31, type: 'discount', title: '20% off', endDate: inDays(20) })],
      }),
      'launch',
      {
        'POST /api/v3/bundle/5/reward/31/update-end-date': (request) => ({
          body: prizeFixture({ id: 31, type: 'discount', endDate: (request.body as { endDate: number }).endDate }),
        }),
      },
    );
    await screen.findByRole('dialog');
    fireEvent.click(next());
    expect(screen.getByText('The codes must not expire before the campaign ends.')).toBeTruthy();
    expect(next().hasAttribute('disabled')).toBe(true);

    // A later day in the expiry picker: the day after the campaign ends.
    fireEvent.click(picker('Codes of “20% off” expire on'));
    const dayAfterEnd = formatZoned(end + DAY, NY).slice(0, 10);
    const [year, month, dayOfMonth] = dayAfterEnd.split('-').map(Number) as [number, number, number];
    const monthName = new Date(Date.UTC(year, month - 1, 15)).toLocaleString('en-US', {
      month: 'long',
      timeZone: 'UTC',
    });
    const calendar = within(dialog());
    // The calendar opens on the expiry's month; the end may be in the next one.
    if (!calendar.queryByRole('button', { name: `${dayOfMonth} ${monthName} ${year}` })) {
      fireEvent.click(calendar.getByRole('button', { name: /next month/i }));
    }
    fireEvent.click(calendar.getByRole('button', { name: `${dayOfMonth} ${monthName} ${year}` }));
    fireEvent.click(calendar.getByRole('button', { name: 'Done' }));

    expect(screen.queryByText('The codes must not expire before the campaign ends.')).toBeNull();
    // The end date-time is still required for a launch now; set it by keeping the saved one.
    expect(picker('End date and time').textContent).toContain(formatZoned(end, NY));
    fireEvent.click(next());
    await waitFor(() => expect(api.to('POST', '/api/v3/bundle/5/reward/31/update-end-date')).toHaveLength(1));
    const saved = api.to('POST', '/api/v3/bundle/5/reward/31/update-end-date')[0]?.body as {
      endDate: number;
      timeZone: string;
    };
    expect(saved.timeZone).toBe(NY);
    expect(formatZoned(saved.endDate, NY).slice(0, 10)).toBe(dayAfterEnd);
    await waitFor(() => expect(screen.getByTestId('launch-step-reach')).toBeTruthy());
  });

  it('opens a reschedule straight on Schedule, without a step bar, prefilled from the campaign', async () => {
    const start = inDays(10);
    const end = inDays(40, '18:30');
    renderModal(
      modalData({ campaign: { status: 'scheduled', startDate: start, endDate: end, timeZone: 'Europe/Madrid' } }),
      'reschedule',
    );
    expect(await screen.findByRole('dialog', { name: 'Edit schedule' })).toBeTruthy();
    expect(stepLabels()).toEqual([]);
    expect(screen.getByTestId('launch-step-schedule')).toBeTruthy();
    expect(picker('Start date and time').textContent).toContain(formatZoned(start, 'Europe/Madrid'));
    expect(picker('End date and time').textContent).toContain(formatZoned(end, 'Europe/Madrid'));
    expect((screen.getByTestId('time-zone-select') as HTMLInputElement).value).toContain('Europe/Madrid');
    expect(within(dialog()).getByRole('button', { name: 'Save schedule' }).hasAttribute('disabled')).toBe(false);
  });

  it('clears the end when the start changes', async () => {
    renderModal(
      modalData({ campaign: { status: 'scheduled', startDate: inDays(10), endDate: inDays(40) } }),
      'reschedule',
    );
    await screen.findByRole('dialog');
    typeTime('Start date and time', '11', '15');
    expect(picker('Start date and time').textContent).toContain(`${formatZoned(inDays(10), NY).slice(0, 10)} 11:15`);
    expect(picker('End date and time').textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(screen.getByText('Set the campaign end date.')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Save schedule' }).hasAttribute('disabled')).toBe(true);
  });

  it('says that 02:30 on a spring-forward day does not exist in the chosen zone', async () => {
    const day = springForwardDay();
    const start = parseZoned(`${day} 10:00`, NY);
    if (!start.ok) throw new Error('bad fixture');
    renderModal(
      modalData({
        campaign: { status: 'scheduled', startDate: start.epochSeconds, endDate: start.epochSeconds + 20 * DAY },
      }),
      'reschedule',
    );
    await screen.findByRole('dialog');
    typeTime('Start date and time', '02', '30');
    expect(picker('Start date and time').textContent).toContain(`${day} 02:30`);
    expect(
      screen.getByText('This time does not exist in America/New York (clocks go forward). Choose another time.'),
    ).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Save schedule' }).hasAttribute('disabled')).toBe(true);

    typeTime('Start date and time', '03', '30');
    expect(screen.queryByText(/This time does not exist/)).toBeNull();
  });

  it('saves a reschedule, says so and stays on the builder, reloading the campaign', async () => {
    const start = inDays(10);
    const end = inDays(40);
    const { api, router } = renderModal(
      modalData({
        campaign: {
          status: 'scheduled',
          startDate: start,
          endDate: end,
          scope: { type: 'group', pks: [4, 7], countryCodes: [], selectedPlacesIds: [], selectedCountries: [] },
        },
      }),
      'reschedule',
    );
    await screen.findByRole('dialog');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('The campaign schedule has been updated.')).toBeTruthy();
    expect(screen.getByText('modal closed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/campaign/5');
    expect(api.to('PUT', '/api/campaign/5/status')[0]?.body).toMatchObject({
      action: 'reschedule',
      bundleId: 5,
      startDate: start,
      endDate: end,
      timeZone: NY,
      scope: 'group',
      pks: [4, 7],
      finishCriteria: ['days_over'],
    });
  });
});

describe('launch now: budget and outcome', () => {
  const money = prizeFixture({
    id: 41,
    type: 'money',
    title: '$5 per check',
    amount: 500,
    budget: 50_000,
    budgetPaid: 0,
  });
  const prepaid = (walletBalance: number): TBudgetStatus => ({
    paymentPlan: 'prepaid',
    walletBalance,
    due: 50_000,
    rewards: [{ rewardId: 41, title: '$5 per check', budget: 50_000, budgetPaid: 0, due: 50_000 }],
  });

  /** Settings without an end date: the campaign ends when its budget runs out. */
  async function passSettings() {
    await screen.findByRole('dialog');
    fireEvent.click(next());
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: /The budget runs out/ }));
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: /The end date is reached/ }));
    fireEvent.click(next());
  }

  it('offers to pay what is due from the wallet, then moves on to Reach', async () => {
    const { api } = renderModal(modalData({ rewards: [money] }), 'launch', {
      'GET /api/v3/bundle/5/budget-status': () => ({ body: prepaid(80_000) }),
      'POST /api/v3/bundle/add-budget': () => ({
        body: { walletBalance: 30_000, paid: 50_000, rewards: [{ rewardId: 41, budget: 50_000, budgetPaid: 50_000 }] },
      }),
    });
    await passSettings();
    const panel = await screen.findByTestId('budget-panel');
    expect(within(panel).getByTestId('budget-due').textContent).toBe('$500.00');
    expect(within(panel).getByTestId('wallet-balance').textContent).toBe('$800.00');
    expect(screen.getByTestId('launch-step-settings')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Pay $500.00 from wallet' }));
    await waitFor(() => expect(screen.getByTestId('launch-step-reach')).toBeTruthy());
    expect(api.to('POST', '/api/v3/bundle/add-budget')[0]?.body).toEqual({ bundleId: 5, amount: 50_000 });
  });

  it('names an untitled money reward by its type on the wallet line', async () => {
    renderModal(modalData({ rewards: [{ ...money, title: '' }] }), 'launch', {
      'GET /api/v3/bundle/5/budget-status': () => ({
        body: { ...prepaid(80_000), rewards: [{ rewardId: 41, title: '', budget: 50_000, budgetPaid: 0, due: 50_000 }] },
      }),
    });
    await passSettings();
    const panel = await screen.findByTestId('budget-panel');
    expect(within(panel).getByRole('listitem').textContent).toBe('Money reward: $500.00 due of a $500.00 budget');
  });

  it('opens the payment form with what is missing when the wallet does not cover the budget, then pays after the top-up', async () => {
    let attempts = 0;
    const { api } = renderModal(modalData({ rewards: [money] }), 'launch', {
      'GET /api/v3/bundle/5/budget-status': () => ({ body: prepaid(12_000) }),
      'POST /api/v3/bundle/add-budget': () =>
        (attempts += 1) === 1
          ? { status: 402, body: { error: { code: 'PAYMENT_REQUIRED', message: 'short', fields: [{ path: 'amount', message: 'short' }], dueCents: 38_000 } } }
          : { body: { walletBalance: 0, paid: 50_000, rewards: [{ rewardId: 41, budget: 50_000, budgetPaid: 50_000 }] } },
      'GET /api/billing/summary': () => ({
        body: { walletBalance: 12_000, currency: 'USD', paymentPlan: 'prepaid', provider: 'sandbox', publishableKey: null, testMode: true, unpaidInvoiceId: null },
      }),
      'POST /api/billing/top-up': () => ({
        body: { paymentId: '00000000-0000-4000-8000-000000000001', status: 'succeeded', amount: 38_000, clientSecret: null, failureMessage: null, walletBalance: 50_000 },
      }),
    });
    await passSettings();
    const short = await screen.findByTestId('budget-short');
    expect(short.textContent).toContain('$380.00 is missing: $500.00 is due and the wallet holds $120.00.');
    fireEvent.click(within(screen.getByTestId('budget-panel')).getByRole('button', { name: 'Add money and pay $500.00' }));

    const form = await screen.findByTestId('payment-form');
    expect((await within(form).findByTestId('payment-test-mode')).textContent).toContain('TEST MODE');
    expect((within(form).getByTestId('payment-amount') as HTMLInputElement).value).toBe('380.00');
    fireEvent.change(within(form).getByTestId('card-number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(within(form).getByTestId('card-expiry'), { target: { value: '12/40' } });
    fireEvent.change(within(form).getByTestId('card-cvc'), { target: { value: '123' } });
    fireEvent.click(within(form).getByTestId('payment-submit'));

    await waitFor(() => expect(screen.getByTestId('launch-step-reach')).toBeTruthy());
    // One idempotency key per attempt, so a retried top-up charges once.
    expect(api.to('POST', '/api/billing/top-up')[0]?.body).toEqual({
      amount: 38_000,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
      idempotencyKey: expect.stringMatching(/^[\w-]{8,}$/),
    });
    expect(api.to('POST', '/api/v3/bundle/add-budget')).toHaveLength(2);
  });

  it('says why a card was declined in the payment form, and pays on the next try', async () => {
    let budgetCalls = 0;
    let topUps = 0;
    const { api } = renderModal(modalData({ rewards: [money] }), 'launch', {
      'GET /api/v3/bundle/5/budget-status': () => ({ body: prepaid(12_000) }),
      'POST /api/v3/bundle/add-budget': () =>
        (budgetCalls += 1) === 1
          ? { status: 402, body: { error: { code: 'PAYMENT_REQUIRED', message: 'short', fields: [], dueCents: 38_000 } } }
          : { body: { walletBalance: 0, paid: 50_000, rewards: [{ rewardId: 41, budget: 50_000, budgetPaid: 50_000 }] } },
      'GET /api/billing/summary': () => ({
        body: { walletBalance: 12_000, currency: 'USD', paymentPlan: 'prepaid', provider: 'sandbox', publishableKey: null, testMode: true, unpaidInvoiceId: null },
      }),
      'POST /api/billing/top-up': () =>
        (topUps += 1) === 1
          ? { status: 402, body: { error: { code: 'PAYMENT_DECLINED', message: 'Your card was declined.', fields: [] } } }
          : { body: { paymentId: '00000000-0000-4000-8000-000000000001', status: 'succeeded', amount: 38_000, clientSecret: null, failureMessage: null, walletBalance: 50_000 } },
    });
    await passSettings();
    fireEvent.click(within(await screen.findByTestId('budget-panel')).getByRole('button', { name: 'Add money and pay $500.00' }));
    const form = await screen.findByTestId('payment-form');
    await within(form).findByTestId('payment-test-mode');
    fireEvent.change(within(form).getByTestId('card-number'), { target: { value: '4000 0000 0000 0002' } });
    fireEvent.change(within(form).getByTestId('card-expiry'), { target: { value: '12/40' } });
    fireEvent.change(within(form).getByTestId('card-cvc'), { target: { value: '123' } });
    fireEvent.click(within(form).getByTestId('payment-submit'));

    expect((await within(form).findByTestId('payment-failure')).textContent).toContain('Your card was declined.');
    expect(api.to('POST', '/api/v3/bundle/add-budget')).toHaveLength(1);

    fireEvent.click(within(form).getByTestId('payment-submit'));
    await waitFor(() => expect(screen.getByTestId('launch-step-reach')).toBeTruthy());
    expect(api.to('POST', '/api/billing/top-up')).toHaveLength(2);
    expect(api.to('POST', '/api/v3/bundle/add-budget')).toHaveLength(2);
  });

  it('skips the budget check for a postpaid brand', async () => {
    const { api } = renderModal(modalData({ rewards: [money] }), 'launch', {}, meFixture({ paymentPlan: 'postpaid' }));
    await passSettings();
    await waitFor(() => expect(screen.getByTestId('launch-step-reach')).toBeTruthy());
    expect(api.to('GET', '/api/v3/bundle/5/budget-status')).toHaveLength(0);
  });

  it('skips the budget check when scheduling', async () => {
    const { api } = renderModal(modalData({ rewards: [money] }), 'launch');
    await screen.findByRole('dialog');
    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Schedule for later' }));
    fireEvent.click(next());
    fireEvent.click(next());
    await waitFor(() => expect(screen.getByTestId('launch-step-reach')).toBeTruthy());
    expect(api.to('GET', '/api/v3/bundle/5/budget-status')).toHaveLength(0);
  });

  it('launches to the chosen groups, toasts and goes to the list showing the campaign', async () => {
    const { api, router } = renderModal(modalData(), 'launch', {
      'GET /api/store/read/group/approved-list': () => ({
        body: {
          items: [
            { id: 4, name: 'North region', totalStores: 5, totalUsers: 60, weight: 1 },
            { id: 7, name: 'South region', totalStores: 7, totalUsers: 80, weight: 2 },
          ],
          _meta: { totalCount: 2, pageCount: 1, currentPage: 1, perPage: 10 },
        },
      }),
    });
    await passSettings();
    await screen.findByTestId('launch-step-reach');
    fireEvent.click(await within(dialog()).findByRole('radio', { name: /group/i }));
    expect(within(dialog()).getByRole('button', { name: 'Launch now' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(await within(dialog()).findByRole('checkbox', { name: /North region/ }));
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: /South region/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Launch now' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign'));
    expect(router.state.location.search).toBe('?show-promotion=5');
    expect(await screen.findByText('Your campaign has been launched.')).toBeTruthy();
    expect(api.to('PUT', '/api/campaign/5/status')[0]?.body).toMatchObject({
      action: 'launch',
      bundleId: 5,
      scope: 'group',
      pks: [4, 7],
      finishCriteria: ['budget_over'],
      endDate: null,
    });
    expect(api.to('PUT', '/api/campaign/5/status')[0]?.body).not.toHaveProperty('startDate');
  });

  it('toasts the launch error and closes when the server refuses', async () => {
    renderModal(modalData(), 'launch', {
      [STATUS_URL]: () => ({
        status: 409,
        body: { error: { code: 'ILLEGAL_TRANSITION', message: 'not a draft', fields: [] } },
      }),
    });
    await passSettings();
    await screen.findByTestId('launch-step-reach');
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Launch now' }));
    expect(await screen.findByText('The campaign could not be launched.')).toBeTruthy();
    expect(screen.getByText("This action is not possible in the campaign's current status.")).toBeTruthy();
    expect(screen.getByText('modal closed')).toBeTruthy();
  });
});
