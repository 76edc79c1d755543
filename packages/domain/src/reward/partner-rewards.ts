import type { TFillStatus } from './reward-enums.js';

export interface PartnerRewardView {
  filledByPartners: boolean;
  partners: { brandId: string; fillStatus: TFillStatus }[];
}

/** Reward actions show when the reward is not filled by partners, or the current brand is one of its partners (product rule R41). */
export function canActOnReward(reward: PartnerRewardView, currentBrandId: string): boolean {
  return !reward.filledByPartners || reward.partners.some((p) => p.brandId === currentBrandId);
}

/** A partner-filled reward is filled once every partner supplying it has filled it; pending otherwise. */
export function rewardFillStatus(reward: PartnerRewardView): TFillStatus {
  if (!reward.filledByPartners) return 'filled';
  return reward.partners.length > 0 && reward.partners.every((p) => p.fillStatus === 'filled') ? 'filled' : 'pending';
}

/**
 * "Filled by partners" means something only on a shared campaign that has partners: there a
 * partner supplies the reward (its codes, its budget). Anywhere else the flag is dropped, so it
 * can never excuse a reward from the owner's own requirements (codes, fine print…).
 */
export function isSuppliedByPartner(input: { isShared?: boolean | undefined; filledByPartners?: boolean | undefined; sharedCampaign: boolean; partnerCount: number }): boolean {
  return Boolean(input.isShared && input.filledByPartners && input.sharedCampaign && input.partnerCount > 0);
}
