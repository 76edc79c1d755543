import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { i18n } from '../i18n/i18n';
import { CampaignStatusBadge } from './campaign-badges';
import { renderWithProviders } from '../test/render';

describe('campaign status badge', () => {
  it('shows a scheduled campaign whose start is blocked by an unpaid budget', () => {
    renderWithProviders(<CampaignStatusBadge status="scheduled" startBlocked="budget_unpaid" />);
    expect(screen.getByText('Scheduled')).toBeTruthy();
    expect(screen.getByText('Start blocked: budget unpaid')).toBeTruthy();
  });

  it('shows the status alone when nothing blocks the start', () => {
    renderWithProviders(<CampaignStatusBadge status="scheduled" startBlocked={null} />);
    expect(screen.getByText('Scheduled')).toBeTruthy();
    expect(screen.queryByText('Start blocked: budget unpaid')).toBeNull();
  });

  it('has the blocked label in every language', () => {
    for (const lng of ['en', 'es', 'fr']) {
      const label = i18n.getFixedT(lng)('campaign.start-blocked.budget_unpaid.label');
      expect(label).not.toBe('campaign.start-blocked.budget_unpaid.label');
      expect(i18n.getFixedT(lng)('builder.warnings.start-blocked-budget-unpaid.title')).not.toBe('builder.warnings.start-blocked-budget-unpaid.title');
    }
  });
});
