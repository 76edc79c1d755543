import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TGroupRow, TReach, TSelectedCountry, TStoreRow } from '@rally/domain';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { stubFetch, type TFetchRoutes, type TRecordedRequest } from '../../test/fetch-stub';
import { CountryReachStep } from './components/country-reach-step';
import { StoreReachStep, type TStoreReachValue } from './components/store-reach-step';

function storeRow(id: number, overrides: Partial<TStoreRow> = {}): TStoreRow {
  return {
    id,
    storeId: `S-${id}`,
    storeName: `Store ${id}`,
    logoUrl: null,
    address: { formattedAddress: `${id} Main Street, Austin, TX 78701, USA` },
    totalUsers: id * 10,
    weight: id,
    ...overrides,
  };
}

function groupRow(id: number, overrides: Partial<TGroupRow> = {}): TGroupRow {
  return { id, name: `Group ${id}`, totalStores: id, totalUsers: id * 100, weight: id, ...overrides };
}

function page<T>(items: T[], totalCount = items.length, currentPage = 1) {
  return { items, _meta: { totalCount, pageCount: Math.ceil(totalCount / 10), currentPage, perPage: 10 } };
}

const REACH: TReach = { groups: 3, stores: 12, users: 1234 };
const STORES_PATH = '/api/store/read/store/approved-list';
const GROUPS_PATH = '/api/store/read/group/approved-list';
const REACH_PATH = '/api/store/service/reach';

function stubReachApi(overrides: TFetchRoutes = {}) {
  return stubFetch({
    [`GET ${STORES_PATH}`]: () => ({ body: page([storeRow(1), storeRow(2), storeRow(3)]) }),
    [`GET ${GROUPS_PATH}`]: () => ({ body: page([groupRow(11), groupRow(12)]) }),
    [`POST ${REACH_PATH}`]: () => ({ body: REACH }),
    ...overrides,
  });
}

/** The step as the launch modal uses it: controlled, with every change recorded. */
function renderStoreStep(initial: TStoreReachValue, onReachChange = vi.fn<(reach: TReach) => void>()) {
  const changes: TStoreReachValue[] = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <StoreReachStep
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
        onReachChange={onReachChange}
      />
    );
  }
  renderWithProviders(<Host />);
  return { changes, onReachChange, last: () => changes.at(-1) };
}

function renderCountryStep(initial: TSelectedCountry[] = []) {
  const changes: TSelectedCountry[][] = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <CountryReachStep
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  const result = renderWithProviders(<Host />);
  return { ...result, changes, last: () => changes.at(-1) };
}

const query = (request: TRecordedRequest | undefined, name: string) => request?.url.searchParams.get(name);

describe('store reach step', () => {
  it('resets the selection and the search when the scope changes', async () => {
    const api = stubReachApi();
    const { last } = renderStoreStep({ scope: 'store', pks: [1, 2] });

    const search = await screen.findByRole('searchbox', { name: 'Search stores' });
    fireEvent.change(search, { target: { value: 'Austin' } });
    await waitFor(() => expect(query(api.to('GET', STORES_PATH).at(-1), 'filter')).toBe('Austin'));

    fireEvent.click(screen.getByRole('radio', { name: 'Specific groups' }));
    expect(last()).toEqual({ scope: 'group', pks: [] });
    expect(await screen.findByRole('searchbox', { name: 'Search groups' })).toHaveProperty('value', '');

    fireEvent.click(screen.getByRole('radio', { name: 'Specific stores' }));
    expect(last()).toEqual({ scope: 'store', pks: [] });
    expect(await screen.findByRole('searchbox', { name: 'Search stores' })).toHaveProperty('value', '');
    expect(query(api.to('GET', STORES_PATH).at(-1), 'filter')).toBeNull();
  });

  it('asks for the selected stores first, lists them in that order and sums them up', async () => {
    const api = stubReachApi({
      [`GET ${STORES_PATH}`]: () => ({ body: page([storeRow(7), storeRow(9), storeRow(1), storeRow(2)], 24) }),
    });
    renderStoreStep({ scope: 'store', pks: [7, 9] });

    const table = await screen.findByRole('table', { name: 'Approved stores' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    const request = api.to('GET', STORES_PATH)[0];
    expect(query(request, 'selected')).toBe('7,9');
    expect(query(request, 'sort')).toBe('weight');
    expect(query(request, 'order')).toBe('asc');
    expect(query(request, 'perPage')).toBe('10');
    expect(query(request, 'status')).toBe('approved');

    const names = within(table)
      .getAllByRole('checkbox', { name: /^Select Store/ })
      .map((box) => [box.getAttribute('aria-label'), (box as HTMLInputElement).checked]);
    expect(names).toEqual([
      ['Select Store 7', true],
      ['Select Store 9', true],
      ['Select Store 1', false],
      ['Select Store 2', false],
    ]);
    expect(await screen.findByText('2 stores selected · reaching 1,234 users')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Store pages' })).toBeTruthy();
  });

  it('selects and unselects every store of the page with the header checkbox', async () => {
    stubReachApi();
    const { last } = renderStoreStep({ scope: 'store', pks: [42] });

    const all = await screen.findByRole('checkbox', { name: 'Select all stores on this page' });
    await waitFor(() => expect(all).toHaveProperty('disabled', false));
    fireEvent.click(all);
    expect(last()).toEqual({ scope: 'store', pks: [42, 1, 2, 3] });
    expect(all).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Store 2' }));
    expect(last()).toEqual({ scope: 'store', pks: [42, 1, 3] });
    expect(all.getAttribute('data-indeterminate')).toBe('true');

    fireEvent.click(all);
    expect(last()).toEqual({ scope: 'store', pks: [42, 1, 3, 2] });
    fireEvent.click(all);
    expect(last()).toEqual({ scope: 'store', pks: [42] });
  });

  it('sorts by a column header, toggling the order on a second click', async () => {
    const api = stubReachApi();
    renderStoreStep({ scope: 'store', pks: [] });

    const header = await screen.findByRole('columnheader', { name: /Users/ });
    expect(header.getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(header).getByRole('button', { name: 'Users' }));
    await waitFor(() => expect(query(api.to('GET', STORES_PATH).at(-1), 'sort')).toBe('totalUsers'));
    expect(query(api.to('GET', STORES_PATH).at(-1), 'order')).toBe('asc');
    expect(header.getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(header).getByRole('button', { name: 'Users' }));
    await waitFor(() => expect(query(api.to('GET', STORES_PATH).at(-1), 'order')).toBe('desc'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
  });

  it('lists groups with their store and user counts for the group scope', async () => {
    const api = stubReachApi();
    renderStoreStep({ scope: 'group', pks: [12] });

    const table = await screen.findByRole('table', { name: 'Approved groups' });
    expect(await within(table).findByText('Group 11')).toBeTruthy();
    expect(within(table).getByText('1,200')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select Group 12' })).toHaveProperty('checked', true);
    expect(query(api.to('GET', GROUPS_PATH)[0], 'selected')).toBe('12');
    expect(await screen.findByText('1 group selected · reaching 1,234 users')).toBeTruthy();
  });

  it('shows placeholders, not zeros, until the reach is known, then reports it', async () => {
    let answer: (() => void) | undefined;
    const api = stubReachApi({
      [`POST ${REACH_PATH}`]: () => new Promise((resolve) => (answer = () => resolve({ body: REACH }))),
    });
    const { onReachChange } = renderStoreStep({ scope: 'all', pks: [] });

    const tiles = screen.getByRole('group', { name: 'Reach' });
    expect(within(tiles).queryByText('0')).toBeNull();
    expect(tiles.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(answer).toBeDefined());
    act(() => answer?.());

    expect(await within(tiles).findByText('1,234')).toBeTruthy();
    expect(within(tiles).getByText('12')).toBeTruthy();
    await waitFor(() => expect(onReachChange).toHaveBeenCalledWith(REACH));
    expect(api.to('POST', REACH_PATH)[0]?.body).toEqual({ scope: 'all', pks: [] });
  });

  it('reaches nobody while no store is picked, then asks once clicking pauses, for the whole selection', async () => {
    const api = stubReachApi();
    const { onReachChange } = renderStoreStep({ scope: 'store', pks: [] });

    await waitFor(() => expect(onReachChange).toHaveBeenCalledWith({ groups: 0, stores: 0, users: 0 }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Store 3' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Store 1' }));

    await waitFor(() => expect(onReachChange).toHaveBeenLastCalledWith(REACH));
    expect(api.to('POST', REACH_PATH).map((request) => request.body)).toEqual([{ scope: 'store', pks: [1, 3] }]);
  });

  it('shows the error it is given under the table', async () => {
    stubReachApi();
    renderWithProviders(
      <StoreReachStep value={{ scope: 'store', pks: [] }} onChange={vi.fn()} error="Select stores" />,
    );

    expect((await screen.findByRole('alert')).textContent).toBe('Select stores');
  });
});

describe('country reach step', () => {
  async function mapPath(container: HTMLElement, code: string): Promise<Element> {
    return waitFor(
      () => {
        const path = container.querySelector(`path[data-code="${code}"]`);
        if (!path) throw new Error(`no ${code} on the map yet`);
        return path;
      },
      { timeout: 5000 },
    );
  }

  it('toggles a country with a click on the map and stores its English name, code and place id', async () => {
    const api = stubReachApi();
    const { container, last } = renderCountryStep();

    const spain = await mapPath(container, 'ES');
    fireEvent.click(spain);
    expect(last()).toEqual([{ name: 'Spain', code: 'ES', placeId: 'country:ES' }]);
    expect(spain.hasAttribute('data-selected')).toBe(true);
    expect(screen.getByRole('button', { name: 'Remove Spain' })).toBeTruthy();
    await waitFor(() =>
      expect(api.to('POST', REACH_PATH).at(-1)?.body).toEqual({ scope: 'all', pks: [], countryCodes: ['ES'] }),
    );

    fireEvent.click(spain);
    expect(last()).toEqual([]);
    expect(spain.hasAttribute('data-selected')).toBe(false);
  });

  it('removes a country from the list with its remove button', async () => {
    stubReachApi();
    const { last } = renderCountryStep([
      { name: 'Spain', code: 'ES', placeId: 'country:ES' },
      { name: 'France', code: 'FR', placeId: 'country:FR' },
    ]);

    expect(screen.getByText('Selected countries (2)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Spain' }));
    expect(last()).toEqual([{ name: 'France', code: 'FR', placeId: 'country:FR' }]);
  });

  it('adds a country from the search, for keyboard users and countries too small for the map', async () => {
    stubReachApi();
    const { last } = renderCountryStep();

    const search = screen.getByRole('combobox', { name: 'Add a country' });
    // Typed, so the input has focus (Mantine treats unfocused writes as autofill).
    act(() => search.focus());
    fireEvent.change(search, { target: { value: 'Singa' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Singapore']);
    fireEvent.click(await screen.findByRole('option', { name: 'Singapore' }));
    expect(last()).toEqual([{ name: 'Singapore', code: 'SG', placeId: 'country:SG' }]);
    expect(search).toHaveProperty('value', '');
  });

  it('names countries in the user language but keeps the stored name in English', async () => {
    stubReachApi();
    await act(() => i18n.changeLanguage('fr'));
    const { container, last } = renderCountryStep();

    fireEvent.click(await mapPath(container, 'DE'));
    expect(last()).toEqual([{ name: 'Germany', code: 'DE', placeId: 'country:DE' }]);
    expect(screen.getByRole('button', { name: 'Retirer Allemagne' })).toBeTruthy();
  });

  it('starts zoomed in at the start zoom and zooms with the buttons', async () => {
    stubReachApi();
    const { container } = renderCountryStep();

    await mapPath(container, 'FR');
    const view = () => container.querySelector('svg[role="img"] > g')?.getAttribute('transform');
    expect(view()).toMatch(/scale\(1\.5\)$/);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(view()).toMatch(/scale\(2\.25\)$/);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(view()).toBe('translate(0 0) scale(1)');
    expect(screen.getByRole('button', { name: 'Zoom out' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Reset the map' }));
    expect(view()).toMatch(/scale\(1\.5\)$/);
  });

  it('reaches nobody without a country and asks the server nothing', () => {
    const api = stubReachApi();
    renderCountryStep();

    const tiles = screen.getByRole('group', { name: 'Reach' });
    expect(within(tiles).getAllByText('0')).toHaveLength(3);
    expect(api.to('POST', REACH_PATH)).toHaveLength(0);
  });
});
