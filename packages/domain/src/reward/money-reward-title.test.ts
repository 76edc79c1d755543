import { describe, expect, it } from 'vitest';
import { moneyRewardTitle, rewardDisplayTitle } from './money-reward-title.js';

describe('moneyRewardTitle', () => {
  it('names a money reward by its amount, without cents when whole', () => {
    expect(moneyRewardTitle(2_500, 'USD')).toBe('$25 cash');
    expect(moneyRewardTitle(2_550, 'USD')).toBe('$25.50 cash');
    expect(moneyRewardTitle(100_000, 'EUR')).toBe('€1,000 cash');
    expect(moneyRewardTitle(500, 'CAD')).toBe('CA$5 cash');
  });

  it('keeps a title of its own, and names an untitled money reward by its amount', () => {
    expect(rewardDisplayTitle({ title: 'Top seller bonus', type: 'money', amountCents: 2_500 }, 'USD')).toBe('Top seller bonus');
    expect(rewardDisplayTitle({ title: ' ', type: 'money', amountCents: 2_500 }, 'GBP')).toBe('£25 cash');
    expect(rewardDisplayTitle({ title: '', type: 'gift_card', amountCents: null }, 'USD')).toBe('gift card');
  });
});
