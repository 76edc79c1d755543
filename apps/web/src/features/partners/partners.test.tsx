import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import type { TPartnerInvitation, TPartnerPoolEntry } from '@rally/domain';
import { permissionsForRole } from '@rally/domain';
import { RequireAuth } from '../auth';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { meFixture } from '../../test/fixtures';
import { stubFetch, type TFetchRoutes } from '../../test/fetch-stub';
import { InvitePartnerForm } from './components/invite-partner-form';
import { PartnersPage } from './components/partners-page';

const routes: RouteObject[] = [
  {
    path: '/partners',
    element: (
      <RequireAuth>
        <PartnersPage />
      </RequireAuth>
    ),
  },
];

const entry = (id: number, over: Partial<TPartnerPoolEntry> = {}): TPartnerPoolEntry => ({
  id,
  status: 'approved',
  brandId: `b-${id}`,
  brandName: `Brand ${id}`,
  brandLogoUrl: null,
  invitedEmail: null,
  expired: false,
  invitedAt: '2026-11-01T10:00:00.000Z',
  respondedAt: null,
  removedAt: null,
  ...over,
});
const invitation = (id: number): TPartnerInvitation => ({
  id,
  retailer: { brandId: 'r-1', brandName: 'Metro Mart', brandLogoUrl: null },
  invitedEmail: 'owner@brand.test',
  addressedTo: 'brand',
  invitedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-04T10:00:00.000Z',
});

function stub(overrides: TFetchRoutes = {}, me = meFixture({ isRetailer: true })) {
  return stubFetch({
    'GET /api/me': () => ({ body: me }),
    'GET /api/partner-pool': () => ({
      body: { items: [entry(1), entry(2, { status: 'pending', brandId: null, brandName: null, invitedEmail: 'new@brand.test' })] },
    }),
    'GET /api/partner-invitations': () => ({ body: { items: [] } }),
    'POST /api/partner-pool/invitations': (r) => ({ body: { status: 'invited', email: (r.body as { email: string }).email } }),
    ...overrides,
  });
}

describe('InvitePartnerForm', () => {
  it('checks the email with the domain schema before sending anything', async () => {
    const { requests } = stub();
    renderWithProviders(<InvitePartnerForm />);
    fireEvent.change(screen.getByLabelText(/Email of the brand's owner or admin/), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('sends the normalised email and confirms the same way whoever it belongs to', async () => {
    const { requests } = stub();
    renderWithProviders(<InvitePartnerForm />);
    const input = screen.getByLabelText(/Email of the brand's owner or admin/);
    fireEvent.change(input, { target: { value: '  Buyer@Nova.TEST ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('status')).textContent).toContain('Invitation sent to buyer@nova.test');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ email: 'buyer@nova.test' });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('shows the daily limit when the server refuses with 429', async () => {
    stub({
      'POST /api/partner-pool/invitations': () => ({
        status: 429,
        body: { error: { code: 'RATE_LIMITED', message: 'Too many invitations today; try again tomorrow', fields: [{ path: 'email', message: 'Too many invitations today; try again tomorrow' }] } },
      }),
    });
    renderWithProviders(<InvitePartnerForm />);
    fireEvent.change(screen.getByLabelText(/Email of the brand's owner or admin/), { target: { value: 'a@b.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(await screen.findByText(/Too many requests. Wait a moment and try again./)).toBeTruthy();
  });
});

describe('PartnersPage', () => {
  it('shows a retailer its pool: an approved brand by name, an invitation by email only', async () => {
    stub();
    renderRoutes(routes, '/partners');
    const table = await screen.findByRole('table', { name: 'Partner pool' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Brand 1');
    expect(rows[1]?.textContent).toContain('Approved');
    expect(rows[2]?.textContent).toContain('new@brand.test');
    expect(rows[2]?.textContent).toContain('Pending');
    expect(rows[2]?.textContent).not.toContain('Brand 2');
    expect(screen.getByRole('button', { name: 'Invite a brand' })).toBeTruthy();
  });

  it('shows a brand that is not a retailer only its invitations, and accepts one', async () => {
    const { requests } = stub(
      {
        'GET /api/partner-invitations': () => ({ body: { items: [invitation(7)] } }),
        'POST /api/partner-invitations/7/accept': () => ({ body: { id: 7, status: 'approved', retailerName: 'Metro Mart' } }),
      },
      meFixture({ isRetailer: false }),
    );
    renderRoutes(routes, '/partners');
    expect(await screen.findByText('Metro Mart invites your brand to its partner pool')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Partner pool' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite a brand' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/partner-invitations/7/accept')).toBe(true));
    expect(requests.some((r) => r.url.pathname === '/api/partner-pool')).toBe(false);
  });

  it('hides invite and answer buttons from a role without partner:manage', async () => {
    const me = { ...meFixture({ isRetailer: true }), role: 'analyst' as const, permissions: permissionsForRole('analyst') };
    stub({ 'GET /api/partner-invitations': () => ({ body: { items: [invitation(8)] } }) }, me);
    renderRoutes(routes, '/partners');
    expect(await screen.findByText('Metro Mart invites your brand to its partner pool')).toBeTruthy();
    await screen.findByRole('table', { name: 'Partner pool' });
    expect(screen.queryByRole('button', { name: 'Invite a brand' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });
});
