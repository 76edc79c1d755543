import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TCampaignPartner } from '@rally/domain';
import { SessionProvider } from '../../app/session';
import { PartnerModal } from './components/partner-modal';
import { renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { meFixture, rewardFixture } from '../../test/fixtures';

const partner = (brandId: string, brandName: string, inviteStatus: TCampaignPartner['inviteStatus']): TCampaignPartner => ({
  brandId,
  brandName,
  brandLogoUrl: null,
  industries: [],
  inviteStatus,
  order: 0,
});

function renderModal(currency: 'USD' | 'EUR') {
  stubFetch({
    'GET /api/v5/partner-brands': () => ({ body: { items: [], _meta: { totalCount: 0, pageCount: 0, currentPage: 1, perPage: 10 } } }),
  });
  const cash = rewardFixture({
    id: 31,
    type: 'money',
    title: 'Partner cash',
    isShared: true,
    filledByPartners: true,
    partners: [
      { brandId: 'peak', budget: 5_000, paid: 0, fillStatus: 'filled' },
      { brandId: 'summit', budget: 2_000, paid: 0, fillStatus: 'pending' },
    ],
  });
  renderWithProviders(
    <SessionProvider value={meFixture({ isRetailer: true, currency })}>
      <PartnerModal
        campaignId={5}
        ownerName="Metro Mart"
        partners={[partner('peak', 'Peak Snacks', 'ACCEPTED'), partner('summit', 'Summit Springs', 'REJECTED')]}
        rewards={[cash]}
        onClose={() => undefined}
      />
    </SessionProvider>,
  );
}

describe('partner invite or update modal', () => {
  it('keeps what an accepted partner accepted: its supply and budget cannot be changed; a rejected one can', async () => {
    renderModal('USD');
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('checkbox', { name: /Peak Snacks/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('textbox', { name: /Peak Snacks/ }) as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText('Accepted: what it supplies is fixed')).toBeTruthy();
    expect((within(dialog).getByRole('checkbox', { name: /Summit Springs/ }) as HTMLInputElement).disabled).toBe(false);
    expect((within(dialog).getByRole('textbox', { name: /Summit Springs/ }) as HTMLInputElement).disabled).toBe(false);
  });

  it('asks budgets in the brand’s currency', async () => {
    renderModal('EUR');
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox', { name: /Summit Springs/ }) as HTMLInputElement).value).toMatch(/^€/);
  });
});
