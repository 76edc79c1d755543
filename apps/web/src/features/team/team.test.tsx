import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../auth';
import { InviteModal } from './components/invite-modal';
import TeamPage from './components/team-page';
import AcceptInvitationPage from './components/accept-invitation-page';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { meAs, meFixture } from '../../test/fixtures';

function renderInvite(myRole: 'owner' | 'admin' = 'owner') {
  const onInvited = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<InviteModal opened onClose={onClose} myRole={myRole} onInvited={onInvited} />);
  return { onInvited, onClose };
}

const emailField = () => screen.getByRole('textbox', { name: /Email address/ });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

describe('invite form', () => {
  it('asks for an email address before calling the server', async () => {
    const api = stubFetch({});
    renderInvite();
    send();
    expect(await screen.findByText('Enter an email address')).toBeTruthy();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(api.requests).toHaveLength(0);
  });

  it('refuses an address that is not one, with the domain schema, before calling the server', async () => {
    const api = stubFetch({});
    renderInvite();
    fireEvent.change(emailField(), { target: { value: 'not-an-email' } });
    send();
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('shows under the field that the person is a member already (409 naming email)', async () => {
    stubFetch({
      'POST /api/team/invitations': () => ({
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This address is already a member of the brand', fields: [{ path: 'email', message: 'already a member of this brand' }] } },
      }),
    });
    const { onInvited } = renderInvite();
    fireEvent.change(emailField(), { target: { value: 'sam@team.test' } });
    send();
    expect(await screen.findByText('This person is already a member of the brand')).toBeTruthy();
    expect(onInvited).not.toHaveBeenCalled();
  });

  it('says when the brand sent its invitations for the day (429)', async () => {
    stubFetch({
      'POST /api/team/invitations': () => ({ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many', fields: [] } } }),
    });
    renderInvite();
    fireEvent.change(emailField(), { target: { value: 'sam@team.test' } });
    send();
    expect((await screen.findByRole('alert')).textContent).toContain('as many invitations as it can today');
  });

  it('sends the address and role, lower-cased and trimmed by the schema on the server, and reports it', async () => {
    const api = stubFetch({
      'POST /api/team/invitations': (req) => ({
        status: 201,
        body: { id: 'inv-1', email: (req.body as { email: string }).email.trim().toLowerCase(), role: 'analyst', status: 'pending', invitedBy: 'Olivia Owner', createdAt: 1, expiresAt: 2 },
      }),
    });
    const { onInvited } = renderInvite();
    fireEvent.change(emailField(), { target: { value: 'Sam@Team.test' } });
    fireEvent.click(screen.getByRole('combobox', { name: /Role/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Analyst' }));
    send();
    await waitFor(() => expect(onInvited).toHaveBeenCalledWith('sam@team.test'));
    expect(api.to('POST', '/api/team/invitations')[0]?.body).toEqual({ email: 'Sam@Team.test', role: 'analyst' });
  });

  it('offers the owner role to an owner only', async () => {
    stubFetch({});
    renderInvite('admin');
    fireEvent.click(screen.getByRole('combobox', { name: /Role/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Admin', 'Campaign manager', 'Analyst', 'Finance']);
  });
});

const teamRoutes: RouteObject[] = [
  {
    path: '/team',
    element: (
      <RequireAuth>
        <TeamPage />
      </RequireAuth>
    ),
  },
];

const members = {
  items: [
    { id: 'm1', userId: 'user-1', name: 'Olivia Owner', email: 'owner@brand.test', role: 'owner', joinedAt: 1_700_000_000, isMe: true },
    { id: 'm2', userId: 'user-2', name: 'Casey Maker', email: 'casey@brand.test', role: 'campaign_manager', joinedAt: 1_700_000_000, isMe: false },
  ],
};
const invitations = {
  items: [{ id: 'i1', email: 'late@brand.test', role: 'finance', status: 'expired', invitedBy: 'Olivia Owner', createdAt: 1_700_000_000, expiresAt: 1_700_600_000 }],
};

describe('team page', () => {
  it('lists members and invitations; removing asks first, then calls the server', async () => {
    const api = stubFetch({
      'GET /api/me': () => ({ body: meFixture() }),
      'GET /api/team/members': () => ({ body: members }),
      'GET /api/team/invitations': () => ({ body: invitations }),
      'DELETE /api/team/members/m2': () => ({ status: 204 }),
    });
    renderRoutes(teamRoutes, '/team');
    const row = (await screen.findByText('casey@brand.test')).closest('tr')!;
    expect(within(row).getByRole('combobox', { name: 'Role of Casey Maker' })).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend the invitation to late@brand.test' })).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Remove Casey Maker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this member?' });
    expect(api.to('DELETE', '/api/team/members/m2')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.to('DELETE', '/api/team/members/m2')).toHaveLength(1));
  });

  it("offers the brand's only owner no role change and no way to leave", async () => {
    stubFetch({
      'GET /api/me': () => ({ body: meFixture() }),
      'GET /api/team/members': () => ({ body: members }),
      'GET /api/team/invitations': () => ({ body: invitations }),
    });
    renderRoutes(teamRoutes, '/team');
    const row = (await screen.findByText('owner@brand.test')).closest('tr')!;
    expect(within(row).queryByRole('combobox')).toBeNull();
    expect(within(row).getByText(/the brand's only owner/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave brand' })).toBeNull();
  });

  it('shows an analyst the team without invite, role or remove controls', async () => {
    stubFetch({
      'GET /api/me': () => ({ body: meAs('analyst') }),
      // As the analyst sees it: the owner is someone else, the analyst is "me".
      'GET /api/team/members': () => ({
        body: {
          items: [
            ...members.items.map((m) => ({ ...m, isMe: false })),
            { id: 'm3', userId: 'user-3', name: 'Ana Lyst', email: 'ana@brand.test', role: 'analyst', joinedAt: 1_700_000_000, isMe: true },
          ],
        },
      }),
      'GET /api/team/invitations': () => ({ body: invitations }),
    });
    renderRoutes(teamRoutes, '/team');
    await screen.findByText('casey@brand.test');
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Role of Casey Maker' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Casey Maker' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave brand' })).toBeTruthy();
  });
});

describe('accept invitation page', () => {
  const token = 'a'.repeat(43);
  const acceptRoutes: RouteObject[] = [
    { path: '/invitations/:token', element: <AcceptInvitationPage /> },
    { path: '/campaign', element: <p>campaigns home</p> },
  ];
  const preview = (over: object = {}) => ({
    brandName: 'Brightside',
    email: 'new@team.test',
    role: 'campaign_manager',
    invitedBy: 'Olivia Owner',
    expiresAt: 1_900_000_000,
    hasAccount: false,
    signedInAs: null,
    ...over,
  });

  it('signed out without an account: checks name and password, creates the account, signs in and lands on the campaigns home', async () => {
    const api = stubFetch({
      [`GET /api/team/invitations/by-token/${token}`]: () => ({ body: preview() }),
      [`POST /api/team/invitations/by-token/${token}/accept-new`]: () => ({ status: 201, body: { brandId: 'b1', brandName: 'Brightside', role: 'campaign_manager', email: 'new@team.test' } }),
      'POST /api/auth/sign-in/email': () => ({ body: { redirect: false, token: 't', user: { id: 'u', email: 'new@team.test', name: 'New' } } }),
    });
    renderRoutes(acceptRoutes, `/invitations/${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('Enter your name')).toBeTruthy();
    expect(screen.getByText('Choose a password of 8 to 128 characters')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Your name/ }), { target: { value: 'Nia New' } });
    fireEvent.change(screen.getByLabelText(/Choose a password/), { target: { value: 'nia-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('campaigns home')).toBeTruthy();
    expect(api.to('POST', `/api/team/invitations/by-token/${token}/accept-new`)[0]?.body).toEqual({ name: 'Nia New', password: 'nia-password' });
    expect(api.to('POST', '/api/auth/sign-in/email')[0]?.body).toEqual({ email: 'new@team.test', password: 'nia-password' });
  });

  it('says an expired or used link cannot be used (410)', async () => {
    stubFetch({
      [`GET /api/team/invitations/by-token/${token}`]: () => ({ status: 410, body: { error: { code: 'LINK_EXPIRED', message: 'expired', fields: [] } } }),
    });
    renderRoutes(acceptRoutes, `/invitations/${token}`);
    expect(await screen.findByText(/has expired, was used already or was revoked/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'This invitation cannot be used' })).toBeTruthy();
  });

  it('signed in as the invited address: joins with one button', async () => {
    const api = stubFetch({
      [`GET /api/team/invitations/by-token/${token}`]: () => ({ body: preview({ hasAccount: true, signedInAs: 'NEW@team.test' }) }),
      [`POST /api/team/invitations/by-token/${token}/accept`]: () => ({ body: { brandId: 'b1', brandName: 'Brightside', role: 'campaign_manager', email: 'new@team.test' } }),
    });
    renderRoutes(acceptRoutes, `/invitations/${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Join Brightside' }));
    expect(await screen.findByText('campaigns home')).toBeTruthy();
    expect(api.to('POST', `/api/team/invitations/by-token/${token}/accept`)).toHaveLength(1);
  });
});
