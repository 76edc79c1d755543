import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AfterLaunch } from './components/after-launch';
import { renderWithProviders } from '../../test/render';
import { campaignFixture } from '../../test/fixtures';

const consumer = campaignFixture({ id: 9, name: 'Summer selfie', type: 'consumer', status: 'active', publicUid: 'AbCdEfGhIjKl' });

function renderAt(state: unknown, campaign = consumer) {
  const router = createMemoryRouter([{ path: '/campaign/report/:id', element: <AfterLaunch campaign={campaign} /> }], {
    initialEntries: [{ pathname: '/campaign/report/9', state }],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('consumer after-launch preview', () => {
  it('opens after a launch with the public page in a phone frame, the link and the embed code, and not again after closing', async () => {
    const router = renderAt({ launched: true });
    expect(await screen.findByText('Summer selfie is live')).toBeTruthy();
    const origin = window.location.origin;
    expect(screen.getByTitle('Public page on a phone').getAttribute('src')).toBe(`${origin}/campaign/AbCdEfGhIjKl`);
    const codes = screen.getAllByLabelText('Embed code (601 × 490)') as HTMLTextAreaElement[];
    expect(codes[0]!.value).toBe(
      `<iframe src="${origin}/campaign/AbCdEfGhIjKl/embed" width="601" height="490" title="Summer selfie" style="border:0;max-width:100%" loading="lazy" allow="clipboard-write"></iframe>`,
    );
    expect((screen.getAllByLabelText('Public link') as HTMLInputElement[])[0]!.value).toBe(`${origin}/campaign/AbCdEfGhIjKl`);
    fireEvent.click(screen.getByRole('button', { name: 'Go to the report' }));
    await waitFor(() => expect(screen.queryByText('Summer selfie is live')).toBeNull());
    expect(router.state.location.state).toBeNull();
  });

  it('shows the share panel without the preview on a plain visit', async () => {
    renderAt(null);
    expect(await screen.findByTestId('report-share')).toBeTruthy();
    expect(screen.queryByText('Summer selfie is live')).toBeNull();
  });

  it('shows nothing for a campaign that is not a consumer one, even after a launch', () => {
    renderAt({ launched: true }, campaignFixture({ type: 'general', status: 'active' }));
    expect(screen.queryByTestId('report-share')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
