import type { TCampaignStatus, TCampaignType, TInviteStatus, TStartBlockedReason } from './campaign-enums.js';
import type { ProgressMission, ProgressReward } from './compute-progress.js';
import { learningRewardsDone } from './compute-progress.js';

/** Consumer campaigns take a single reward; every campaign needs a mission before rewards. */
export function canAddReward(input: { type: TCampaignType; missionCount: number; rewardCount: number }): boolean {
  if (input.missionCount === 0) return false;
  if (input.type === 'consumer' && input.rewardCount > 0) return false;
  return true;
}

/** One mission per campaign, except learning campaigns which take several. */
export function canAddMission(input: { type: TCampaignType; missionCount: number }): boolean {
  return input.missionCount === 0 || input.type === 'learning';
}

/** Missions are removed, and the type changed, only while the campaign is a draft. */
export const canDeleteMission = (status: TCampaignStatus) => status === 'draft';
export const canChangeType = (status: TCampaignStatus, viewMode: boolean) => status === 'draft' && !viewMode;

/** The shared switch exists only for retailers' contests. */
export const canShowSharedSwitch = (type: TCampaignType, isRetailer: boolean) => type === 'contest' && isRetailer;

/** What saving a new type does: its missions go (after the user confirms), and only contests stay shared. */
export function typeChangeEffect(input: { from: TCampaignType; to: TCampaignType; missionCount: number }) {
  return {
    changed: input.from !== input.to,
    needsConfirmation: input.from !== input.to && input.missionCount > 0,
    deletesMissions: input.from !== input.to && input.missionCount > 0,
  };
}

/** A non-contest is never shared: forced off on every save. */
export const normalizeShared = (type: TCampaignType, shared: boolean) => type === 'contest' && shared;

export const BUILDER_WARNINGS = ['incomplete-missions', 'learning-missions-without-rewards', 'all-partners-rejected', 'partner-rejected', 'start-blocked-budget-unpaid'] as const;
export type TBuilderWarning = (typeof BUILDER_WARNINGS)[number];

/** Warnings the builder shows (product rule R51). */
export function builderWarnings(input: {
  type: TCampaignType;
  sharedCampaign: boolean;
  missions: ProgressMission[];
  rewards: ProgressReward[];
  partners: { inviteStatus: TInviteStatus | null }[];
  /** The scheduler could not start the campaign (its prepaid budget is unpaid). */
  startBlocked?: TStartBlockedReason | null | undefined;
}): TBuilderWarning[] {
  const warnings: TBuilderWarning[] = [];
  if (input.missions.some((m) => !m.isCompleteFill)) warnings.push('incomplete-missions');
  if (input.type === 'learning' && input.missions.length > 0 && !learningRewardsDone(input.missions, input.rewards)) {
    warnings.push('learning-missions-without-rewards');
  }
  if (input.sharedCampaign && input.partners.length > 0 && input.partners.every((p) => p.inviteStatus === 'REJECTED')) {
    warnings.push('all-partners-rejected');
  } else if (input.sharedCampaign && input.partners.some((p) => p.inviteStatus === 'REJECTED')) {
    // Some, not all, refused: the retailer may change the bundle and invite another brand (spec §6).
    warnings.push('partner-rejected');
  }
  if (input.startBlocked === 'budget_unpaid') warnings.push('start-blocked-budget-unpaid');
  return warnings;
}

/**
 * A shared campaign's status follows its partners' answers (product rule R78): a draft whose every partner
 * rejected becomes `rejected` (still editable: the retailer changes the bundle); once the partners are changed so
 * that one has not rejected, it is a draft again. Other statuses are not the partners' to change.
 */
export function statusAfterPartnerAnswers(status: TCampaignStatus, partners: readonly { inviteStatus: TInviteStatus | null }[]): TCampaignStatus {
  const allRejected = partners.length > 0 && partners.every((p) => p.inviteStatus === 'REJECTED');
  if (status === 'draft' && allRejected) return 'rejected';
  if (status === 'rejected' && !allRejected) return 'draft';
  return status;
}

/** Continue, Confirm and Send invite are enabled only at 100 %. */
export const isComplete = (completionProgress: number) => completionProgress >= 100;

/** Where Back and Exit lead from the builder. */
export const campaignListPath = (status: TCampaignStatus) => `/campaign?status=${status}`;

/** Moves one element of an ordered list to a new index and returns the ids in their new order. */
export function moveInOrder<T>(ids: readonly T[], id: T, toIndex: number): T[] {
  const from = ids.indexOf(id);
  if (from < 0) return [...ids];
  const next = ids.filter((x) => x !== id);
  const clamped = Math.max(0, Math.min(toIndex, next.length));
  next.splice(clamped, 0, id);
  return next;
}
