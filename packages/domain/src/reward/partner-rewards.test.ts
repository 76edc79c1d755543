import { describe, expect, it } from 'vitest';
import { canActOnReward, isSuppliedByPartner, rewardFillStatus } from './partner-rewards.js';

describe('partner rewards', () => {
  const own = { filledByPartners: false, partners: [] };
  const shared = { filledByPartners: true, partners: [{ brandId: 'peak', fillStatus: 'pending' as const }, { brandId: 'north', fillStatus: 'filled' as const }] };
  it('shows reward actions for rewards not filled by partners, or to the partners filling them', () => {
    expect(canActOnReward(own, 'anyone')).toBe(true);
    expect(canActOnReward(shared, 'peak')).toBe(true);
    expect(canActOnReward(shared, 'stranger')).toBe(false);
  });
  it('is filled only when every partner filled it', () => {
    expect(rewardFillStatus(shared)).toBe('pending');
    expect(rewardFillStatus({ ...shared, partners: shared.partners.map((p) => ({ ...p, fillStatus: 'filled' as const })) })).toBe('filled');
    expect(rewardFillStatus({ filledByPartners: true, partners: [] })).toBe('pending');
    expect(rewardFillStatus(own)).toBe('filled');
  });
});

describe('isSuppliedByPartner', () => {
  const base = { isShared: true, filledByPartners: true, sharedCampaign: true, partnerCount: 1 };
  it('holds only for a shared reward flagged filled by partners on a shared campaign with partners', () => {
    expect(isSuppliedByPartner(base)).toBe(true);
    expect(isSuppliedByPartner({ ...base, partnerCount: 0 })).toBe(false);
    expect(isSuppliedByPartner({ ...base, sharedCampaign: false })).toBe(false);
    expect(isSuppliedByPartner({ ...base, isShared: false })).toBe(false);
    expect(isSuppliedByPartner({ ...base, filledByPartners: undefined })).toBe(false);
  });
});
