import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TPlayCompletionResult, TPlayMyRewards, TPlayRank } from '@rally/domain';
import { stubFetch, type TFetchRoutes } from '../test/fetch-stub';
import { PlayApp } from './play-app';
import { parseAmountToCents } from './screens/mission-screen';
import { detailFixture, missionFixture, sessionFixture, summaryFixture, unlockFixture } from './test/play-fixtures';

const signedIn: TFetchRoutes = {
  'GET /api/play/me': () => ({ body: sessionFixture() }),
  'GET /api/play/campaigns': () => ({ body: { items: [summaryFixture()] } }),
  'GET /api/play/campaigns/5': () => ({ body: detailFixture() }),
};

function openAt(path: string, routes: TFetchRoutes, lang: 'en' | 'es' | 'fr' = 'en') {
  window.history.pushState(null, '', path);
  const api = stubFetch(routes);
  render(<PlayApp initialLanguage={lang} />);
  return api;
}

/** The headers a request to a path was sent with (the fetch stub records bodies only). */
function headersOf(pathname: string): Record<string, string> {
  const call = (fetch as unknown as Mock).mock.calls.find(([url]) => String(url).startsWith(pathname));
  return ((call?.[1] as RequestInit | undefined)?.headers ?? {}) as Record<string, string>;
}

const completionResult = (over: Partial<TPlayCompletionResult> = {}): TPlayCompletionResult => ({
  completion: {
    id: 77,
    campaignId: 5,
    campaignMissionId: 11,
    status: 'accepted',
    score: 2,
    passed: true,
    salesAmountCents: 0,
    createdAt: 1_772_400_000,
  },
  unlocked: [unlockFixture()],
  entriesLeft: 2,
  replayed: false,
  ...over,
});

let writeText: Mock;
beforeEach(() => {
  writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  window.history.pushState(null, '', '/');
});

describe('participant app: signing in', () => {
  it('signs a demo store user in with a password and lists the campaigns that reach them', async () => {
    let signedInYet = false;
    const api = openAt('/play', {
      ...signedIn,
      'GET /api/play/me': () =>
        signedInYet
          ? { body: sessionFixture() }
          : { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'sign in', fields: [] } } },
      'POST /api/play/auth/accounts': () => ({
        body: { accounts: [{ kind: 'store_user', id: 41, brandName: 'Brightside', storeName: 'Downtown' }] },
      }),
      'POST /api/play/auth/sign-in': () => {
        signedInYet = true;
        return { body: sessionFixture() };
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to take part' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Password', { selector: 'input[type=radio]' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@brightside-staff.test' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input[type=password]' }), {
      target: { value: 'demo1234' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your campaigns' })).toBeTruthy();
    expect(api.to('POST', '/api/play/auth/sign-in')[0]?.body).toEqual({
      email: 'sam@brightside-staff.test',
      password: 'demo1234',
    });
    expect(await screen.findByRole('link', { name: /Spring cooler push/ })).toBeTruthy();
    expect(screen.getByText('Sam Seller')).toBeTruthy();
  });

  it('signs in with a code sent by email', async () => {
    const api = openAt('/play', {
      ...signedIn,
      'GET /api/play/me': () => ({
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'sign in', fields: [] } },
      }),
      'POST /api/play/auth/request-code': () => ({ body: { ok: true, expiresInSeconds: 600 } }),
      'POST /api/play/auth/accounts': () => ({
        body: { accounts: [{ kind: 'store_user', id: 41, brandName: 'Brightside', storeName: 'Downtown' }] },
      }),
      'POST /api/play/auth/verify-code': () => ({ body: sessionFixture() }),
    });

    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'sam@brightside-staff.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(
      await screen.findByText(/We sent a six-digit code to sam@brightside-staff.test. It is valid for 10 minutes./),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Six-digit code'), { target: { value: '12 34 56' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your campaigns' })).toBeTruthy();
    expect(api.to('POST', '/api/play/auth/verify-code')[0]?.body).toEqual({
      email: 'sam@brightside-staff.test',
      code: '123456',
    });
  });

  it('asks which store to take part for when the email belongs to several, and signs in as the one chosen', async () => {
    const api = openAt('/play', {
      ...signedIn,
      'GET /api/play/me': () => ({
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'sign in', fields: [] } },
      }),
      'POST /api/play/auth/request-code': () => ({ body: { ok: true, expiresInSeconds: 600 } }),
      'POST /api/play/auth/accounts': () => ({
        body: {
          accounts: [
            { kind: 'store_user', id: 41, brandName: 'Brightside', storeName: 'Downtown' },
            { kind: 'store_user', id: 97, brandName: 'Harbour Foods', storeName: 'Pier 9' },
          ],
        },
      }),
      'POST /api/play/auth/verify-code': () => ({ body: sessionFixture() }),
    });

    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'sam@brightside-staff.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    fireEvent.change(await screen.findByLabelText('Six-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const group = await screen.findByRole('group', {
      name: 'This email belongs to several stores. Which one are you taking part for?',
    });
    expect(api.to('POST', '/api/play/auth/verify-code')).toHaveLength(0);
    fireEvent.click(within(group).getByLabelText('Pier 9 (Harbour Foods)'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your campaigns' })).toBeTruthy();
    expect(api.to('POST', '/api/play/auth/verify-code')[0]?.body).toEqual({
      email: 'sam@brightside-staff.test',
      code: '123456',
      account: { kind: 'store_user', id: 97 },
    });
  });

  it('shows the API’s message next to the field it names when the password is wrong', async () => {
    openAt('/play', {
      'GET /api/play/me': () => ({
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'sign in', fields: [] } },
      }),
      'POST /api/play/auth/accounts': () => ({
        status: 401,
        body: {
          error: {
            code: 'UNAUTHENTICATED',
            message: 'wrong email or password',
            fields: [{ path: 'password', message: 'wrong email or password' }],
          },
        },
      }),
      'POST /api/play/auth/sign-in': () => ({
        status: 401,
        body: {
          error: {
            code: 'UNAUTHENTICATED',
            message: 'wrong email or password',
            fields: [{ path: 'password', message: 'wrong email or password' }],
          },
        },
      }),
    });
    fireEvent.click(await screen.findByLabelText('Password', { selector: 'input[type=radio]' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@brightside-staff.test' } });
    const password = screen.getByLabelText('Password', { selector: 'input[type=password]' });
    fireEvent.change(password, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = password.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('wrong email or password');
    expect(screen.getByRole('alert').textContent).toContain('wrong email or password');
  });

  it('speaks the chosen language, shared with the dashboard', async () => {
    openAt('/play', signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your campaigns' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'es' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tus campañas' })).toBeTruthy();
    expect(window.localStorage.getItem('rally.language')).toBe('es');
  });
});

describe('participant app: one campaign', () => {
  it('shows its missions with my entries left and its rewards with my progress and codes left', async () => {
    openAt('/play/campaigns/5', signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring cooler push' })).toBeTruthy();
    const quiz = screen.getByRole('listitem', { name: 'Cooler quiz' });
    expect(within(quiz).getByText(/3 entries left/)).toBeTruthy();
    const sale = screen.getByRole('listitem', { name: 'Sell the cooler' });
    expect(within(sale).getByText(/Unlimited entries/)).toBeTruthy();
    expect(within(sale).getByText(/A receipt photo is needed/)).toBeTruthy();
    const reward = screen.getByRole('listitem', { name: '20% off your next order' });
    expect(within(reward).getByText('1 of 2 completions')).toBeTruthy();
    expect(within(reward).getByText(/480 codes left/)).toBeTruthy();
  });

  it('offers no start button on a mission with no entries left', async () => {
    openAt('/play/campaigns/5', {
      ...signedIn,
      'GET /api/play/campaigns/5': () => ({ body: detailFixture([missionFixture({ entriesLeft: 0 })]) }),
    });
    const quiz = await screen.findByRole('listitem', { name: 'Cooler quiz' });
    expect(within(quiz).getByText(/No entries left/)).toBeTruthy();
    expect(within(quiz).queryByRole('link', { name: 'Start' })).toBeNull();
  });

  it('says when my last entry was rejected and why, in my time zone', async () => {
    openAt('/play/campaigns/5', {
      ...signedIn,
      'GET /api/play/campaigns/5': () => ({
        body: detailFixture([
          missionFixture({ myCompletions: { accepted: 0, pending: 0, rejected: 1 }, lastRejection: { at: 1_772_400_000, reason: 'The receipt total does not match' } }),
          missionFixture({ campaignMissionId: 12, title: 'Cooler form', myCompletions: { accepted: 0, pending: 0, rejected: 1 }, lastRejection: { at: 1_772_400_000, reason: null } }),
        ]),
      }),
    });
    const quiz = await screen.findByRole('listitem', { name: 'Cooler quiz' });
    expect(within(quiz).getByText(/Your last entry was not accepted \(.*2026.*\)\. Reason: “The receipt total does not match”/)).toBeTruthy();
    const form = screen.getByRole('listitem', { name: 'Cooler form' });
    expect(within(form).getByText(/Your last entry was not accepted .* No reason was given\./)).toBeTruthy();
  });
});

describe('participant app: completing missions', () => {
  it('takes a quiz, sends one answer per question with an idempotency key, and reveals the unlocked code with a copy button', async () => {
    const api = openAt('/play/campaigns/5/missions/11', {
      ...signedIn,
      'POST /api/play/campaigns/5/missions/11/completions': () => ({ status: 201, body: completionResult() }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Eye level' }));
    fireEvent.click(screen.getByRole('radio', { name: '4 °C' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));

    expect(await screen.findByText('Done! Your entry counts.')).toBeTruthy();
    expect(screen.getByText('You passed.')).toBeTruthy();
    expect(api.to('POST', '/api/play/campaigns/5/missions/11/completions')[0]?.body).toEqual({
      kind: 'learning',
      answers: [
        { itemId: 1, optionId: 'a' },
        { itemId: 2, optionId: 'a' },
      ],
    });
    expect(headersOf('/api/play/campaigns/5/missions/11/completions')['idempotency-key']).toMatch(
      /^play-[0-9a-f]{32}$/,
    );
    expect(screen.getByText('SPRING-7Q2X')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy code SPRING-7Q2X' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('SPRING-7Q2X'));
    expect(await screen.findAllByText('Copied')).not.toHaveLength(0);
    expect(screen.getByText('2 entries left')).toBeTruthy();
  });

  it('retries a failed submit with the same idempotency key, so it cannot count twice', async () => {
    let calls = 0;
    openAt('/play/campaigns/5/missions/11', {
      ...signedIn,
      'POST /api/play/campaigns/5/missions/11/completions': () => {
        calls += 1;
        return calls === 1
          ? { status: 409, body: { error: { code: 'CAMPAIGN_NOT_ACTIVE', message: 'not active', fields: [] } } }
          : { status: 201, body: completionResult() };
      },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Eye level' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This campaign is not running right now.');
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('Done! Your entry counts.')).toBeTruthy();
    const keys = (fetch as unknown as Mock).mock.calls
      .filter(([url]) => String(url).endsWith('/completions'))
      .map(([, init]) => ((init as RequestInit).headers as Record<string, string>)['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('fills a form and sends each field’s answer, numbers as numbers', async () => {
    const api = openAt('/play/campaigns/5/missions/12', {
      ...signedIn,
      'POST /api/play/campaigns/5/missions/12/completions': () => ({
        status: 201,
        body: completionResult({
          unlocked: [],
          completion: { ...completionResult().completion, campaignMissionId: 12, score: null, passed: null },
        }),
      }),
    });
    fireEvent.change(await screen.findByLabelText('Facings count (required)'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Placement (required)'), { target: { value: 'Back' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Done! Your entry counts.')).toBeTruthy();
    expect(api.to('POST', '/api/play/campaigns/5/missions/12/completions')[0]?.body).toEqual({
      kind: 'general',
      answers: [
        { itemId: 21, value: 12 },
        { itemId: 22, value: 'Back' },
        { itemId: 23, value: null },
      ],
    });
  });

  it('marks the form field the API names when an answer is refused', async () => {
    openAt('/play/campaigns/5/missions/12', {
      ...signedIn,
      'POST /api/play/campaigns/5/missions/12/completions': () => ({
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'bad',
            fields: [{ path: 'answers.1.value', message: 'choose one of the choices' }],
          },
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('choose one of the choices')).toBeTruthy();
    expect(screen.getByLabelText('Placement (required)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Please check the highlighted fields.');
  });

  it('enters a sale with a receipt photo: uploads it, sends its id, and says the entry waits for review', async () => {
    const api = openAt('/play/campaigns/5/missions/13', {
      ...signedIn,
      'POST /api/play/uploads': () => ({ status: 201, body: { uploadId: 'up_42', url: '/media/up_42.jpg' } }),
      'POST /api/play/campaigns/5/missions/13/completions': () => ({
        status: 201,
        body: completionResult({
          unlocked: [],
          entriesLeft: null,
          completion: {
            ...completionResult().completion,
            campaignMissionId: 13,
            status: 'pending',
            score: null,
            passed: null,
            salesAmountCents: 12_950,
          },
        }),
      }),
    });
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Quantity of Cooler XL' }), {
      target: { value: '2' },
    });
    fireEvent.change(screen.getByLabelText('Sales amount'), { target: { value: '129,50' } });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'receipt.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Receipt photo'), { target: { files: [photo] } });
    fireEvent.click(screen.getByRole('button', { name: 'Enter sale' }));

    expect(await screen.findByText('Sent. Your entry counts once the receipt is reviewed.')).toBeTruthy();
    expect(api.to('POST', '/api/play/uploads')).toHaveLength(1);
    const uploadCall = (fetch as unknown as Mock).mock.calls.find(([url]) => String(url) === '/api/play/uploads');
    expect(((uploadCall?.[1] as RequestInit).body as FormData).get('file')).toBeInstanceOf(File);
    expect(api.to('POST', '/api/play/campaigns/5/missions/13/completions')[0]?.body).toEqual({
      kind: 'itemSold',
      items: [{ itemId: 31, quantity: 2 }],
      salesAmountCents: 12_950,
      receiptUploadId: 'up_42',
    });
  });

  it('explains when no entries are left', async () => {
    openAt('/play/campaigns/5/missions/11', {
      ...signedIn,
      'POST /api/play/campaigns/5/missions/11/completions': () => ({
        status: 409,
        body: { error: { code: 'NO_ENTRIES_LEFT', message: 'no entries left', fields: [] } },
      }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Eye level' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You have no entries left for this mission.');
  });

  it('goes back to sign-in when the session has expired', async () => {
    let expired = false;
    openAt('/play/campaigns/5/missions/11', {
      ...signedIn,
      'POST /api/play/campaigns/5/missions/11/completions': () => {
        expired = true;
        return { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'sign in', fields: [] } } };
      },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Eye level' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to take part' })).toBeTruthy();
    expect(expired).toBe(true);
  });
});

describe('participant app: rewards and rank', () => {
  it('lists my rewards: codes with a copy button, money earned, and a prize’s delivery form', async () => {
    const rewards: TPlayMyRewards = {
      moneyEarnedCents: 1_250,
      items: [
        unlockFixture(),
        unlockFixture({ unlockId: 902, type: 'money', title: '$12.50 bonus', code: null, amountCents: 1_250 }),
        unlockFixture({ unlockId: 903, type: 'prize', title: 'Weekend trip', code: null, status: 'assigned' }),
      ],
    };
    const api = openAt('/play/rewards', {
      ...signedIn,
      'GET /api/play/rewards': () => ({ body: rewards }),
      'POST /api/play/rewards/903/prize-form': ({ body }) => ({
        body: unlockFixture({
          unlockId: 903,
          type: 'prize',
          title: 'Weekend trip',
          code: null,
          status: 'assigned',
          prizeForm: {
            ...(body as object),
            addressLine2: '',
            notes: '',
            formId: 3,
            submittedAt: 1_772_500_000,
          } as never,
        }),
      }),
    });
    expect(await screen.findByText('Money earned: $12.50')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy code SPRING-7Q2X' })).toBeTruthy();
    const prize = screen.getByRole('article', { name: 'Weekend trip' });
    expect(within(prize).getByText('Assigned to you')).toBeTruthy();
    const fill = (label: string, value: string) =>
      fireEvent.change(within(prize).getByLabelText(label), { target: { value } });
    fill('Full name (required)', 'Sam Seller');
    fill('Phone (required)', '+1 555 0100');
    fill('Address (required)', '1 Main St');
    fill('City (required)', 'Springfield');
    fill('Postal code (required)', '12345');
    fill('Country (two letters) (required)', 'us');
    fireEvent.click(within(prize).getByRole('button', { name: 'Send delivery details' }));
    expect(await within(prize).findByText('Delivery details received.')).toBeTruthy();
    expect(api.to('POST', '/api/play/rewards/903/prize-form')[0]?.body).toMatchObject({
      fullName: 'Sam Seller',
      countryCode: 'us',
      city: 'Springfield',
    });
  });

  it('shows money in the brand’s currency, in the chosen language', async () => {
    const euroSession = sessionFixture();
    euroSession.participant.brandCurrency = 'EUR';
    openAt(
      '/play/rewards',
      {
        'GET /api/play/me': () => ({ body: euroSession }),
        'GET /api/play/rewards': () => ({
          body: { moneyEarnedCents: 1_250, items: [unlockFixture({ unlockId: 902, type: 'money', title: 'Bonus', code: null, amountCents: 1_250 })] },
        }),
      },
      'fr',
    );
    // Testing Library collapses the (narrow) no-break spaces French uses into plain ones.
    const amount = new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format(12.5).replace(/\s/g, ' ');
    expect(amount).toContain('€');
    expect((await screen.findAllByText((text) => text.includes(amount))).length).toBeGreaterThan(0);
    expect(screen.queryByText((text) => text.includes('$'))).toBeNull();
  });

  it('shows my contest rank and the leaders the contest lets me see', async () => {
    const rank: TPlayRank = {
      contest: { type: 'user', rankLeadersBasedOn: 'numbers_submissions', displayLeaderboard: true, rulesUrl: null },
      me: {
        rank: 2,
        userId: 41,
        userName: 'Sam Seller',
        storeId: null,
        storeName: null,
        submissions: 7,
        salesAmountCents: null,
      },
      top: [
        {
          rank: 1,
          userId: 40,
          userName: 'Ana Top',
          storeId: null,
          storeName: null,
          submissions: 9,
          salesAmountCents: null,
        },
        {
          rank: 2,
          userId: 41,
          userName: 'Sam Seller',
          storeId: null,
          storeName: null,
          submissions: 7,
          salesAmountCents: null,
        },
      ],
      totalRanked: 12,
    };
    openAt('/play/campaigns/5/rank', { ...signedIn, 'GET /api/play/campaigns/5/rank': () => ({ body: rank }) });
    expect(await screen.findByText('Your rank: #2 of 12')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Leaders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Rank', 'Name', 'Entries']);
    const mine = within(table)
      .getAllByRole('row')
      .find((r) => r.getAttribute('aria-current') === 'true');
    expect(mine?.textContent).toContain('Sam Seller');
  });

  it('moves between screens with the bottom navigation and focuses the new heading', async () => {
    openAt('/play', { ...signedIn, 'GET /api/play/rewards': () => ({ body: { items: [], moneyEarnedCents: 0 } }) });
    await screen.findByRole('heading', { level: 1, name: 'Your campaigns' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await act(async () => {
      fireEvent.click(within(nav).getByRole('link', { name: 'My rewards' }));
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'My rewards' });
    expect(window.location.pathname).toBe('/play/rewards');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('No rewards yet. Complete missions to unlock them.')).toBeTruthy();
  });
});

describe('sales amounts typed by a participant', () => {
  it('reads a comma or a point as the decimal separator, in cents', () => {
    expect(parseAmountToCents('129,50')).toBe(12_950);
    expect(parseAmountToCents(' 12.5 ')).toBe(1_250);
    expect(parseAmountToCents('')).toBeUndefined();
    expect(parseAmountToCents('abc')).toBeNaN();
  });
});
