import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { SignInPage } from './components/sign-in-page';
import { renderRoutes } from '../../test/render';
import { stubFetch, type TFetchRoutes } from '../../test/fetch-stub';

const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage /> },
  { path: '/campaign', element: <p>the dashboard</p> },
];

/** The password step of an account with two-factor: the server asks for the code. */
const passwordStep: TFetchRoutes = {
  'POST /api/auth/sign-in/email': () => ({ body: { twoFactorRedirect: true, twoFactorMethods: ['totp'] } }),
  'POST /api/auth/sso/lookup': () => ({ body: { sso: false } }),
};

async function reachSecondStep() {
  renderRoutes(routes, '/sign-in');
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'owner@brand.test' } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'demo1234' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Two-factor authentication' });
}

function enterCode(code: string) {
  fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

describe("the sign-in's two-factor step", () => {
  it('asks for the code after the password and signs in with it', async () => {
    const api = stubFetch({
      ...passwordStep,
      'POST /api/auth/two-factor/verify': () => ({
        body: { user: { id: 'u1', email: 'owner@brand.test', name: 'Olivia' } },
      }),
    });
    await reachSecondStep();
    enterCode('123 456');
    expect(await screen.findByText('the dashboard')).toBeTruthy();
    expect(api.requests.find((r) => r.url.pathname === '/api/auth/two-factor/verify')?.body).toEqual({
      code: '123 456',
      backupCode: false,
      trustDevice: false,
    });
  });

  it('checks the code before calling the server', async () => {
    const api = stubFetch(passwordStep);
    await reachSecondStep();
    enterCode('12');
    expect(await screen.findByText('Enter the 6-digit code from your app.')).toBeTruthy();
    enterCode('');
    expect(await screen.findByText('Enter the code.')).toBeTruthy();
    expect(api.requests.some((r) => r.url.pathname === '/api/auth/two-factor/verify')).toBe(false);
  });

  it('shows a wrong code under the field and stays on the step', async () => {
    stubFetch({
      ...passwordStep,
      'POST /api/auth/two-factor/verify': () => ({
        status: 401,
        body: {
          error: {
            code: 'AUTH_FAILED',
            message: 'Wrong code',
            fields: [{ path: 'code', message: 'wrong or expired code' }],
          },
        },
      }),
    });
    await reachSecondStep();
    enterCode('000000');
    expect(await screen.findByText('That code is wrong or expired. Try the current one.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
  });

  it('asks to wait when the codes are throttled', async () => {
    stubFetch({
      ...passwordStep,
      'POST /api/auth/two-factor/verify': () => ({
        status: 429,
        body: {
          error: {
            code: 'RATE_LIMITED',
            message: 'Too many attempts; try again in 30 s',
            fields: [{ path: 'code', message: 'too many attempts for this account' }],
          },
        },
      }),
    });
    await reachSecondStep();
    enterCode('000000');
    expect((await screen.findByRole('alert')).textContent).toContain('Too many wrong codes');
  });

  it('sends the person back to the password when the sign-in expired', async () => {
    stubFetch({
      ...passwordStep,
      'POST /api/auth/two-factor/verify': () => ({
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'The sign-in expired', fields: [] } },
      }),
    });
    await reachSecondStep();
    enterCode('000000');
    expect((await screen.findByRole('alert')).textContent).toContain('This sign-in expired');
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy());
  });

  it('takes a backup code instead', async () => {
    const api = stubFetch({
      ...passwordStep,
      'POST /api/auth/two-factor/verify': () => ({
        body: { user: { id: 'u1', email: 'owner@brand.test', name: 'Olivia' } },
      }),
    });
    await reachSecondStep();
    fireEvent.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    fireEvent.change(screen.getByLabelText(/Backup code/), { target: { value: 'AbCdE-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('the dashboard')).toBeTruthy();
    expect(api.requests.find((r) => r.url.pathname === '/api/auth/two-factor/verify')?.body).toMatchObject({
      code: 'AbCdE-12345',
      backupCode: true,
    });
  });
});
