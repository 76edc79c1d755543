import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { SignInPage } from './components/sign-in-page';
import { SignUpPage } from './components/sign-up-page';
import { CheckEmailPage } from './components/check-email-page';
import { ForgotPasswordPage } from './components/forgot-password-page';
import { ResetPasswordPage } from './components/reset-password-page';
import { VerifyEmailPage } from './components/verify-email-page';
import { renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';

const TOKEN = 'A'.repeat(43);
const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage /> },
  { path: '/sign-up', element: <SignUpPage /> },
  { path: '/check-email', element: <CheckEmailPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
];
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const errorBody = (code: string, fields: { path: string; message: string }[] = [], message = 'refused') => ({ error: { code, message, fields } });
const fieldOf = (label: RegExp) => screen.getByLabelText(label);

describe('sign-up', () => {
  it('shows each field error under its field, from the domain schema, before calling the server', () => {
    const api = stubFetch({});
    renderRoutes(routes, '/sign-up');
    type(/Email/, 'not-an-email');
    type(/^Password/, 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Use at least 8 characters.')).toBeTruthy();
    expect(fieldOf(/Your name/).getAttribute('aria-invalid')).toBe('true');
    expect(fieldOf(/^Password/).getAttribute('aria-invalid')).toBe('true');
    // The first invalid field has the focus.
    expect(document.activeElement).toBe(fieldOf(/Your name/));
    expect(api.requests).toHaveLength(0);
  });

  it("puts the server's field errors under the fields they name", async () => {
    stubFetch({
      'POST /api/auth/sign-up': () => ({ status: 400, body: errorBody('VALIDATION_FAILED', [{ path: 'email', message: 'at most 254 characters' }]) }),
    });
    renderRoutes(routes, '/sign-up');
    type(/Your name/, 'Nina');
    type(/Email/, 'nina@brand.test');
    type(/^Password/, 'a-good-password');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByText('Use at most 254 characters.')).toBeTruthy();
    expect(fieldOf(/Email/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends name, email, password and the page language, then says where the link went', async () => {
    const api = stubFetch({ 'POST /api/auth/sign-up': () => ({ status: 202, body: { status: 'mail-queued' } }) });
    const { router } = renderRoutes(routes, '/sign-up');
    type(/Your name/, 'Nina');
    type(/Email/, 'Nina@Brand.test');
    type(/^Password/, 'a-good-password');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/check-email'));
    expect(await screen.findByText(/We sent a link to nina@brand\.test/)).toBeTruthy();
    expect(api.to('POST', '/api/auth/sign-up')[0]?.body).toEqual({ name: 'Nina', email: 'nina@brand.test', password: 'a-good-password', locale: 'en' });
  });

  it('explains a closed sign-up', async () => {
    stubFetch({ 'POST /api/auth/sign-up': () => ({ status: 403, body: errorBody('SIGN_UP_CLOSED') }) });
    renderRoutes(routes, '/sign-up');
    type(/Your name/, 'Nina');
    type(/Email/, 'nina@brand.test');
    type(/^Password/, 'a-good-password');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Sign-up is closed');
  });

  it('is linked from the sign-in page when sign-up is open', async () => {
    stubFetch({ 'GET /api/auth/options': () => ({ body: { signUp: 'open', demoAccounts: false } }) });
    renderRoutes(routes, '/sign-in');
    expect((await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href')).toBe('/sign-up');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot-password');
  });
});

describe('signing in before verifying', () => {
  it('says to confirm the address and sends the link again with the typed email and password', async () => {
    const api = stubFetch({
      'POST /api/auth/sign-in/email': () => ({ status: 403, body: errorBody('EMAIL_NOT_VERIFIED', [{ path: 'email', message: 'not verified yet' }]) }),
      'POST /api/auth/send-verification-email': () => ({ status: 202, body: { status: 'mail-queued' } }),
    });
    renderRoutes(routes, '/sign-in');
    type(/Email/, 'nina@brand.test');
    type(/Password/, 'a-good-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Confirm your email address first');
    fireEvent.click(screen.getByRole('button', { name: 'Email me the link again' }));
    expect(await screen.findByText('A new link is on its way to nina@brand.test.')).toBeTruthy();
    expect(api.to('POST', '/api/auth/send-verification-email')[0]?.body).toEqual({ email: 'nina@brand.test', password: 'a-good-password' });
  });
});

describe('the verification link', () => {
  it('confirms the address with the token from the link, then offers to sign in with it', async () => {
    window.history.replaceState(null, '', `/verify-email#token=${TOKEN}`);
    const api = stubFetch({ 'POST /api/auth/verify-email': () => ({ body: { email: 'nina@brand.test' } }) });
    const { router } = renderRoutes(routes, '/verify-email');

    expect(await screen.findByText('Your address nina@brand.test is confirmed.')).toBeTruthy();
    expect(api.to('POST', '/api/auth/verify-email')).toHaveLength(1);
    expect(api.to('POST', '/api/auth/verify-email')[0]?.body).toEqual({ token: TOKEN });
    // The token leaves the address bar.
    expect(window.location.hash).toBe('');
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect((await screen.findByRole('status')).textContent).toContain('Your email address is confirmed');
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe('nina@brand.test');
  });

  it('says when the link has expired or was used', async () => {
    window.history.replaceState(null, '', `/verify-email#token=${TOKEN}`);
    stubFetch({ 'POST /api/auth/verify-email': () => ({ status: 410, body: errorBody('LINK_EXPIRED', [{ path: 'token', message: 'expired or used already' }]) }) });
    renderRoutes(routes, '/verify-email');
    expect((await screen.findByRole('alert')).textContent).toContain('expired or was already used');
  });
});

describe('forgotten password', () => {
  it('checks the address, then gives the same answer whoever it belongs to', async () => {
    const api = stubFetch({ 'POST /api/auth/forgot-password': () => ({ status: 202, body: { status: 'mail-queued' } }) });
    renderRoutes(routes, '/forgot-password');
    type(/Email/, 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(api.requests).toHaveLength(0);

    type(/Email/, 'Someone@Brand.test');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect((await screen.findByRole('status')).textContent).toContain('If an account uses someone@brand.test');
  });

  it('asks to wait when the requests are limited', async () => {
    stubFetch({ 'POST /api/auth/forgot-password': () => ({ status: 429, body: errorBody('RATE_LIMITED', [{ path: 'email', message: 'too many attempts for this email; try again in 60 s' }]) }) });
    renderRoutes(routes, '/forgot-password');
    type(/Email/, 'someone@brand.test');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText(/too many attempts for this email/)).toBeTruthy();
  });

  it('sets a new password from the link: the policy under the field, then sign-in with the address', async () => {
    window.history.replaceState(null, '', `/reset-password#token=${TOKEN}`);
    const api = stubFetch({ 'POST /api/auth/reset-password': () => ({ body: { email: 'rita@brand.test' } }) });
    const { router } = renderRoutes(routes, '/reset-password');
    type(/New password/, 'x'.repeat(129));
    fireEvent.click(screen.getByRole('button', { name: 'Set my new password' }));
    expect(screen.getByText('Use at most 128 characters.')).toBeTruthy();
    expect(api.requests).toHaveLength(0);

    type(/New password/, 'ritas-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Set my new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(api.to('POST', '/api/auth/reset-password')[0]?.body).toEqual({ token: TOKEN, password: 'ritas-new-password' });
    expect((await screen.findByRole('status')).textContent).toContain('Your password is changed');
  });

  it('offers a new link when the reset link has expired', async () => {
    window.history.replaceState(null, '', `/reset-password#token=${TOKEN}`);
    stubFetch({ 'POST /api/auth/reset-password': () => ({ status: 410, body: errorBody('LINK_EXPIRED', [{ path: 'token', message: 'expired or used already' }]) }) });
    renderRoutes(routes, '/reset-password');
    type(/New password/, 'ritas-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Set my new password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('expired or was already used');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
  });
});
