import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import type { TMission, TMissionItem } from '@rally/domain';
import { RequireAuth } from '../auth';
import { MissionListPage } from './components/mission-list-page';
import { MissionEditorPage } from './components/mission-editor-page';
import { renderRoutes } from '../../test/render';
import { stubFetch, type TFetchRoutes } from '../../test/fetch-stub';
import { meFixture } from '../../test/fixtures';

const routes: RouteObject[] = [
  {
    path: '/mission',
    element: (
      <RequireAuth>
        <MissionListPage />
      </RequireAuth>
    ),
  },
  {
    path: '/mission/update/:missionId',
    element: (
      <RequireAuth>
        <MissionEditorPage />
      </RequireAuth>
    ),
  },
];

function missionFixture(overrides: Partial<TMission> = {}): TMission {
  return {
    id: 7,
    title: 'Know the lemon range',
    description: '',
    imageUrl: null,
    media: null,
    type: 'learning',
    subtype: 'standard',
    status: 'incomplete',
    isCompleteFill: false,
    itemCount: 0,
    createdAt: 1_767_225_600,
    updatedAt: 1_767_225_600,
    ...overrides,
  };
}

function itemFixture(overrides: Partial<TMissionItem> = {}): TMissionItem {
  return {
    id: 1,
    missionId: 7,
    kind: 'option',
    title: 'Lemon 330ml',
    order: 0,
    data: { sku: '00042' },
    inUse: false,
    inUseBy: [],
    ...overrides,
  };
}

function page(
  items: TMission[],
  meta: { totalCount?: number; pageCount?: number; currentPage?: number; perPage?: number } = {},
) {
  return {
    items,
    _meta: { totalCount: items.length, pageCount: items.length > 0 ? 1 : 0, currentPage: 1, perPage: 5, ...meta },
  };
}

function stubApi(routes: TFetchRoutes) {
  return stubFetch({ 'GET /api/me': () => ({ body: meFixture() }), ...routes });
}

function chooseOption(combobox: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: combobox }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

describe('mission library', () => {
  it('lists the first page of five and refetches with the chosen type and status from page 1', async () => {
    const api = stubApi({
      'GET /api/v3/mission': ({ url }) => ({
        body: page([missionFixture({ title: `Mission p${url.searchParams.get('currentPage')}` })], {
          totalCount: 12,
          pageCount: 3,
          currentPage: Number(url.searchParams.get('currentPage')),
        }),
      }),
    });
    renderRoutes(routes, '/mission');

    const table = await screen.findByRole('table', { name: 'Missions' });
    expect(within(table).getByText('Mission p1')).toBeTruthy();
    const first = api.to('GET', '/api/v3/mission')[0]!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({ currentPage: '1', perPage: '5' });

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Mission p2');
    expect(api.to('GET', '/api/v3/mission').at(-1)!.url.searchParams.get('currentPage')).toBe('2');

    chooseOption('Filter by type', 'Learning');
    await waitFor(() => expect(api.to('GET', '/api/v3/mission').at(-1)!.url.searchParams.get('type')).toBe('learning'));
    expect(api.to('GET', '/api/v3/mission').at(-1)!.url.searchParams.get('currentPage')).toBe('1');

    chooseOption('Filter by status', 'In use');
    await waitFor(() =>
      expect(Object.fromEntries(api.to('GET', '/api/v3/mission').at(-1)!.url.searchParams)).toEqual({
        currentPage: '1',
        perPage: '5',
        type: 'learning',
        status: 'pending_launch',
      }),
    );
  });

  it('searches after typing stops and changes the page size', async () => {
    const api = stubApi({ 'GET /api/v3/mission': () => ({ body: page([missionFixture()]) }) });
    renderRoutes(routes, '/mission');
    await screen.findByRole('table', { name: 'Missions' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search missions' }), { target: { value: ' lemon ' } });
    await waitFor(() => expect(api.to('GET', '/api/v3/mission').at(-1)!.url.searchParams.get('filter')).toBe('lemon'));

    chooseOption('Missions per page', '20 per page');
    await waitFor(() => expect(api.to('GET', '/api/v3/mission').at(-1)!.url.searchParams.get('perPage')).toBe('20'));
  });

  it('shows each row with its type, kind, status label and item count', async () => {
    stubApi({
      'GET /api/v3/mission': () => ({
        body: page([
          missionFixture({
            title: 'Sell lemons',
            type: 'contest',
            subtype: 'itemSold',
            status: 'pending_launch',
            itemCount: 3,
          }),
        ]),
      }),
    });
    renderRoutes(routes, '/mission');

    const row = (await screen.findByRole('link', { name: 'Sell lemons' })).closest('tr')!;
    for (const text of ['Contest', 'Items sold', 'In use', '3']) expect(within(row).getByText(text)).toBeTruthy();
  });

  it('creates a mission and opens its editor', async () => {
    const created = missionFixture({ id: 51, title: 'Cooler quiz' });
    const api = stubApi({
      'GET /api/v3/mission': () => ({ body: page([]) }),
      'POST /api/v3/mission': () => ({ status: 201, body: created }),
      'GET /api/v3/mission/51/items': () => ({ body: { items: [] } }),
    });
    const { router } = renderRoutes(routes, '/mission');

    fireEvent.click((await screen.findAllByRole('button', { name: 'New mission' }))[0]!);
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Cooler quiz' } });
    chooseOption('Type', 'Learning');
    fireEvent.click(screen.getByRole('radio', { name: 'Items sold' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create mission' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mission/update/51'));
    expect(api.to('POST', '/api/v3/mission')[0]?.body).toEqual({
      title: 'Cooler quiz',
      type: 'learning',
      subtype: 'itemSold',
      description: '',
      media: null,
    });
  });
});

describe('mission editor', () => {
  it('requires a correct answer before adding a question', async () => {
    const api = stubApi({
      'GET /api/v3/mission/7': () => ({ body: missionFixture() }),
      'GET /api/v3/mission/7/items': () => ({ body: { items: [] } }),
      'POST /api/v3/mission/7/item/create': ({ body }) => ({
        status: 201,
        body: {
          items: [
            itemFixture({
              kind: 'question',
              title: 'Which is sugar-free?',
              data: (body as { data: Record<string, unknown> }).data,
            }),
          ],
        },
      }),
    });
    renderRoutes(routes, '/mission/update/7');

    expect(await screen.findByText('Add at least one question with a correct answer.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'New question' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Question' }), {
      target: { value: 'Which is sugar-free?' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Answer A' }), { target: { value: 'Lemon zero' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Answer B' }), { target: { value: 'Lemon classic' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await within(dialog).findByText('Choose the correct answer.')).toBeTruthy();
    expect(api.to('POST', '/api/v3/mission/7/item/create')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Answer A is correct' }));
    expect(within(dialog).queryByText('Choose the correct answer.')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(api.to('POST', '/api/v3/mission/7/item/create')).toHaveLength(1));
    expect(api.to('POST', '/api/v3/mission/7/item/create')[0]?.body).toEqual({
      kind: 'question',
      title: 'Which is sugar-free?',
      data: {
        options: [
          { id: 'a', text: 'Lemon zero' },
          { id: 'b', text: 'Lemon classic' },
        ],
        correctOptionId: 'a',
      },
    });
  });

  it('shows the server field error under the matching input', async () => {
    stubApi({
      'GET /api/v3/mission/7': () => ({ body: missionFixture({ type: 'contest', subtype: 'itemSold' }) }),
      'GET /api/v3/mission/7/items': () => ({ body: { items: [] } }),
      'POST /api/v3/mission/7/item/create': () => ({
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid',
            fields: [{ path: 'data.sku', message: 'too long for the catalogue' }],
          },
        },
      }),
    });
    renderRoutes(routes, '/mission/update/7');

    fireEvent.click(await screen.findByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Product title' }), {
      target: { value: 'Lemon 330ml' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'SKU (optional)' }), { target: { value: '00042' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    const sku = within(dialog).getByRole('textbox', { name: 'SKU (optional)' });
    await waitFor(() => expect(sku.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('too long for the catalogue')).toBeTruthy();
    expect((sku as HTMLInputElement).value).toBe('00042');
  });

  it('disables deleting an item a reward uses and names the reward', async () => {
    stubApi({
      'GET /api/v3/mission/7': () => ({
        body: missionFixture({ type: 'contest', subtype: 'itemSold', status: 'ready', isCompleteFill: true }),
      }),
      'GET /api/v3/mission/7/items': () => ({
        body: {
          items: [
            itemFixture({
              id: 1,
              title: 'Lemon 330ml',
              inUse: true,
              inUseBy: [{ rewardId: 4, title: 'Lemon bonus', bundleId: 9 }],
            }),
            itemFixture({ id: 2, title: 'Lime 330ml', order: 1, data: {} }),
          ],
        },
      }),
    });
    renderRoutes(routes, '/mission/update/7');

    const used = await screen.findByRole('button', { name: 'Delete Lemon 330ml' });
    expect((used as HTMLButtonElement).disabled).toBe(true);
    const reason = document.getElementById(used.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Used by “Lemon bonus”');
    expect((screen.getByRole('button', { name: 'Delete Lime 330ml' }) as HTMLButtonElement).disabled).toBe(false);
    // Leading zeros of a SKU are kept.
    expect(screen.getByText('SKU 00042')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move Lemon 330ml' })).toBeTruthy();
  });

  it('shows the server message when a delete is refused because the item is in use', async () => {
    stubApi({
      'GET /api/v3/mission/7': () => ({ body: missionFixture({ type: 'contest', subtype: 'itemSold' }) }),
      'GET /api/v3/mission/7/items': () => ({ body: { items: [itemFixture()] } }),
      'POST /api/v3/mission/7/item/1/delete': () => ({
        status: 409,
        body: { error: { code: 'ITEM_IN_USE', message: 'This item is used by the reward "Lemon bonus"', fields: [] } },
      }),
    });
    renderRoutes(routes, '/mission/update/7');

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Lemon 330ml' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('This item is used by the reward "Lemon bonus"')).toBeTruthy();
  });

  it('saves media with the rest of the mission so the server keeps its description and kind', async () => {
    const media = {
      fileType: 'image' as const,
      imageUrl: '/api/media/file/44444444-4444-4444-8444-444444444444',
      imageArgs: { fileId: '44444444-4444-4444-8444-444444444444', fileName: 'can.png', imageTitle: 'Can' },
    };
    const mission = missionFixture({
      type: 'contest',
      subtype: 'itemSold',
      description: 'Keep me',
      media,
      imageUrl: media.imageUrl,
    });
    const api = stubApi({
      'GET /api/v3/mission/7': () => ({ body: mission }),
      'GET /api/v3/mission/7/items': () => ({ body: { items: [] } }),
      'POST /api/v3/mission/7/update': () => ({ body: { ...mission, media: null, imageUrl: null } }),
    });
    renderRoutes(routes, '/mission/update/7');

    expect((await screen.findByRole('img', { name: 'Can' })).getAttribute('src')).toBe(media.imageUrl);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(api.to('POST', '/api/v3/mission/7/update')).toHaveLength(1));
    expect(api.to('POST', '/api/v3/mission/7/update')[0]?.body).toEqual({
      title: 'Know the lemon range',
      description: 'Keep me',
      type: 'contest',
      subtype: 'itemSold',
      media: null,
    });
    expect(await screen.findByRole('button', { name: /drop an image or a video here/i })).toBeTruthy();
  });
});

describe('mission items pages', () => {
  const products = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      itemFixture({ id: i + 1, title: `Product ${i + 1}`, order: i, data: { sku: `0${i + 1}` } }),
    );
  const renumber = (items: TMissionItem[]) => items.map((item, order) => ({ ...item, order }));

  function itemsListTitles() {
    const list = screen.getByRole('list', { name: 'Products sold' });
    return within(list)
      .getAllByRole('listitem')
      .map((row) => row.querySelector('p')?.textContent);
  }

  function stubItems(items: TMissionItem[], routes: TFetchRoutes = {}) {
    return stubApi({
      'GET /api/v3/mission/7': () => ({ body: missionFixture({ type: 'contest', subtype: 'itemSold' }) }),
      'GET /api/v3/mission/7/items': () => ({ body: { items } }),
      ...routes,
    });
  }

  it('lists seven items five a page with a second page', async () => {
    stubItems(products(7));
    renderRoutes(routes, '/mission/update/7');

    await screen.findByRole('button', { name: 'Move Product 1' });
    expect(itemsListTitles()).toEqual(['Product 1', 'Product 2', 'Product 3', 'Product 4', 'Product 5']);
    const pages = screen.getByRole('navigation', { name: 'Product pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('1–5 of 7')).toBeTruthy();

    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(itemsListTitles()).toEqual(['Product 6', 'Product 7']);
    expect(screen.getByText('6–7 of 7')).toBeTruthy();
  });

  it('moves item 7 to position 1 with the position popover and shows the first page', async () => {
    const api = stubItems(products(7), {
      'POST /api/v3/mission/7/item/7/update-order': () => {
        const all = products(7);
        return { body: { items: renumber([all[6]!, ...all.slice(0, 6)]) } };
      },
    });
    renderRoutes(routes, '/mission/update/7');

    fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change the position of Product 7' }));
    const popover = await screen.findByRole('dialog', { name: 'Change the position of Product 7' });
    fireEvent.change(within(popover).getByRole('textbox', { name: 'New position' }), { target: { value: '1' } });
    fireEvent.click(within(popover).getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(api.to('POST', '/api/v3/mission/7/item/7/update-order')).toHaveLength(1));
    expect(api.to('POST', '/api/v3/mission/7/item/7/update-order')[0]?.body).toEqual({ order: 0 });
    await waitFor(() =>
      expect(itemsListTitles()).toEqual(['Product 7', 'Product 1', 'Product 2', 'Product 3', 'Product 4']),
    );
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the last page after adding an item', async () => {
    const api = stubItems(products(5), {
      'POST /api/v3/mission/7/item/create': () => ({
        status: 201,
        body: { items: [...products(5), itemFixture({ id: 6, title: 'Lime 500ml', order: 5, data: { sku: '' } })] },
      }),
    });
    renderRoutes(routes, '/mission/update/7');

    fireEvent.click(await screen.findByRole('button', { name: 'Add product' }));
    expect(screen.queryByRole('navigation', { name: 'Product pages' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Product title' }), {
      target: { value: 'Lime 500ml' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(api.to('POST', '/api/v3/mission/7/item/create')).toHaveLength(1));
    await waitFor(() => expect(itemsListTitles()).toEqual(['Lime 500ml']));
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the previous page after deleting the only item of the last page', async () => {
    stubItems(products(6), {
      'POST /api/v3/mission/7/item/6/delete': () => ({ body: { items: products(5) } }),
    });
    renderRoutes(routes, '/mission/update/7');

    fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Product 6' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(itemsListTitles()).toEqual(['Product 1', 'Product 2', 'Product 3', 'Product 4', 'Product 5']),
    );
    expect(screen.queryByRole('navigation', { name: 'Product pages' })).toBeNull();
  });
});
