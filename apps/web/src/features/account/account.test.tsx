import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAccountProfile, TAccountSession } from '@rally/domain';
import { AccountPage } from './components/account-page';
import { renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';

const NOW = 1_780_000_000;
const profile = (overrides: Partial<TAccountProfile> = {}): TAccountProfile => ({
  id: 'user-1',
  name: 'Olivia Owner',
  email: 'owner@brand.test',
  pendingEmail: null,
  createdAt: NOW - 86_400,
  ...overrides,
});
const session = (id: string, userAgent: string, current = false): TAccountSession => ({
  id,
  userAgent,
  ipAddress: '203.0.113.7',
  createdAt: NOW - 3_600,
  lastActiveAt: NOW - 60,
  expiresAt: NOW + 86_400,
  current,
});
const MAC_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const errorBody = (code: string, fields: { path: string; message: string }[] = []) => ({ error: { code, message: 'refused', fields } });

function renderAccount(routes: Parameters<typeof stubFetch>[0] = {}) {
  const api = stubFetch({
    'GET /api/account': () => ({ body: profile() }),
    'GET /api/account/sessions': () => ({ body: { sessions: [session('s-here', MAC_SAFARI, true), session('s-office', WINDOWS_CHROME)] } }),
    ...routes,
  });
  const result = renderRoutes([{ path: '/account', element: <AccountPage /> }], '/account');
  return { ...result, api };
}
const section = (name: string) => screen.getByRole('region', { name });

describe('my account: password', () => {
  it('names each field the domain schema refuses, under the field, before calling the server', async () => {
    const { api } = renderAccount();
    const password = await screen.findByRole('region', { name: 'Password' });
    fireEvent.change(within(password).getByLabelText(/New password/), { target: { value: 'short' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change my password' }));

    expect(within(password).getByText('This field is required.')).toBeTruthy();
    expect(within(password).getByText('Use at least 8 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(within(password).getByLabelText(/Current password/));
    expect(api.to('POST', '/api/account/password')).toHaveLength(0);
  });

  it("shows the server's refusal of the current password under that field, then the other sessions signed out", async () => {
    let calls = 0;
    renderAccount({
      'POST /api/account/password': () => {
        calls += 1;
        return calls === 1
          ? { status: 400, body: errorBody('VALIDATION_FAILED', [{ path: 'currentPassword', message: 'incorrect password' }]) }
          : { body: { revoked: 2 } };
      },
    });
    const password = await screen.findByRole('region', { name: 'Password' });
    fireEvent.change(within(password).getByLabelText(/Current password/), { target: { value: 'wrong-one-here' } });
    fireEvent.change(within(password).getByLabelText(/New password/), { target: { value: 'a-new-password' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change my password' }));
    expect(await within(password).findByText('This is not your current password.')).toBeTruthy();
    expect(within(password).getByLabelText(/Current password/).getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(within(password).getByLabelText(/Current password/), { target: { value: 'the-right-one' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change my password' }));
    expect((await within(password).findByRole('status')).textContent).toBe('Your password is changed. 2 other sessions were signed out.');
  });
});

describe('my account: email address', () => {
  it('refuses a malformed address and the one I have, each under the new address field', async () => {
    const { api } = renderAccount({
      'POST /api/account/email': () => ({ status: 400, body: errorBody('VALIDATION_FAILED', [{ path: 'newEmail', message: 'this is already your address' }]) }),
    });
    const email = await screen.findByRole('region', { name: 'Email address' });
    fireEvent.change(within(email).getByLabelText(/New email address/), { target: { value: 'nope' } });
    fireEvent.click(within(email).getByRole('button', { name: 'Send the confirmation link' }));
    expect(within(email).getByText('Enter a valid email address.')).toBeTruthy();
    expect(within(email).getByText('This field is required.')).toBeTruthy();
    expect(api.to('POST', '/api/account/email')).toHaveLength(0);

    fireEvent.change(within(email).getByLabelText(/New email address/), { target: { value: 'owner@brand.test' } });
    fireEvent.change(within(email).getByLabelText(/Current password/), { target: { value: 'demo1234' } });
    fireEvent.click(within(email).getByRole('button', { name: 'Send the confirmation link' }));
    expect(await within(email).findByText('This is already your email address.')).toBeTruthy();
  });

  it('shows the new address as waiting for its link once asked', async () => {
    let pending: string | null = null;
    renderAccount({
      'GET /api/account': () => ({ body: profile({ pendingEmail: pending }) }),
      'POST /api/account/email': (request) => {
        pending = (request.body as { newEmail: string }).newEmail;
        return { status: 202, body: { status: 'mail-queued' } };
      },
    });
    const email = await screen.findByRole('region', { name: 'Email address' });
    fireEvent.change(within(email).getByLabelText(/New email address/), { target: { value: 'Olivia@New.test' } });
    fireEvent.change(within(email).getByLabelText(/Current password/), { target: { value: 'demo1234' } });
    fireEvent.click(within(email).getByRole('button', { name: 'Send the confirmation link' }));
    expect((await within(email).findByRole('status')).textContent).toContain('Waiting for confirmation: olivia@new.test');
    expect(within(email).getByText('Current address: owner@brand.test')).toBeTruthy();
  });
});

describe('my account: sessions', () => {
  it('lists where I am signed in, this browser marked, and signs out one or all the others', async () => {
    const { api } = renderAccount({
      'DELETE /api/account/sessions/s-office': () => ({ body: { revoked: 1 } }),
      'POST /api/account/sessions/revoke-others': () => ({ body: { revoked: 1 } }),
    });
    await screen.findByText('Chrome on Windows');
    const sessions = section('Where you are signed in');
    const here = within(sessions).getByText('Safari on macOS').closest('tr')!;
    expect(within(here).getByText('This browser')).toBeTruthy();
    expect(within(here).queryByRole('button')).toBeNull();

    fireEvent.click(within(sessions).getByRole('button', { name: 'Sign out Chrome on Windows' }));
    await waitFor(() => expect(api.to('DELETE', '/api/account/sessions/s-office')).toHaveLength(1));
    fireEvent.click(within(sessions).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(api.to('POST', '/api/account/sessions/revoke-others')).toHaveLength(1));
  });
});
