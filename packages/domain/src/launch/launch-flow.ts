import type { TCampaignStatus, TCampaignType, TLaunchAction } from '../campaign/campaign-enums.js';

/** The three actions the launch modal performs (delete goes through the same call but no modal). */
export const LAUNCH_MODAL_ACTIONS = ['launch', 'schedule', 'reschedule'] as const;
export type TLaunchModalAction = (typeof LAUNCH_MODAL_ACTIONS)[number];

/**
 * Every step the launch modal knows, each at a fixed index (product rule R11, "a smart-review step index
 * exists"): the smart-review panel arrives with billing, but its place in the map is kept so
 * adding it does not renumber the others.
 */
export const LAUNCH_STEP_INDEX = {
  choose: 0,
  settings: 1,
  reach: 2,
  smartReview: 3,
  schedule: 4,
} as const;
export type TLaunchStep = keyof typeof LAUNCH_STEP_INDEX;

export interface LaunchFlowInput {
  action: TLaunchModalAction;
  campaignType: TCampaignType;
  /** Offer the smart-review step (billing issue); off until that panel exists. */
  smartReview?: boolean;
}

/**
 * The steps a launch goes through, in order (product rule R11): the action is chosen first unless the
 * modal opened as a reschedule, which goes straight to Schedule. Launch now has no Schedule step.
 */
export function launchSteps({ action, smartReview = false }: LaunchFlowInput): TLaunchStep[] {
  if (action === 'reschedule') return ['schedule'];
  const steps: TLaunchStep[] = ['choose', 'settings', 'reach'];
  if (smartReview) steps.push('smartReview');
  if (action === 'schedule') steps.push('schedule');
  return steps;
}

/** The step after `current`; steps move forward only by Next (product rule R11). */
export function nextLaunchStep(input: LaunchFlowInput, current: TLaunchStep): TLaunchStep | null {
  const steps = launchSteps(input);
  const at = steps.indexOf(current);
  return at >= 0 && at < steps.length - 1 ? steps[at + 1]! : null;
}

export function previousLaunchStep(input: LaunchFlowInput, current: TLaunchStep): TLaunchStep | null {
  const steps = launchSteps(input);
  const at = steps.indexOf(current);
  return at > 0 ? steps[at - 1]! : null;
}

/** Reschedule hides the step bar (product rule R11). */
export const showsLaunchStepBar = (action: TLaunchModalAction) => action !== 'reschedule';

/** Consumer campaigns reach countries on a map; others reach stores or groups (product rule R13). */
export const reachKind = (campaignType: TCampaignType): 'countries' | 'stores' =>
  campaignType === 'consumer' ? 'countries' : 'stores';

export type TLaunchTitle = 'shared' | 'schedule' | 'launch' | 'reschedule';

/** The modal's title by action (product rule R11): a shared campaign is titled as such whatever the action. */
export function launchTitle(action: TLaunchModalAction, sharedCampaign: boolean): TLaunchTitle {
  if (action === 'reschedule') return 'reschedule';
  if (sharedCampaign) return 'shared';
  return action;
}

/** Legal status changes (product rule R10): from → action → to. Anything else is a 409. */
const TRANSITIONS: Record<TLaunchAction, { from: readonly TCampaignStatus[]; to: TCampaignStatus | null }> = {
  launch: { from: ['draft', 'rejected'], to: 'active' },
  schedule: { from: ['draft', 'rejected'], to: 'scheduled' },
  reschedule: { from: ['scheduled'], to: 'scheduled' },
  delete: { from: ['draft', 'scheduled', 'rejected'], to: null },
};

/** The status an action leads to from `status`, `null` for deletion, or `undefined` when illegal. */
export function statusAfter(status: TCampaignStatus, action: TLaunchAction): TCampaignStatus | null | undefined {
  const rule = TRANSITIONS[action];
  return rule.from.includes(status) ? rule.to : undefined;
}

export const legalFromStatuses = (action: TLaunchAction) => TRANSITIONS[action].from;

/** What the browser does after a successful change (product rule R11). */
export interface LaunchOutcome {
  toast: 'campaign.launch.confirm' | 'campaign-scheduled-success' | 'schedule-campaign-edit-success';
  /** Where to go; null means stay and reload the campaign. */
  redirect: string | null;
}

export function launchOutcome(action: TLaunchModalAction, campaign: { id: number; type: TCampaignType }): LaunchOutcome {
  switch (action) {
    case 'launch':
      return {
        toast: 'campaign.launch.confirm',
        redirect: campaign.type === 'consumer' ? `/campaign/report/${campaign.id}` : `/campaign?show-promotion=${campaign.id}`,
      };
    case 'schedule':
      return { toast: 'campaign-scheduled-success', redirect: '/campaign' };
    case 'reschedule':
      return { toast: 'schedule-campaign-edit-success', redirect: null };
  }
}

export const LAUNCH_FAILURE_TOAST = 'campaign.launch.error';
