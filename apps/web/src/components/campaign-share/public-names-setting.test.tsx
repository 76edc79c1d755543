import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { permissionsForRole, type TMe } from '@rally/domain';
import { SessionProvider } from '../../app/session';
import { stubFetch } from '../../test/fetch-stub';
import { meFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PublicNamesSetting } from './public-names-setting';

afterEach(() => vi.unstubAllGlobals());

function renderAs(me: TMe) {
  return renderWithProviders(
    <SessionProvider value={me}>
      <PublicNamesSetting />
    </SessionProvider>,
  );
}

describe('names on public pages', () => {
  it('shows the brand’s choice (none by default) and saves another one', async () => {
    const api = stubFetch({
      'GET /api/public-page/settings': () => ({ body: { leaderboardNames: 'none' } }),
      'PUT /api/public-page/settings': (r) => ({ body: r.body }),
    });
    renderAs(meFixture());
    const none = await screen.findByRole('radio', { name: 'No names (ranks and figures only)' });
    await waitFor(() => expect((none as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('radio', { name: 'First name and initial (Daniel B.)' }));
    await waitFor(() => expect(api.to('PUT', '/api/public-page/settings')).toHaveLength(1));
    expect(api.to('PUT', '/api/public-page/settings')[0]!.body).toEqual({ leaderboardNames: 'initials' });
    await waitFor(() => expect((screen.getByRole('radio', { name: 'First name and initial (Daniel B.)' }) as HTMLInputElement).checked).toBe(true));
  });

  it('lets a campaign manager see the choice but not change it', async () => {
    stubFetch({ 'GET /api/public-page/settings': () => ({ body: { leaderboardNames: 'stores' } }) });
    renderAs({ ...meFixture(), role: 'campaign_manager', permissions: permissionsForRole('campaign_manager') });
    const stores = await screen.findByRole('radio', { name: 'Store names' });
    await waitFor(() => expect((stores as HTMLInputElement).checked).toBe(true));
    expect((stores as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Owners and admins choose this.')).toBeTruthy();
  });
});
