import { describe, expect, it } from 'vitest';
import { nameMoneyText } from './money-names.js';

describe('names on money rows', () => {
  it('names the reward of a partner share written with an empty title', () => {
    expect(nameMoneyText('Peak Snacks\'s share of "" in shared campaign "Summer push"', { campaignId: 4, campaignName: 'Summer push', rewardTitle: '$25 cash' })).toBe(
      'Peak Snacks\'s share of "$25 cash" in shared campaign "Summer push"',
    );
  });

  it('names a campaign given by its number, and only that campaign', () => {
    expect(nameMoneyText('budget of campaign 12, paid at its scheduled start', { campaignId: 12, campaignName: 'Back to school' })).toBe(
      'budget of campaign "Back to school", paid at its scheduled start',
    );
    expect(nameMoneyText('Unspent budget of campaign 120', { campaignId: 12, campaignName: 'Back to school' })).toBe('Unspent budget of campaign 120');
    expect(nameMoneyText('invoice RLY-202601-000003', { campaignId: null, campaignName: null })).toBe('invoice RLY-202601-000003');
  });
});
