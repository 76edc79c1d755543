import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TPlaySession } from '@rally/domain';
import { stubFetch, type TFetchRoutes } from '../test/fetch-stub';
import { PlayApp } from './play-app';
import { formatDate } from './play-i18n';
import { sessionFixture, summaryFixture } from './test/play-fixtures';

/** 2026-03-01 02:30 UTC: still 28 February in Los Angeles, already 1 March (and 11:30) in Tokyo. */
const END = Date.UTC(2026, 2, 1, 2, 30) / 1000;

const sessionWith = (over: Partial<TPlaySession['participant']>): TPlaySession => ({
  participant: { ...sessionFixture().participant, ...over },
});

function openMe(routes: TFetchRoutes, path = '/play/me') {
  window.history.pushState(null, '', path);
  const api = stubFetch(routes);
  render(<PlayApp initialLanguage="en" />);
  return api;
}

afterEach(() => {
  window.history.pushState(null, '', '/');
  window.localStorage.clear();
});

describe('the /play date formatter', () => {
  it('shows one instant in the participant’s zone: another day in Los Angeles than in Tokyo', () => {
    expect(formatDate(END, 'en', 'America/Los_Angeles')).toBe('Feb 28, 2026, 6:30 PM');
    expect(formatDate(END, 'en', 'Asia/Tokyo')).toBe('Mar 1, 2026, 11:30 AM');
    expect(formatDate(END, 'fr', 'Asia/Tokyo')).toBe('1 mars 2026, 11:30');
    // A zone Intl does not know falls back to the browser's instead of failing the screen.
    expect(formatDate(END, 'en', 'Nowhere/Land')).toMatch(/2026/);
  });
});

describe('participant app: Me', () => {
  it('saves a time zone and the campaign list shows its end date in it', async () => {
    let current = sessionWith({ timeZone: 'America/Los_Angeles' });
    const api = openMe({
      'GET /api/play/me': () => ({ body: current }),
      'GET /api/play/me/deletion': () => ({ body: { moneyEarnedCents: 0, brandCurrency: 'USD', completions: 0, unlocks: 0 } }),
      'PATCH /api/play/me/settings': (r) => {
        current = sessionWith({ ...(r.body as object) });
        return { body: current };
      },
      'GET /api/play/campaigns': () => ({ body: { items: [summaryFixture({ endDate: END })] } }),
    });
    const zone = await screen.findByLabelText('Time zone');
    expect((zone as HTMLSelectElement).value).toBe('America/Los_Angeles');
    fireEvent.change(zone, { target: { value: 'Asia/Tokyo' } });
    await waitFor(() => expect(api.to('PATCH', '/api/play/me/settings')[0]?.body).toEqual({ timeZone: 'Asia/Tokyo' }));
    await waitFor(() => expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe('Asia/Tokyo'));

    fireEvent.click(screen.getByRole('link', { name: 'Campaigns' }));
    expect(await screen.findByText(/Ends Mar 1, 2026, 11:30\sAM/)).toBeTruthy();
  });

  it('changes the name with the domain’s rule checked first, and the language for good (saved, then applied)', async () => {
    let current = sessionFixture();
    const api = openMe({
      'GET /api/play/me': () => ({ body: current }),
      'GET /api/play/me/deletion': () => ({ body: { moneyEarnedCents: 0, brandCurrency: 'USD', completions: 0, unlocks: 0 } }),
      'PATCH /api/play/me/settings': (r) => {
        current = sessionWith({ ...(r.body as object) });
        return { body: current };
      },
    });
    const name = await screen.findByLabelText('Name');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('required')).toBeTruthy();
    expect(api.to('PATCH', '/api/play/me/settings')).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'Samantha' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(api.to('PATCH', '/api/play/me/settings')[0]?.body).toEqual({ name: 'Samantha' });

    fireEvent.change(screen.getByLabelText('Language', { selector: '#me-language' }), { target: { value: 'fr' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeTruthy();
    expect(api.to('PATCH', '/api/play/me/settings')[1]?.body).toEqual({ language: 'fr' });
    expect(document.documentElement.lang).toBe('fr');
  });

  it('applies the saved language over this device’s on sign-in', async () => {
    openMe({
      'GET /api/play/me': () => ({ body: sessionWith({ language: 'es' }) }),
      'GET /api/play/me/deletion': () => ({ body: { moneyEarnedCents: 0, brandCurrency: 'USD', completions: 0, unlocks: 0 } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeTruthy();
  });

  it('changes the email with a code sent to the new address', async () => {
    let current = sessionFixture();
    const api = openMe({
      'GET /api/play/me': () => ({ body: current }),
      'GET /api/play/me/deletion': () => ({ body: { moneyEarnedCents: 0, brandCurrency: 'USD', completions: 0, unlocks: 0 } }),
      'POST /api/play/me/email/request-code': () => ({ body: { ok: true, expiresInSeconds: 600 } }),
      'POST /api/play/me/email/verify': (r) => {
        const code = (r.body as { code: string }).code;
        if (code !== '246810')
          return { status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'bad', fields: [{ path: 'code', message: 'this code is wrong or expired; ask for a new one' }] } } };
        current = sessionWith({ email: 'sam.new@people.test' });
        return { body: current };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change email' }));
    fireEvent.change(screen.getByLabelText('New email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a code to the new email' }));
    expect(await screen.findByText('a valid email')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New email'), { target: { value: 'Sam.New@people.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a code to the new email' }));
    expect(await screen.findByText(/We sent a six-digit code to sam.new@people.test/)).toBeTruthy();
    expect(api.to('POST', '/api/play/me/email/request-code')[0]?.body).toEqual({ email: 'sam.new@people.test' });
    fireEvent.change(screen.getByLabelText('Six-digit code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the new email' }));
    expect(await screen.findByText('this code is wrong or expired; ask for a new one')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Six-digit code'), { target: { value: '246 810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the new email' }));
    expect(await screen.findByText('Your email is now sam.new@people.test.')).toBeTruthy();
    expect(screen.getByTestId('me-email').textContent).toBe('sam.new@people.test');
  });

  it('offers the download of my data', async () => {
    openMe({
      'GET /api/play/me': () => ({ body: sessionFixture() }),
      'GET /api/play/me/deletion': () => ({ body: { moneyEarnedCents: 0, brandCurrency: 'USD', completions: 0, unlocks: 0 } }),
    });
    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link.getAttribute('href')).toBe('/api/play/me/export');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('deletes the account only once the money given up is confirmed, then signs out', async () => {
    const api = openMe({
      'GET /api/play/me': () => ({ body: sessionFixture() }),
      'GET /api/play/me/deletion': () => ({ body: { moneyEarnedCents: 1250, brandCurrency: 'USD', completions: 4, unlocks: 2 } }),
      'POST /api/play/me/delete': () => ({ body: { ok: true } }),
    });
    const section = (await screen.findByRole('heading', { name: 'Delete my account' })).closest('section')!;
    expect(await within(section as HTMLElement).findByText(/Your 4 entries and 2 rewards stay/)).toBeTruthy();
    expect(within(section as HTMLElement).getByTestId('me-delete-money').textContent).toContain('$12.50');
    const button = within(section as HTMLElement).getByRole('button', { name: 'Delete my account for good' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(section as HTMLElement).getByLabelText('I give up $12.50 and delete my account'));
    fireEvent.click(button);
    expect(await screen.findByText('Your account was deleted.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to take part' })).toBeTruthy();
    expect(api.to('POST', '/api/play/me/delete')[0]?.body).toEqual({ confirm: true, forfeitMoneyCents: 1250 });
  });

  it('holds the notification choices', async () => {
    const api = openMe({
      'GET /api/play/me': () => ({ body: sessionFixture() }),
      'GET /api/play/me/deletion': () => ({ body: { moneyEarnedCents: 0, brandCurrency: 'USD', completions: 0, unlocks: 0 } }),
      'GET /api/play/notifications/choices': () => ({ body: { choices: [], canMail: true, pushDevices: 0 } }),
    });
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(api.to('GET', '/api/play/notifications/choices')).toHaveLength(1));
  });
});
