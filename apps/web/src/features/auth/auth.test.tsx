import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { SignInPage } from './components/sign-in-page';
import { RequireAuth } from './components/require-auth';
import { useSession } from '../../app/session';
import { renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { meFixture } from '../../test/fixtures';

function WhoAmI() {
  return <p>signed in as {useSession().user.email}</p>;
}

const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage /> },
  {
    path: '/campaign',
    element: (
      <RequireAuth>
        <WhoAmI />
      </RequireAuth>
    ),
  },
];

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in', () => {
  it('shows that the credentials are wrong when the server answers 401', async () => {
    stubFetch({
      'POST /api/auth/sign-in/email': () => ({
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'Invalid email or password', fields: [] } },
      }),
    });
    renderRoutes(routes, '/sign-in');

    fillAndSubmit('owner@brand.test', 'wrong');

    expect((await screen.findByRole('alert')).textContent).toContain('The email or password is incorrect.');
  });

  it('asks to slow down when sign-in is rate limited', async () => {
    stubFetch({
      'POST /api/auth/sign-in/email': () => ({
        status: 429,
        body: { error: { code: 'RATE_LIMITED', message: 'Too many requests', fields: [] } },
      }),
    });
    renderRoutes(routes, '/sign-in');

    fillAndSubmit('owner@brand.test', 'demo1234');

    expect((await screen.findByRole('alert')).textContent).toContain('Too many sign-in attempts');
  });

  it('checks the fields before calling the server', () => {
    const api = stubFetch({});
    renderRoutes(routes, '/sign-in');

    fillAndSubmit('not-an-email', '');

    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(api.requests.filter((r) => r.url.pathname !== '/api/auth/options')).toHaveLength(0);
  });

  it('goes to /campaign after signing in with a demo account', async () => {
    const api = stubFetch({
      'GET /api/auth/options': () => ({ body: { signUp: 'open', demoAccounts: true } }),
      'POST /api/auth/sign-in/email': () => ({ body: { ok: true } }),
      'GET /api/me': () => ({ body: meFixture() }),
    });
    const { router } = renderRoutes(routes, '/sign-in');

    fireEvent.click(await screen.findByRole('button', { name: 'Fill in the demo account owner@brand.test' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign'));
    expect(await screen.findByText('signed in as owner@brand.test')).toBeTruthy();
    expect(api.to('POST', '/api/auth/sign-in/email')[0]?.body).toEqual({
      email: 'owner@brand.test',
      password: 'demo1234',
    });
  });

  it('lists no demo accounts and no sign-up where the deployment has none', async () => {
    const api = stubFetch({ 'GET /api/auth/options': () => ({ body: { signUp: 'invite-only', demoAccounts: false } }) });
    renderRoutes(routes, '/sign-in');
    await waitFor(() => expect(api.to('GET', '/api/auth/options')).toHaveLength(1));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByText('owner@brand.test')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
  });

  it('sends a signed-out visitor to /sign-in', async () => {
    stubFetch({
      'GET /api/me': () => ({
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'Not signed in', fields: [] } },
      }),
    });
    const { router } = renderRoutes(routes, '/campaign');

    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });
});
