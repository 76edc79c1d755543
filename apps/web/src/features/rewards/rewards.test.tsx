import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TCampaignMission, TMissionItem, TRewardRead, TSaveRewardBody } from '@rally/domain';
import { SessionProvider } from '../../app/session';
import { renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { meFixture, rewardFixture } from '../../test/fixtures';
import { RewardWizard } from './components/reward-wizard';
import { codeCount, formDefaults, saveBody } from './lib/reward-form';

function savedReward(body: TSaveRewardBody): TRewardRead {
  return rewardFixture({
    id: 31,
    bundleId: body.bundleId,
    type: body.type,
    title: body.title ?? '',
    description: body.description ?? '',
    completionsToUnlock: body.completionsToUnlock ?? 1,
    maxPerUser: body.maxPerUser ?? 1,
    isUnlimited: body.isUnlimited ?? false,
    amount: body.amount ?? null,
    budget: body.budget ?? null,
    noFinePrint: false,
  });
}

function renderWizard(campaignType: 'general' | 'learning' | 'consumer' = 'general') {
  const api = stubFetch({
    'POST /api/reward/write/save-reward': (request) => ({ body: savedReward(request.body as TSaveRewardBody) }),
  });
  const onClose = vi.fn();
  renderWithProviders(
    <SessionProvider value={meFixture()}>
      <RewardWizard campaign={{ id: 5, type: campaignType, sharedCampaign: false }} missions={[]} onClose={onClose} />
    </SessionProvider>,
  );
  return { api, onClose };
}

const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;

describe('reward wizard', () => {
  it('closes at once when nothing changed, and asks before discarding typed data', async () => {
    const first = renderWizard('general');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(first.onClose).toHaveBeenCalledTimes(1);
    cleanup();

    const { onClose } = renderWizard('general');
    fireEvent.click(next());
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    const confirm = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('offers type, details, conditions and confirmation for money in a general campaign', () => {
    renderWizard('general');
    const steps = screen.getByLabelText('Reward wizard steps');
    for (const label of ['Type', 'Details', 'Conditions', 'Confirm']) expect(steps.textContent).toContain(label);
    expect(steps.textContent).not.toContain('Assignment');
    for (const type of ['Money', 'Discount', 'Free product', 'Gift card', 'Prize']) {
      expect(screen.getByRole('radio', { name: type })).toBeTruthy();
    }
    // Prize skips conditions.
    fireEvent.click(screen.getByRole('radio', { name: 'Prize' }));
    expect(screen.getByLabelText('Reward wizard steps').textContent).not.toContain('Conditions');
  });

  it('keeps Next disabled until the details are valid, saying why', () => {
    renderWizard('general');
    fireEvent.click(next());
    expect(screen.getByLabelText(/^Amount/)).toBeTruthy();
    expect(next().disabled).toBe(true);
    expect(screen.getByText('Complete all sections to add')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText(/^Budget/), { target: { value: '5' } });
    expect(next().disabled).toBe(true);
    expect(screen.getByText('The budget must be at least the amount')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Budget/), { target: { value: '50' } });
    expect(next().disabled).toBe(false);
    expect(screen.queryByText('Complete all sections to add')).toBeNull();
  });

  it('resets the fields to the new type’s defaults when the type changes', () => {
    renderWizard('general');
    fireEvent.click(screen.getByRole('radio', { name: 'Gift card' }));
    fireEvent.click(next());
    expect((screen.getByLabelText(/^Gift card amount/) as HTMLInputElement).value).toBe('1.00');
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Coffee card' } });
    fireEvent.change(screen.getByLabelText(/^Gift card amount/), { target: { value: '25' } });
    expect(screen.getByText('11/80')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Discount' }));
    fireEvent.click(next());
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByLabelText(/^Gift card amount/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Gift card' }));
    fireEvent.click(next());
    expect((screen.getByLabelText(/^Gift card amount/) as HTMLInputElement).value).toBe('1.00');
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('');
  });

  it('shows the reward info list and saves money in cents', async () => {
    const { api, onClose } = renderWizard('general');
    fireEvent.click(next());
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '12,50' } });
    fireEvent.change(screen.getByLabelText(/^Budget/), { target: { value: '100' } });
    fireEvent.click(next());

    // Conditions: no completions for money; unlimited by default, which sets max per user to 1 (product rule R38).
    expect(screen.queryByLabelText(/^Completions to unlock/)).toBeNull();
    expect((screen.getByLabelText('Unlimited') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^Max per user/) as HTMLInputElement).value).toBe('1');
    fireEvent.click(screen.getByLabelText('Unlimited'));
    fireEvent.change(screen.getByLabelText(/^Max per user/), { target: { value: '5' } });
    fireEvent.click(screen.getByLabelText('Unlimited'));
    expect((screen.getByLabelText(/^Max per user/) as HTMLInputElement).value).toBe('1');
    fireEvent.click(next());
    expect(screen.getByTestId('info-limit').textContent).toContain('Unlimited');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByLabelText('Unlimited'));
    fireEvent.change(screen.getByLabelText(/^Max per user/), { target: { value: '3' } });
    fireEvent.click(next());

    expect(screen.getByRole('heading', { name: 'Confirm reward setup' })).toBeTruthy();
    expect(screen.getByTestId('info-limit').textContent).toContain('3 per user');
    expect(screen.getByTestId('info-amount').textContent).toContain('$12.50');
    expect(screen.getByTestId('info-budget').textContent).toContain('$100.00');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [request] = api.to('POST', '/api/reward/write/save-reward');
    expect(request?.body).toEqual({
      bundleId: 5,
      type: 'money',
      scope: 'campaign',
      completionsToUnlock: 1,
      maxPerUser: 3,
      isUnlimited: false,
      amount: 1250,
      budget: 10000,
      dynamicActive: false,
    });
  });

  it('saves money straight after details in a consumer campaign', async () => {
    const { api } = renderWizard('consumer');
    expect(screen.getByLabelText('Reward wizard steps').textContent).not.toContain('Confirm');
    fireEvent.click(next());
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(/^Budget/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('POST', '/api/reward/write/save-reward')).toHaveLength(1));
    expect(api.to('POST', '/api/reward/write/save-reward')[0]?.body).toMatchObject({ amount: 500, budget: 500 });
  });

  it('shows server field errors under the matching input', async () => {
    stubFetch({
      'POST /api/reward/write/save-reward': () => ({
        status: 400,
        body: { error: { code: 'VALIDATION', message: 'invalid', fields: [{ path: 'budget', message: 'the budget must be more than 0' }] } },
      }),
    });
    renderWithProviders(
      <SessionProvider value={meFixture()}>
        <RewardWizard campaign={{ id: 5, type: 'general', sharedCampaign: false }} missions={[]} onClose={() => undefined} />
      </SessionProvider>,
    );
    fireEvent.click(next());
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(/^Budget/), { target: { value: '5' } });
    fireEvent.click(next());
    fireEvent.click(next());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a budget greater than 0')).toBeTruthy();
    expect(screen.getByLabelText(/^Budget/)).toBeTruthy();
  });

  it('edits an existing reward from its details, sending its id', async () => {
    const api = stubFetch({
      'POST /api/reward/write/save-reward': (request) => ({ body: savedReward(request.body as TSaveRewardBody) }),
    });
    const existing = savedReward({ bundleId: 5, type: 'money', scope: 'campaign', amount: 1_000, budget: 80_000, isUnlimited: true });
    renderWithProviders(
      <SessionProvider value={meFixture()}>
        <RewardWizard
          campaign={{ id: 5, type: 'general', sharedCampaign: false }}
          missions={[]}
          reward={existing}
          onClose={() => undefined}
        />
      </SessionProvider>,
    );
    expect(screen.getByText('Edit reward')).toBeTruthy();
    expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('10.00');
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '20' } });
    fireEvent.click(next());
    fireEvent.click(next());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('POST', '/api/reward/write/save-reward')).toHaveLength(1));
    expect(api.to('POST', '/api/reward/write/save-reward')[0]?.body).toMatchObject({ id: 31, amount: 2_000, budget: 80_000 });
  });

  it('exports a code reward’s saved codes from its details, with the reward as filter and the campaign’s zone', async () => {
    const api = stubFetch({
      'POST /api/v4/bundle/export-brand-codes': (request) => {
        const body = request.body as { format: 'csv' | 'xlsx'; filters: Record<string, unknown>; timeZone: string };
        return {
          body: {
            id: 'e-1', kind: 'codes', format: body.format, status: 'queued', email: 'owner@brand.test', requestedBy: 'Olivia',
            timeZone: body.timeZone, filters: body.filters, rowsDone: 0, rowsTotal: null, sizeBytes: null, error: null,
            downloadUrl: null, expiresAt: null, createdAt: 1_800_000_000, finishedAt: null,
          },
        };
      },
    });
    const existing = rewardFixture({ id: 31, type: 'discount', title: 'Ten off', percentageDiscount: 10, linkToShop: 'https://shop.test', totalCodes: 40 });
    renderWithProviders(
      <SessionProvider value={meFixture()}>
        <RewardWizard
          campaign={{ id: 5, type: 'general', sharedCampaign: false, timeZone: 'Europe/Paris' }}
          missions={[]}
          reward={existing}
          onClose={() => undefined}
        />
      </SessionProvider>,
    );
    expect(screen.getByText('40 codes already saved')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export codes' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'As CSV' }));
    await waitFor(() => expect(api.to('POST', '/api/v4/bundle/export-brand-codes')).toHaveLength(1));
    expect(api.to('POST', '/api/v4/bundle/export-brand-codes')[0]?.body).toEqual({ format: 'csv', filters: { rewardId: 31 }, timeZone: 'Europe/Paris' });
    expect(await screen.findByText('Export started')).toBeTruthy();
  });

  it('generates codes into a saved code reward from a pattern the domain rule accepts, and counts them as saved', async () => {
    const api = stubFetch({
      'POST /api/v3/bundle/5/reward/31/generate-codes': () => ({ body: { added: 500, regenerated: 0, availableCodes: 540 } }),
    });
    const existing = rewardFixture({ id: 31, type: 'discount', title: 'Ten off', percentageDiscount: 10, linkToShop: 'https://shop.test', totalCodes: 40 });
    renderWithProviders(
      <SessionProvider value={meFixture()}>
        <RewardWizard campaign={{ id: 5, type: 'general', sharedCampaign: false }} missions={[]} reward={existing} onClose={() => undefined} />
      </SessionProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Generate codes' }));
    const form = screen.getByRole('group', { name: 'Generate codes' });
    const generate = () => within(screen.getByRole('group', { name: 'Generate codes' })).getByRole('button', { name: 'Generate' }) as HTMLButtonElement;
    // Over the cap: refused before it is sent, naming the count.
    fireEvent.change(within(form).getByLabelText('How many'), { target: { value: '100001' } });
    expect(await within(form).findByText('At most 100,000 codes at a time')).toBeTruthy();
    expect(generate().disabled).toBe(true);
    // Too few characters for the count: 31^4 codes are fewer than 1,000 × 1,000.
    fireEvent.change(within(form).getByLabelText('How many'), { target: { value: '1000' } });
    fireEvent.change(within(form).getByLabelText('Characters after the prefix'), { target: { value: '4' } });
    expect(await within(form).findByText(/^Too short for this many codes/)).toBeTruthy();
    expect(generate().disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('How many'), { target: { value: '500' } });
    await waitFor(() => expect(generate().disabled).toBe(false));
    fireEvent.change(within(form).getByLabelText('Prefix'), { target: { value: 'SPRING-' } });
    fireEvent.change(within(form).getByLabelText('Characters after the prefix'), { target: { value: '8' } });
    fireEvent.click(generate());
    await waitFor(() => expect(api.to('POST', '/api/v3/bundle/5/reward/31/generate-codes')).toHaveLength(1));
    expect(api.to('POST', '/api/v3/bundle/5/reward/31/generate-codes')[0]?.body).toEqual({
      prefix: 'SPRING-',
      length: 8,
      alphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
      count: 500,
    });
    expect((await screen.findByTestId('generate-summary')).textContent).toBe('500 codes added; 540 available in the pool.');
    expect(screen.getByText('540 codes already saved')).toBeTruthy();
  });

  it('sets a gift card’s low-stock alerts (codes and budget left) and shows what is left against them', async () => {
    const left = { codesLeft: 40, budgetLeftCents: 30_000 };
    const api = stubFetch({
      'GET /api/v3/bundle/5/reward/31/stock-alerts': () => ({ body: { codesBelow: null, budgetBelowCents: null, ...left, codesLow: false, budgetLow: false } }),
      'PUT /api/v3/bundle/5/reward/31/stock-alerts': (request) => {
        const body = request.body as { codesBelow: number | null; budgetBelowCents: number | null };
        return { body: { ...body, ...left, codesLow: 40 < (body.codesBelow ?? 0), budgetLow: 30_000 < (body.budgetBelowCents ?? 0) } };
      },
    });
    const existing = rewardFixture({ id: 31, type: 'gift_card', title: 'Gift', amount: 2_500, linkToShop: 'https://shop.test', totalCodes: 40 });
    renderWithProviders(
      <SessionProvider value={meFixture()}>
        <RewardWizard campaign={{ id: 5, type: 'general', sharedCampaign: false }} missions={[]} reward={existing} onClose={() => undefined} />
      </SessionProvider>,
    );
    const group = await screen.findByRole('group', { name: 'Low-stock alert' });
    expect(within(group).getByTestId('stock-left').textContent).toBe('40 codes left. $300.00 of budget left.');
    fireEvent.change(within(group).getByLabelText('Alert when fewer codes than'), { target: { value: '50' } });
    fireEvent.change(within(group).getByLabelText('Alert when less budget than'), { target: { value: '100' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(api.to('PUT', '/api/v3/bundle/5/reward/31/stock-alerts')).toHaveLength(1));
    expect(api.to('PUT', '/api/v3/bundle/5/reward/31/stock-alerts')[0]?.body).toEqual({ codesBelow: 50, budgetBelowCents: 10_000 });
    expect(await within(group).findByText('Alert saved.')).toBeTruthy();
    expect(within(group).getByTestId('stock-left').textContent).toBe('40 codes left: under the threshold. $300.00 of budget left.');
  });

  it('offers no codes export to a partner filling a shared reward, nor before any code is saved', () => {
    stubFetch({});
    const withCodes = rewardFixture({ id: 31, type: 'discount', title: 'Ten off', percentageDiscount: 10, linkToShop: 'https://shop.test', totalCodes: 40 });
    renderWithProviders(
      <SessionProvider value={meFixture()}>
        <RewardWizard campaign={{ id: 5, type: 'general', sharedCampaign: true }} missions={[]} reward={withCodes} viewMode onClose={() => undefined} />
      </SessionProvider>,
    );
    expect(screen.getByText('40 codes already saved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export codes' })).toBeNull();
    cleanup();
    renderWithProviders(
      <SessionProvider value={meFixture()}>
        <RewardWizard campaign={{ id: 5, type: 'general', sharedCampaign: false }} missions={[]} reward={{ ...withCodes, totalCodes: 0 }} onClose={() => undefined} />
      </SessionProvider>,
    );
    expect(screen.getByRole('button', { name: 'Upload codes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export codes' })).toBeNull();
  });

  it('switches dynamic cash on and off, needs items in every row and saves the rows in cents', async () => {
    const mission: TCampaignMission = {
      id: 1,
      missionId: 70,
      order: 0,
      type: 'contest',
      mission: { title: 'Sell beans', imageUrl: null, type: 'contest', subtype: 'itemSold', isCompleteFill: true, status: 'ready', itemCount: 2 },
      maxEntriesPerUser: null,
      maxEntriesPerStore: null,
      contest: null,
      passingGrade: null,
      sharedData: [],
    };
    const item = (id: number, title: string): TMissionItem => ({
      id,
      missionId: 70,
      kind: 'option',
      title,
      order: id,
      data: {},
      inUse: false,
      inUseBy: [],
    });
    const api = stubFetch({
      'GET /api/v3/mission/70/items': () => ({ body: { items: [item(701, 'House blend'), item(702, 'Decaf')] } }),
      'POST /api/reward/write/save-reward': (request) => ({ body: savedReward(request.body as TSaveRewardBody) }),
    });
    const onClose = vi.fn();
    renderWithProviders(
      <SessionProvider value={meFixture()}>
        <RewardWizard campaign={{ id: 5, type: 'general', sharedCampaign: false }} missions={[mission]} onClose={onClose} />
      </SessionProvider>,
    );
    fireEvent.click(next());
    const dynamic = () => screen.getByRole('switch', { name: /^Dynamic cash/ });

    // On: one row with amount 0, and the single amount is gone.
    fireEvent.click(dynamic());
    expect(screen.getAllByTestId('dynamic-row')).toHaveLength(1);
    expect((screen.getByLabelText(/^Row 1 amount/) as HTMLInputElement).value).toBe('0');
    expect(screen.queryByLabelText(/^Amount/)).toBeNull();

    // Off: rows cleared; on again: one fresh row.
    fireEvent.click(dynamic());
    expect(screen.queryAllByTestId('dynamic-row')).toHaveLength(0);
    expect(screen.getByLabelText(/^Amount/)).toBeTruthy();
    fireEvent.click(dynamic());
    expect(screen.getAllByTestId('dynamic-row')).toHaveLength(1);
    await waitFor(() => expect(api.to('GET', '/api/v3/mission/70/items').length).toBeGreaterThan(0));

    fireEvent.change(screen.getByLabelText(/^Budget/), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText(/^Row 1 amount/), { target: { value: '2,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    fireEvent.change(screen.getByLabelText(/^Row 2 amount/), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('combobox', { name: /^Row 1 products/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'House blend' }));
    // Row 2 has no items yet: Next stays disabled.
    expect(next().disabled).toBe(true);
    expect(screen.getByText('Complete all sections to add')).toBeTruthy();

    // An item used in row 1 is disabled in row 2.
    fireEvent.click(screen.getByRole('combobox', { name: /^Row 2 products/ }));
    const houseBlend = screen.getAllByRole('option', { name: 'House blend' }).at(-1)!;
    expect(houseBlend.getAttribute('data-combobox-disabled') ?? houseBlend.getAttribute('aria-disabled')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('option', { name: 'Decaf' }).at(-1)!);
    await waitFor(() => expect(next().disabled).toBe(false));

    fireEvent.click(next());
    fireEvent.click(next());
    expect(screen.getByTestId('info-dynamic-1').textContent).toContain('$2.50');
    expect(screen.getByTestId('info-dynamic-1').textContent).toContain('House blend');
    expect(screen.getByTestId('info-dynamic-2').textContent).toContain('Decaf');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = api.to('POST', '/api/reward/write/save-reward')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'money',
      budget: 10_000,
      dynamicActive: true,
      dynamicAmounts: [
        { amountCents: 250, itemsId: [701], itemsName: ['House blend'] },
        { amountCents: 400, itemsId: [702], itemsName: ['Decaf'] },
      ],
    });
    expect(body).not.toHaveProperty('amount');
  });
});

function learningMission(missionId: number, title: string, subtype: 'standard' | 'itemSold' = 'standard'): TCampaignMission {
  return {
    id: missionId - 80,
    missionId,
    order: missionId - 81,
    type: 'learning',
    mission: { title, imageUrl: null, type: 'learning', subtype, isCompleteFill: true, status: 'ready', itemCount: 2 },
    maxEntriesPerUser: null,
    maxEntriesPerStore: null,
    contest: null,
    passingGrade: 1,
    sharedData: [],
  };
}

const LEARNING_MISSIONS = [learningMission(81, 'Meet the Sparkling range'), learningMission(82, 'Cold brew 101')];

function renderLearning(props: { missions?: TCampaignMission[]; reward?: TRewardRead; routes?: Parameters<typeof stubFetch>[0] } = {}) {
  const api = stubFetch({
    'POST /api/reward/write/save-reward': (request) => ({ body: savedReward(request.body as TSaveRewardBody) }),
    ...props.routes,
  });
  const onClose = vi.fn();
  renderWithProviders(
    <SessionProvider value={meFixture()}>
      <RewardWizard
        campaign={{ id: 5, type: 'learning', sharedCampaign: false }}
        missions={props.missions ?? LEARNING_MISSIONS}
        reward={props.reward}
        onClose={onClose}
      />
    </SessionProvider>,
  );
  return { api, onClose };
}

async function chooseMission(title: string) {
  fireEvent.click(screen.getByRole('combobox', { name: /^Mission/ }));
  fireEvent.click(await screen.findByRole('option', { name: title }));
}

describe('reward scope', () => {
  it('is not offered outside learning campaigns', () => {
    renderWizard('general');
    fireEvent.click(next());
    expect(screen.getByLabelText(/^Amount/)).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Reward applies to' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'One mission' })).toBeNull();
  });

  it('keeps Next disabled until a mission is chosen for mission scope, and saves that mission', async () => {
    const { api, onClose } = renderLearning();
    // Money in a learning campaign: type, details, confirmation.
    fireEvent.click(next());
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '8' } });
    fireEvent.change(screen.getByLabelText(/^Budget/), { target: { value: '100' } });
    expect((screen.getByRole('radio', { name: 'The whole campaign' }) as HTMLInputElement).checked).toBe(true);
    expect(next().disabled).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: 'One mission' }));
    expect(next().disabled).toBe(true);
    expect(screen.getByText('Select a mission to continue')).toBeTruthy();
    expect(screen.getByText('Complete all sections to add')).toBeTruthy();

    // The select lists the campaign's missions by title.
    fireEvent.click(screen.getByRole('combobox', { name: /^Mission/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Meet the Sparkling range', 'Cold brew 101']);
    fireEvent.click(options[1]!);
    await waitFor(() => expect(next().disabled).toBe(false));
    expect(screen.queryByText('Select a mission to continue')).toBeNull();

    fireEvent.click(next());
    expect(screen.getByTestId('info-scope').textContent).toContain('Mission “Cold brew 101”');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.to('POST', '/api/reward/write/save-reward')[0]?.body).toMatchObject({ type: 'money', scope: 'mission', missionId: 82, amount: 800 });
  });

  it('clears the mission when campaign scope is chosen again', async () => {
    const { api } = renderLearning();
    fireEvent.click(next());
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '8' } });
    fireEvent.change(screen.getByLabelText(/^Budget/), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('radio', { name: 'One mission' }));
    await chooseMission('Meet the Sparkling range');
    await waitFor(() => expect(next().disabled).toBe(false));

    fireEvent.click(screen.getByRole('radio', { name: 'The whole campaign' }));
    expect(screen.queryByRole('combobox', { name: /^Mission/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'One mission' }));
    expect((screen.getByRole('combobox', { name: /^Mission/ }) as HTMLInputElement).value).toBe('');
    expect(next().disabled).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'The whole campaign' }));
    fireEvent.click(next());
    expect(screen.getByTestId('info-scope').textContent).toContain('The whole campaign');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('POST', '/api/reward/write/save-reward')).toHaveLength(1));
    const body = api.to('POST', '/api/reward/write/save-reward')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ scope: 'campaign' });
    expect(body).not.toHaveProperty('missionId');
  });

  it('shows the mission of an edited mission-scoped reward', async () => {
    const existing: TRewardRead = {
      ...savedReward({ bundleId: 5, type: 'money', scope: 'mission', amount: 800, budget: 10_000, isUnlimited: true }),
      scope: 'mission',
      missionId: 82,
      mission: { name: 'Cold brew 101', imageUrl: null },
    };
    const { api } = renderLearning({ reward: existing });
    expect((screen.getByRole('radio', { name: 'One mission' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: /^Mission/ }) as HTMLInputElement).value).toBe('Cold brew 101');
    expect(next().disabled).toBe(false);
    fireEvent.click(next());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('POST', '/api/reward/write/save-reward')).toHaveLength(1));
    expect(api.to('POST', '/api/reward/write/save-reward')[0]?.body).toMatchObject({ id: 31, scope: 'mission', missionId: 82 });
  });

  it('goes back to the details step when the server refuses the mission', async () => {
    renderLearning({
      routes: {
        'POST /api/reward/write/save-reward': () => ({
          status: 400,
          body: { error: { code: 'VALIDATION', message: 'invalid', fields: [{ path: 'missionId', message: 'select mission to continue' }] } },
        }),
      },
    });
    fireEvent.click(next());
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '8' } });
    fireEvent.change(screen.getByLabelText(/^Budget/), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('radio', { name: 'One mission' }));
    await chooseMission('Cold brew 101');
    await waitFor(() => expect(next().disabled).toBe(false));
    fireEvent.click(next());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Select a mission to continue')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Mission/ })).toBeTruthy();
  });
});

describe('assignment step', () => {
  const SOLD = learningMission(83, 'Sell the Sparkling range', 'itemSold');
  const item = (id: number, title: string, inUseBy: TMissionItem['inUseBy'] = []): TMissionItem => ({
    id,
    missionId: 83,
    kind: 'option',
    title,
    order: id,
    data: {},
    inUse: inUseBy.length > 0,
    inUseBy,
  });
  // A discount with its codes already saved: editing starts valid on details, so the tests can reach assignment.
  const discount: TRewardRead = {
    ...savedReward({ bundleId: 5, type: 'discount', scope: 'campaign', title: 'Ten off', description: 'Any can' }),
    percentageDiscount: 10,
    linkToShop: 'https://shop.example.com',
    noFinePrint: true,
    totalCodes: 3,
    availableCodes: 3,
  };

  function renderAssignment() {
    return renderLearning({
      missions: [LEARNING_MISSIONS[0]!, SOLD],
      reward: discount,
      routes: {
        'GET /api/v3/mission/83/items': () => ({
          body: {
            items: [
              item(701, 'Sparkling Lemon 330ml'),
              item(702, 'Sparkling Lime 330ml', [{ rewardId: 40, title: 'Lime bonus', bundleId: 5 }]),
              // Used by the reward being edited: still its to keep or drop.
              item(703, 'Sparkling Grapefruit 330ml', [{ rewardId: 31, title: 'Ten off', bundleId: 5 }]),
            ],
          },
        }),
      },
    });
  }

  function toAssignment() {
    expect(screen.getByLabelText('Reward wizard steps').textContent).toContain('Assignment');
    expect(next().disabled).toBe(false);
    fireEvent.click(next());
    expect(screen.getByRole('radiogroup', { name: 'Reward is earned for' })).toBeTruthy();
  }

  it('is not offered for money or prize in a learning campaign', () => {
    renderLearning();
    expect(screen.getByLabelText('Reward wizard steps').textContent).not.toContain('Assignment');
    fireEvent.click(screen.getByRole('radio', { name: 'Prize' }));
    expect(screen.getByLabelText('Reward wizard steps').textContent).not.toContain('Assignment');
    fireEvent.click(screen.getByRole('radio', { name: 'Discount' }));
    expect(screen.getByLabelText('Reward wizard steps').textContent).toContain('Assignment');
  });

  it('needs at least one item sold, shows items of another reward disabled with its name, and saves the items', async () => {
    const { api, onClose } = renderAssignment();
    toAssignment();
    fireEvent.click(screen.getByRole('radio', { name: 'Items sold' }));
    expect(next().disabled).toBe(true);
    const lemon = (await screen.findByRole('checkbox', { name: 'Sparkling Lemon 330ml' })) as HTMLInputElement;
    const lime = screen.getByRole('checkbox', { name: 'Sparkling Lime 330ml' }) as HTMLInputElement;
    const grapefruit = screen.getByRole('checkbox', { name: 'Sparkling Grapefruit 330ml' }) as HTMLInputElement;
    expect(lime.disabled).toBe(true);
    expect(screen.getByText('Already assigned to “Lime bonus”')).toBeTruthy();
    expect(lemon.disabled).toBe(false);
    expect(grapefruit.disabled).toBe(false);
    expect(screen.getByRole('group', { name: 'Sell the Sparkling range' })).toBeTruthy();

    fireEvent.click(lemon);
    expect(next().disabled).toBe(false);
    fireEvent.click(lemon);
    expect(next().disabled).toBe(true);
    expect(screen.getByText('Select at least one item')).toBeTruthy();
    fireEvent.click(lemon);
    fireEvent.click(grapefruit);

    fireEvent.click(next());
    expect(screen.getByTestId('info-assignment').textContent).toContain('2 items sold');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.to('POST', '/api/reward/write/save-reward')[0]?.body).toMatchObject({
      id: 31,
      type: 'discount',
      assignment: { type: 'itemSold', itemsId: [701, 703] },
    });
  });

  it('needs a threshold above 0 and its type for a sales amount, and saves it in cents', async () => {
    const { api, onClose } = renderAssignment();
    toAssignment();
    fireEvent.click(screen.getByRole('radio', { name: 'Sales amount' }));
    expect(screen.queryByRole('checkbox', { name: 'Sparkling Lemon 330ml' })).toBeNull();
    expect(next().disabled).toBe(true);

    fireEvent.change(screen.getByLabelText(/^Sales amount threshold/), { target: { value: '0' } });
    expect(screen.getByText('Greater than 0')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Sales amount threshold/), { target: { value: '50' } });
    // A threshold alone is not enough: single sale or accumulated sales.
    expect(next().disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Accumulated sales' }));
    expect(next().disabled).toBe(false);

    fireEvent.click(next());
    expect(screen.getByTestId('info-assignment').textContent).toContain('Accumulated sales of $50.00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.to('POST', '/api/reward/write/save-reward')[0]?.body).toMatchObject({
      assignment: { type: 'salesAmount', itemsId: [], amountThreshold: 5_000, amountThresholdType: 'accumulated' },
    });
  });

  it('starts at "No assignment", which is valid and saves without one', async () => {
    const { api, onClose } = renderAssignment();
    toAssignment();
    expect((screen.getByRole('radio', { name: 'No assignment' }) as HTMLInputElement).checked).toBe(true);
    expect(next().disabled).toBe(false);
    fireEvent.click(next());
    expect(screen.getByTestId('info-assignment').textContent).toContain('No assignment');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.to('POST', '/api/reward/write/save-reward')[0]?.body).not.toHaveProperty('assignment');
  });

  it('offers Items sold only when the campaign has item-sold missions', () => {
    renderLearning({ missions: [LEARNING_MISSIONS[0]!], reward: discount });
    toAssignment();
    expect(screen.queryByRole('radio', { name: 'Items sold' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Sales amount' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'No assignment' })).toBeTruthy();
  });

  it('starts over when the assignment type changes', async () => {
    renderAssignment();
    toAssignment();
    fireEvent.click(screen.getByRole('radio', { name: 'Items sold' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Sparkling Lemon 330ml' }));
    expect(next().disabled).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'Sales amount' }));
    expect(next().disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Items sold' }));
    expect((screen.getByRole('checkbox', { name: 'Sparkling Lemon 330ml' }) as HTMLInputElement).checked).toBe(false);
    expect(next().disabled).toBe(true);
  });
});

describe('uploaded codes', () => {
  it('saves an uploaded code file by its fileUrl, without posting its codes back', () => {
    const form = { ...formDefaults('gift_card'), existingCodes: 4, uploaded: { fileName: 'cards.csv', fileUrl: 'codes/f.csv', added: 1_000_000 } };
    expect(codeCount(form)).toBe(1_000_004);
    const body = saveBody(form, { bundleId: 5, steps: ['type', 'details', 'conditions', 'confirmation'] });
    expect(body.uploadedCodes).toEqual({ fileName: 'cards.csv', fileUrl: 'codes/f.csv' });
  });
});
