import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TMe } from '@rally/domain';
import { SessionProvider } from '../../features/auth/components/session-context';
import { renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { brandFixture, meFixture } from '../../test/fixtures';
import { BrandSwitcher, pathAfterBrandSwitch } from './brand-switcher';

const outlet = brandFixture({ id: 'brand-2', name: 'Acme Outlet' });

function twoBrands(current: 'brand-1' | 'brand-2'): TMe {
  const me = meFixture();
  const brands = [{ ...me.brand, role: 'owner' as const }, { ...outlet, role: 'campaign_manager' as const }];
  return { ...me, brand: current === 'brand-1' ? me.brand : outlet, brands };
}

function Page({ name }: { name: string }) {
  return (
    <SessionProvider value={twoBrands('brand-1')}>
      <BrandSwitcher />
      <p>{name}</p>
    </SessionProvider>
  );
}

describe('brand switcher', () => {
  it("leaves a campaign's builder for the new brand's campaign list", async () => {
    stubFetch({ 'POST /api/me/brand': () => ({ body: twoBrands('brand-2') }) });
    const { router } = renderRoutes(
      [
        { path: '/campaign/:id', element: <Page name="builder" /> },
        { path: '/campaign', element: <Page name="list" /> },
      ],
      '/campaign/5',
    );
    fireEvent.click(await screen.findByRole('combobox', { name: 'Brand' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Outlet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign'));
  });

  it('keeps list pages and sends object pages to their list', () => {
    expect(pathAfterBrandSwitch('/campaign')).toBeNull();
    expect(pathAfterBrandSwitch('/stores')).toBeNull();
    expect(pathAfterBrandSwitch('/campaign/12')).toBe('/campaign');
    expect(pathAfterBrandSwitch('/campaign-view/12')).toBe('/campaign');
    expect(pathAfterBrandSwitch('/campaign/report/12')).toBe('/campaign');
    expect(pathAfterBrandSwitch('/mission/update/3')).toBe('/mission');
  });
});
