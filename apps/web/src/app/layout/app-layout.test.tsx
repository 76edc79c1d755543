import { describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { TMemberRole } from '@rally/domain';
import { SessionProvider } from '../session';
import { renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { meAs } from '../../test/fixtures';
import { AppLayout } from './app-layout';

/** The navigation's entries for a member of this role. */
async function navFor(role: TMemberRole): Promise<string[]> {
  stubFetch({});
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <SessionProvider value={meAs(role)}>
            <AppLayout />
          </SessionProvider>
        ),
        children: [{ path: 'campaign', element: <p>list</p> }],
      },
    ],
    '/campaign',
  );
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent ?? '');
}

describe('navigation by role', () => {
  it('shows an owner every section', async () => {
    expect(await navFor('owner')).toEqual(expect.arrayContaining(['Campaigns', 'Missions', 'Stores', 'Exports', 'Billing']));
  });

  it('hides exports from a campaign manager, who may not export', async () => {
    const items = await navFor('campaign_manager');
    expect(items).toEqual(expect.arrayContaining(['Campaigns', 'Missions', 'Stores', 'Billing']));
    expect(items).not.toContain('Exports');
  });

  it('shows an analyst exports, and a finance member billing without exports', async () => {
    expect(await navFor('analyst')).toContain('Exports');
    cleanup();
    const finance = await navFor('finance');
    expect(finance).toContain('Billing');
    expect(finance).not.toContain('Exports');
  });
});
