import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../auth';
import CreateBrandPage from './components/create-brand-page';
import { GuidedStart } from './components/guided-start';
import { renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { meAs, meFixture } from '../../test/fixtures';

const noBrand = () => ({
  status: 403,
  body: { error: { code: 'NO_BRAND', message: 'You are not a member of any brand', fields: [] } },
});

const routes: RouteObject[] = [
  {
    path: '/campaign',
    element: (
      <RequireAuth>
        <p>campaigns home</p>
      </RequireAuth>
    ),
  },
  { path: '/onboarding', element: <CreateBrandPage /> },
  { path: '/sign-in', element: <p>sign-in page</p> },
];

describe('create a brand', () => {
  it('sends a signed-in person with no brand from the dashboard to the create-brand page', async () => {
    stubFetch({ 'GET /api/me': noBrand });
    const { router } = renderRoutes(routes, '/campaign');
    expect(await screen.findByRole('heading', { name: 'Create your brand' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('names what is missing before calling the server, then creates the brand and opens the campaigns home', async () => {
    const created = {
      id: 'b1',
      name: 'Café Nova',
      slug: 'cafe-nova-1',
      country: 'FR',
      currency: 'EUR',
      timeZone: 'Europe/Paris',
      paymentPlan: 'prepaid',
      kind: 'brand',
      logoUrl: null,
    };
    let signedUpBrand = false;
    const api = stubFetch({
      'GET /api/me': () => (signedUpBrand ? { body: meFixture() } : noBrand()),
      'POST /api/brands': () => {
        signedUpBrand = true;
        return { status: 201, body: created };
      },
    });
    renderRoutes(routes, '/onboarding');
    fireEvent.click(await screen.findByRole('button', { name: 'Create brand' }));
    expect(await screen.findByText('Enter a name of 2 to 100 characters')).toBeTruthy();
    expect(api.to('POST', '/api/brands')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /Brand name/ }), { target: { value: 'Café Nova' } });
    fireEvent.click(screen.getByRole('radio', { name: /Retailer/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create brand' }));
    await waitFor(() => expect(api.to('POST', '/api/brands')).toHaveLength(1));
    expect(api.to('POST', '/api/brands')[0]?.body).toMatchObject({
      name: 'Café Nova',
      kind: 'retailer',
      paymentPlan: 'prepaid',
      currency: 'USD',
    });
    expect(await screen.findByText('campaigns home')).toBeTruthy();
  });

  it("shows the server's field errors (400 naming the field)", async () => {
    stubFetch({
      'GET /api/me': noBrand,
      'POST /api/brands': () => ({
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are invalid',
            fields: [{ path: 'timeZone', message: 'a time zone' }],
          },
        },
      }),
    });
    renderRoutes(routes, '/onboarding');
    fireEvent.change(await screen.findByRole('textbox', { name: /Brand name/ }), { target: { value: 'Nova' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create brand' }));
    expect(await screen.findByText('Choose a time zone')).toBeTruthy();
  });
});

describe('guided start', () => {
  const guidedRoutes: RouteObject[] = [
    {
      path: '/campaign',
      element: (
        <RequireAuth>
          <GuidedStart campaignAction={<button type="button">New campaign</button>} />
        </RequireAuth>
      ),
    },
  ];

  it('lists the steps with what is done, and links each open step to its page', async () => {
    stubFetch({
      'GET /api/me': () => ({ body: meFixture() }),
      'GET /api/brands/current/guided-start': () => ({
        body: {
          steps: [
            { key: 'campaign', done: true, count: 1 },
            { key: 'stores', done: false, count: 0, staff: 0 },
            { key: 'money', done: false, count: 0 },
          ],
          walletBalance: 0,
          complete: false,
        },
      }),
    });
    renderRoutes(guidedRoutes, '/campaign');
    expect(await screen.findByText('1 of 3 done')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add stores' }).getAttribute('href')).toBe('/stores');
    expect(screen.getByRole('link', { name: 'Go to billing' }).getAttribute('href')).toBe('/billing');
    // The campaign step is done: its action is not offered again.
    expect(screen.queryByRole('button', { name: 'New campaign' })).toBeNull();
  });

  it('offers a campaign manager no billing action on the money step (someone with billing rights adds money)', async () => {
    stubFetch({
      'GET /api/me': () => ({ body: meAs('campaign_manager') }),
      'GET /api/brands/current/guided-start': () => ({
        body: {
          steps: [
            { key: 'campaign', done: false, count: 0 },
            { key: 'stores', done: false, count: 0, staff: 0 },
            { key: 'money', done: false, count: 0 },
          ],
          walletBalance: 0,
          complete: false,
        },
      }),
    });
    renderRoutes(guidedRoutes, '/campaign');
    expect(await screen.findByText('0 of 3 done')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add stores' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to billing' })).toBeNull();
  });

  it('is not shown once every step is done', async () => {
    const api = stubFetch({
      'GET /api/me': () => ({ body: meFixture() }),
      'GET /api/brands/current/guided-start': () => ({
        body: {
          steps: [
            { key: 'campaign', done: true, count: 1 },
            { key: 'stores', done: true, count: 2, staff: 3 },
            { key: 'money', done: true, count: 1 },
          ],
          walletBalance: 500,
          complete: true,
        },
      }),
    });
    renderRoutes(guidedRoutes, '/campaign');
    await waitFor(() => expect(api.to('GET', '/api/brands/current/guided-start')).toHaveLength(1));
    expect(screen.queryByText(/of 3 done/)).toBeNull();
  });
});
