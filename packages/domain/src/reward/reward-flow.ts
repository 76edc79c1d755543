import type { TCampaignType } from '../campaign/campaign-enums.js';
import type { TRewardType } from './reward-enums.js';

export const REWARD_WIZARD_STEPS = ['type', 'details', 'assignment', 'conditions', 'confirmation'] as const;
export type TRewardWizardStep = (typeof REWARD_WIZARD_STEPS)[number];

export interface RewardFlowInput {
  rewardType: TRewardType;
  campaignType: TCampaignType;
  /** The brand's consumer campaigns (a consumer-type campaign). */
  consumer: boolean;
  sharedCampaign: boolean;
  /** campaign-view: a partner or read-only view of someone else's campaign. */
  viewMode: boolean;
  /** The viewing brand is a retailer (the owner of a shared campaign). */
  isRetailer: boolean;
}

export interface RewardFlow {
  steps: TRewardWizardStep[];
  /** Money in a consumer campaign saves straight after details; every other flow saves on confirmation. */
  saveAfter: TRewardWizardStep;
  showStepBar: boolean;
}

/** Conditions are not offered for prize, learning, consumer, or campaign-view non-retailers (product rule R38). */
export function offersConditions(input: RewardFlowInput): boolean {
  if (input.rewardType === 'prize') return false;
  if (input.campaignType === 'learning') return false;
  if (input.consumer) return false;
  if (input.viewMode && !input.isRetailer) return false;
  return true;
}

/** Assignment applies to learning campaigns only, and not to money or prize. */
export function offersAssignment(input: RewardFlowInput): boolean {
  return input.campaignType === 'learning' && input.rewardType !== 'money' && input.rewardType !== 'prize';
}

/** The reward wizard's steps (product rule R32). */
export function rewardFlow(input: RewardFlowInput): RewardFlow {
  const showStepBar = !input.viewMode;
  if (input.rewardType === 'prize') {
    return { steps: ['type', 'details', 'confirmation'], saveAfter: 'confirmation', showStepBar };
  }
  if (input.rewardType === 'money') {
    if (input.campaignType === 'learning') {
      return { steps: ['type', 'details', 'confirmation'], saveAfter: 'confirmation', showStepBar };
    }
    if (input.consumer) return { steps: ['type', 'details'], saveAfter: 'details', showStepBar };
    const steps: TRewardWizardStep[] = offersConditions(input)
      ? ['type', 'details', 'conditions', 'confirmation']
      : ['type', 'details', 'confirmation'];
    return { steps, saveAfter: 'confirmation', showStepBar };
  }
  const steps: TRewardWizardStep[] = ['type', 'details'];
  if (offersAssignment(input)) steps.push('assignment');
  if (offersConditions(input)) steps.push('conditions');
  steps.push('confirmation');
  return { steps, saveAfter: 'confirmation', showStepBar };
}

/** The step after `current`, or null at the end; steps move forward only by Next. */
export function nextRewardStep(flow: RewardFlow, current: TRewardWizardStep): TRewardWizardStep | null {
  const i = flow.steps.indexOf(current);
  return i >= 0 && i + 1 < flow.steps.length ? flow.steps[i + 1]! : null;
}
