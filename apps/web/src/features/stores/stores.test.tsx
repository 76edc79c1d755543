import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import type { TManagedStore, TStoreStatusSummary } from '@rally/domain';
import { RequireAuth } from '../auth';
import { renderRoutes } from '../../test/render';
import { meFixture } from '../../test/fixtures';
import { stubFetch, type TFetchRoutes, type TRecordedRequest } from '../../test/fetch-stub';
import { GroupsPage } from './components/groups-page';
import { StoresPage } from './components/stores-page';

const routes: RouteObject[] = [
  {
    path: '/stores',
    element: (
      <RequireAuth>
        <StoresPage />
      </RequireAuth>
    ),
  },
  {
    path: '/groups',
    element: (
      <RequireAuth>
        <GroupsPage />
      </RequireAuth>
    ),
  },
];

function managedStore(id: number, overrides: Partial<TManagedStore> = {}): TManagedStore {
  return {
    id,
    storeBrandId: 100 + id,
    storeName: `Store ${id}`,
    logoUrl: null,
    address: { formattedAddress: `${id} Main Street, Austin, TX 78701, USA` },
    countryCode: 'US',
    status: 'approved',
    refId: `00${id}`,
    externalStoreId: null,
    totalUsers: id * 3,
    weight: id,
    ...overrides,
  };
}

function paged<T>(items: T[], totalCount = items.length, perPage = 15) {
  return { items, _meta: { totalCount, pageCount: Math.ceil(totalCount / perPage), currentPage: 1, perPage } };
}

const SUMMARY: TStoreStatusSummary = { all: 10, approved: 6, pending: 2, rejected: 1, inactive: 1 };
const LIST = '/api/store/read/store/list';
const SUMMARY_PATH = '/api/store/read/store/status-summary';
const CHANGE = '/api/store/write/store/change-status';
const GROUPS = '/api/store/read/group/list';

function stubStoresApi(overrides: TFetchRoutes = {}) {
  return stubFetch({
    'GET /api/me': () => ({ body: meFixture() }),
    [`GET ${SUMMARY_PATH}`]: () => ({ body: SUMMARY }),
    [`POST ${LIST}`]: () => ({
      body: paged([managedStore(1), managedStore(2, { status: 'pending', storeName: 'Corner shop' })], 10),
    }),
    [`POST ${CHANGE}`]: (request) => ({ body: managedStore(2, request.body as Partial<TManagedStore>) }),
    [`POST ${GROUPS}`]: () => ({
      body: paged([{ id: 5, name: 'Texas', totalStores: 12, totalUsers: 340, weight: 1, status: 'approved' }], 31),
    }),
    ...overrides,
  });
}

const body = (request: TRecordedRequest | undefined) => request?.body as Record<string, unknown> | undefined;

describe('stores screen', () => {
  it('names each status tab with its count', async () => {
    stubStoresApi();
    renderRoutes(routes, '/stores');

    expect(await screen.findByRole('tab', { name: 'All 10' })).toBeTruthy();
    for (const name of ['Approved 6', 'Pending 2', 'Rejected 1', 'Inactive 1']) {
      expect(screen.getByRole('tab', { name })).toBeTruthy();
    }
  });

  it('lists the stores of the chosen tab and keeps the tab in the URL', async () => {
    const api = stubStoresApi();
    const { router } = renderRoutes(routes, '/stores');

    expect(await screen.findByText('Corner shop')).toBeTruthy();
    expect(body(api.to('POST', LIST)[0])).toEqual({ currentPage: 1, perPage: 15, sort: 'storeName', filters: {} });
    fireEvent.click(screen.getByRole('tab', { name: 'Pending 2' }));

    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'));
    await waitFor(() => expect(body(api.to('POST', LIST).at(-1))?.status).toBe('pending'));
  });

  it('searches and sorts through the list request', async () => {
    const api = stubStoresApi();
    renderRoutes(routes, '/stores');

    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search stores' }), {
      target: { value: ' Austin ' },
    });
    await waitFor(() => expect(body(api.to('POST', LIST).at(-1))?.filter).toBe('Austin'));

    const header = screen.getByRole('columnheader', { name: /Users/ });
    fireEvent.click(within(header).getByRole('button', { name: 'Users' }));
    await waitFor(() => expect(body(api.to('POST', LIST).at(-1))?.sort).toBe('totalUsers'));
    fireEvent.click(within(header).getByRole('button', { name: 'Users' }));
    await waitFor(() => expect(body(api.to('POST', LIST).at(-1))?.sort).toBe('-totalUsers'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
  });

  it('approves a store at once, tells the user and refreshes the counts', async () => {
    const api = stubStoresApi();
    renderRoutes(routes, '/stores');

    fireEvent.click(await screen.findByRole('button', { name: 'Change the status of Corner shop' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Approve' }));

    await waitFor(() => expect(api.to('POST', CHANGE)).toHaveLength(1));
    expect(api.to('POST', CHANGE)[0]?.body).toEqual({ storeBrandId: 102, status: 'approved' });
    expect(await screen.findByText('“Corner shop” is now approved.')).toBeTruthy();
    await waitFor(() => expect(api.to('GET', SUMMARY_PATH).length).toBeGreaterThan(1));
  });

  it('rejects a store only after confirming', async () => {
    const api = stubStoresApi();
    renderRoutes(routes, '/stores');

    fireEvent.click(await screen.findByRole('button', { name: 'Change the status of Store 1' }));
    expect(screen.queryByRole('menuitem', { name: 'Approve' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Reject' }));
    expect(api.to('POST', CHANGE)).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject store' }));

    await waitFor(() => expect(api.to('POST', CHANGE)).toHaveLength(1));
    expect(api.to('POST', CHANGE)[0]?.body).toEqual({ storeBrandId: 101, status: 'rejected' });
  });

  it('tells the user when a status change fails', async () => {
    stubStoresApi({
      [`POST ${CHANGE}`]: () => ({ status: 403, body: { error: { code: 'FORBIDDEN', message: 'no', fields: [] } } }),
    });
    renderRoutes(routes, '/stores');

    fireEvent.click(await screen.findByRole('button', { name: 'Change the status of Corner shop' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Approve' }));

    expect(await screen.findByText('Could not change the status of “Corner shop”')).toBeTruthy();
    expect(screen.getByText('You do not have permission to do this.')).toBeTruthy();
  });
});

describe('groups screen', () => {
  it('lists groups with their counts, searches and pages', async () => {
    const api = stubStoresApi();
    renderRoutes(routes, '/groups');

    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(await within(table).findByText('Texas')).toBeTruthy();
    expect(within(table).getByText('340')).toBeTruthy();
    expect(screen.getByText('31 groups')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(body(api.to('POST', GROUPS).at(-1))?.currentPage).toBe(2));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search groups' }), { target: { value: 'Tex' } });
    await waitFor(() =>
      expect(body(api.to('POST', GROUPS).at(-1))).toEqual({ currentPage: 1, perPage: 15, sort: 'name', filter: 'Tex' }),
    );

    // Clearing the search goes back to the first page, not to the page seen before searching.
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('searchbox', { name: 'Search groups' })).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  });
});
