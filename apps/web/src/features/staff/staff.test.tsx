import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import type { TStaffList, TStaffMember } from '@rally/domain';
import { RequireAuth } from '../auth';
import { renderRoutes } from '../../test/render';
import { meAs, meFixture } from '../../test/fixtures';
import { stubFetch } from '../../test/fetch-stub';
import { StoreStaff } from './components/store-staff';

const routes: RouteObject[] = [
  {
    path: '/stores/:id',
    element: (
      <RequireAuth>
        <StoreStaff storeId={7} />
      </RequireAuth>
    ),
  },
];

const member = (id: number, over: Partial<TStaffMember> = {}): TStaffMember => ({
  id,
  storeId: 7,
  name: `Person ${id}`,
  email: `person${id}@shop.test`,
  role: 'staff',
  status: 'active',
  locale: 'en',
  invitedAt: null,
  createdAt: 1_790_000_000,
  ...over,
});

const list = (staff: TStaffMember[]): TStaffList => ({ store: { id: 7, name: 'Downtown' }, staff });

describe('a store’s staff', () => {
  it('lists the staff with role and status, and invites a person with the schema’s checks and the server’s field errors', async () => {
    let staff = [member(1), member(2, { role: 'manager', status: 'inactive' })];
    const api = stubFetch({
      'GET /api/me': () => ({ body: meFixture() }),
      'GET /api/staff/store/7': () => ({ body: list(staff) }),
      'POST /api/staff': (request) => {
        const body = request.body as { email: string; name: string };
        if (body.email === 'taken@shop.test') {
          return { status: 409, body: { error: { code: 'CONFLICT', message: 'already', fields: [{ path: 'email', message: 'already on the staff, at Uptown' }] } } };
        }
        const added = member(3, { name: body.name, email: body.email, locale: 'fr' });
        staff = [...staff, added];
        return { status: 201, body: added };
      },
    });
    renderRoutes(routes, '/stores/7');
    const table = await screen.findByRole('table', { name: 'Staff (2)' });
    expect(within(table).getByText('Manager')).toBeTruthy();
    expect(within(table).getByText('Deactivated')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a person to this store' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true'));
    expect(api.to('POST', '/api/staff')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Ines' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'taken@shop.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(dialog).findByText('already on the staff, at Uptown')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'ines@shop.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByRole('table', { name: 'Staff (3)' })).toBeTruthy();
    expect(api.to('POST', '/api/staff').at(-1)!.body).toEqual({ storeId: 7, email: 'ines@shop.test', name: 'Ines', role: 'staff', locale: 'en' });
  });

  it('offers no invitation or actions to a role without staff:manage', async () => {
    stubFetch({
      'GET /api/me': () => ({ body: meAs('analyst') }),
      'GET /api/staff/store/7': () => ({ body: list([member(1)]) }),
    });
    renderRoutes(routes, '/stores/7');
    await screen.findByRole('table', { name: 'Staff (1)' });
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Person 1' })).toBeNull();
  });
});
