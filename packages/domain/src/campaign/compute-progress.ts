import type { TCampaignType, TInviteStatus } from './campaign-enums.js';
import type { TRewardScope } from '../reward/reward-enums.js';

export interface ProgressMission {
  /** The library mission. */
  missionId: number;
  isCompleteFill: boolean;
}

export interface ProgressReward {
  scope: TRewardScope;
  missionId: number | null;
  filledByPartners: boolean;
  /** Partner brands that supply this reward and whether each has filled it. */
  partners: { brandId: string; filled: boolean }[];
}

export interface ProgressInput {
  /** 'builder' for the owner's page; 'view' for campaign-view (read-only or partner). */
  mode: 'builder' | 'view';
  type: TCampaignType;
  sharedCampaign: boolean;
  name: string;
  missions: ProgressMission[];
  rewards: ProgressReward[];
  partners: { brandId: string; inviteStatus: TInviteStatus | null }[];
  /** The brand looking at the page (campaign-view steps depend on it). */
  viewer: { brandId: string; isRetailer: boolean };
}

export const PROGRESS_STEPS = ['name', 'missions', 'rewards', 'partners', 'partnerRewards', 'acceptedPartner', 'pendingRewards'] as const;
export type TProgressStep = (typeof PROGRESS_STEPS)[number];

export interface ProgressResult {
  percent: number;
  steps: { step: TProgressStep; done: boolean }[];
}

/** Learning campaigns: rewards are set when one covers the whole campaign or every mission has its own. */
export function learningRewardsDone(missions: ProgressMission[], rewards: ProgressReward[]): boolean {
  if (rewards.some((r) => r.scope === 'campaign')) return true;
  if (missions.length === 0) return false;
  const covered = new Set(rewards.filter((r) => r.scope === 'mission' && r.missionId !== null).map((r) => r.missionId));
  return missions.every((m) => covered.has(m.missionId));
}

/** Step-count percent of a campaign's completion (product rule R7). */
export function computeProgress(input: ProgressInput): ProgressResult {
  const steps: ProgressResult['steps'] = [];
  if (input.mode === 'view') {
    const mine = input.rewards.filter((r) => r.partners.some((p) => p.brandId === input.viewer.brandId));
    if (input.viewer.isRetailer) {
      const partnerRewards = input.rewards.filter((r) => r.filledByPartners);
      steps.push({ step: 'partnerRewards', done: partnerRewards.every((r) => r.partners.length > 0 && r.partners.every((p) => p.filled)) });
      steps.push({ step: 'acceptedPartner', done: input.partners.some((p) => p.inviteStatus === 'ACCEPTED') });
    } else {
      steps.push({
        step: 'pendingRewards',
        done: mine.every((r) => r.partners.filter((p) => p.brandId === input.viewer.brandId).every((p) => p.filled)),
      });
    }
  } else {
    steps.push({ step: 'name', done: input.name.trim().length > 0 });
    steps.push({ step: 'missions', done: input.missions.length > 0 && input.missions.every((m) => m.isCompleteFill) });
    const rewardsDone =
      input.type === 'learning' ? learningRewardsDone(input.missions, input.rewards) : input.rewards.length > 0;
    steps.push({ step: 'rewards', done: rewardsDone });
    // Partners picked and not all of them refused: a rejected invite does not count, so
    // "all partners rejected" sends the retailer back to change the bundle (spec §8). Only
    // ACCEPTED invites count as partners once answered (see the view steps and launch).
    if (input.sharedCampaign) steps.push({ step: 'partners', done: input.partners.some((p) => p.inviteStatus !== 'REJECTED') });
  }
  const done = steps.filter((s) => s.done).length;
  return { percent: Math.round((done / steps.length) * 100), steps };
}
