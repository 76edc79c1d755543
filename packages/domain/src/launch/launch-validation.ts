import type { TErrorField } from '../shared/api-schemas.js';
import type { TPaymentPlan } from '../brand/brand-enums.js';
import type { TCampaignType, TFinishCriterion, TScopeType } from '../campaign/campaign-enums.js';
import type { TRewardType } from '../reward/reward-enums.js';
import { isCodeReward } from '../reward/reward-rules.js';
import { launchSteps, reachKind, type TLaunchModalAction, type TLaunchStep } from './launch-flow.js';
import { parseZoned } from './zoned-time.js';

/** Message keys (product rule R51) for the launch form, shared by the modal (translated) and the API. */
export const LAUNCH_MESSAGES = {
  selectCriteria: 'select criteria',
  campaignEndDate: 'campaign end date',
  rewardExpirationDate: 'reward expiration date',
  selectStores: 'select stores',
  selectGroups: 'select groups',
  selectCountries: 'select countries',
  startDate: 'start date',
  startInPast: 'start date in the past',
  endInPast: 'end date in the past',
  endBeforeStart: 'end date before start date',
  rewardEndBeforeCampaignEnd: 'reward expiration before campaign end',
  rewardEndInPast: 'reward expiration in the past',
  rewardWithoutCodes: 'reward without codes',
  nonexistentTime: 'time does not exist',
  invalidDateTime: 'invalid date time',
  timeZone: 'time zone',
  budgetUnpaid: 'budget unpaid',
} as const;
export type TLaunchMessage = (typeof LAUNCH_MESSAGES)[keyof typeof LAUNCH_MESSAGES];

/** The launch form's fields that the rules read (instants in epoch seconds). */
export interface LaunchFormState {
  action: TLaunchModalAction;
  startDate?: number | null;
  endDate?: number | null;
  timeZone: string;
  scope: TScopeType;
  pks: readonly number[];
  countryCodes: readonly string[];
  finishCriteria: readonly TFinishCriterion[];
}

/** What the rules need to know about the campaign and the person launching it. */
export interface LaunchContext {
  campaignType: TCampaignType;
  sharedCampaign: boolean;
  isRetailer: boolean;
  /** The current brand owns the campaign (false for a partner looking at a shared one). */
  isCampaignOwner: boolean;
  paymentPlan: TPaymentPlan;
  rewards: readonly LaunchReward[];
  /** Epoch seconds; passed in so the rules stay pure. */
  now: number;
}

export interface LaunchReward {
  id: number;
  type: TRewardType;
  /** Code rewards' expiry (epoch seconds). */
  endDate?: number | null;
  /** Money rewards' budget and how much of it is paid, in cents. */
  budgetCents?: number | null;
  budgetPaidCents?: number | null;
  /** Whether a code reward has a code not yet given out; unknown (undefined) where the caller does not look. */
  hasCodesLeft?: boolean;
  /** Supplied by partners on a shared campaign: their budgets are their own slices, not the owner's. */
  filledByPartners?: boolean;
}

const field = (path: string, message: TLaunchMessage): TErrorField => ({ path, message });

/** The end date is asked for when the campaign ends by date (product rule R12); scheduling asks it on Schedule. */
export const needsEndDate = (finishCriteria: readonly TFinishCriterion[]) => finishCriteria.includes('days_over');
export const settingsAskEndDate = (form: Pick<LaunchFormState, 'action' | 'finishCriteria'>) =>
  needsEndDate(form.finishCriteria) && form.action === 'launch';

/**
 * One code reward's expiry against now and the campaign's end (product rule R12: the date picker's minimum
 * is today, and the campaign end date when set). Launch and `update-end-date` both ask this.
 */
export function rewardEndDateMessage(
  endDate: number | null | undefined,
  context: { now: number; campaignEndDate?: number | null | undefined },
): TLaunchMessage | null {
  if (endDate == null) return LAUNCH_MESSAGES.rewardExpirationDate;
  if (endDate < context.now) return LAUNCH_MESSAGES.rewardEndInPast;
  if (context.campaignEndDate != null && endDate < context.campaignEndDate) return LAUNCH_MESSAGES.rewardEndBeforeCampaignEnd;
  return null;
}

/** Code rewards and their expiry: required, not past, and never before the campaign ends (product rule R12). */
function rewardEndDateErrors(form: LaunchFormState, context: LaunchContext): TErrorField[] {
  const errors: TErrorField[] = [];
  for (const reward of context.rewards) {
    if (!isCodeReward(reward.type)) continue;
    const message = rewardEndDateMessage(reward.endDate, { now: context.now, campaignEndDate: form.endDate });
    if (message) errors.push(field(`rewards.${reward.id}.endDate`, message));
  }
  return errors;
}

export function validateSettings(form: LaunchFormState, context: LaunchContext): TErrorField[] {
  const errors: TErrorField[] = [];
  if (form.finishCriteria.length === 0) errors.push(field('finishCriteria', LAUNCH_MESSAGES.selectCriteria));
  if (settingsAskEndDate(form)) {
    const endErrors: TErrorField[] = [];
    if (form.endDate == null) endErrors.push(field('endDate', LAUNCH_MESSAGES.campaignEndDate));
    else if (form.endDate <= context.now) endErrors.push(field('endDate', LAUNCH_MESSAGES.endInPast));
    // A retailer's shared campaign is valid with a valid end date, or when the person is not the
    // campaign's brand owner (product rule R12) — the owner sets it.
    const exempt = context.sharedCampaign && context.isRetailer && !context.isCampaignOwner;
    if (!exempt) errors.push(...endErrors);
  }
  errors.push(...rewardEndDateErrors(form, context));
  return errors;
}

export function validateReach(form: LaunchFormState, context: Pick<LaunchContext, 'campaignType'>): TErrorField[] {
  if (reachKind(context.campaignType) === 'countries') {
    return form.countryCodes.length > 0 ? [] : [field('countryCodes', LAUNCH_MESSAGES.selectCountries)];
  }
  if (form.scope === 'store' && form.pks.length === 0) return [field('pks', LAUNCH_MESSAGES.selectStores)];
  if (form.scope === 'group' && form.pks.length === 0) return [field('pks', LAUNCH_MESSAGES.selectGroups)];
  return [];
}

export function validateSchedule(form: LaunchFormState, context: LaunchContext): TErrorField[] {
  const errors: TErrorField[] = [];
  if (form.startDate == null) errors.push(field('startDate', LAUNCH_MESSAGES.startDate));
  else if (form.startDate < context.now) errors.push(field('startDate', LAUNCH_MESSAGES.startInPast));
  if (needsEndDate(form.finishCriteria)) {
    if (form.endDate == null) errors.push(field('endDate', LAUNCH_MESSAGES.campaignEndDate));
    else if (form.startDate != null && form.endDate <= form.startDate) errors.push(field('endDate', LAUNCH_MESSAGES.endBeforeStart));
  }
  // Reward expiry is checked against the end date chosen here (reschedule has no Settings step).
  errors.push(...rewardEndDateErrors(form, context));
  return errors;
}

/**
 * A code reward (discount, free product, gift card) with no code left to give cannot go live: a
 * launch or schedule names each such reward (`rewards.<id>`). Whoever supplies the codes — the
 * owner or a partner — must have uploaded them by then.
 */
export function rewardCodeErrors(rewards: readonly LaunchReward[]): TErrorField[] {
  return rewards
    // A shared discount a partner supplies carries title and description only (spec §5): no codes to run out of.
    .filter((r) => isCodeReward(r.type) && r.hasCodesLeft === false && !(r.filledByPartners && r.type === 'discount'))
    .map((r) => field(`rewards.${r.id}`, LAUNCH_MESSAGES.rewardWithoutCodes));
}

/** Errors of one step of the modal; Next and Launch are enabled only without them. */
export function validateLaunchStep(step: TLaunchStep, form: LaunchFormState, context: LaunchContext): TErrorField[] {
  switch (step) {
    case 'settings':
      return validateSettings(form, context);
    case 'reach':
      return validateReach(form, context);
    case 'schedule':
      return validateSchedule(form, context);
    case 'choose':
    case 'smartReview':
      return [];
  }
}

/** Every rule the action's steps carry — what the server re-checks before changing status. */
export function validateLaunchForm(form: LaunchFormState, context: LaunchContext): TErrorField[] {
  const seen = new Set<string>();
  const errors: TErrorField[] = [];
  for (const step of launchSteps({ action: form.action, campaignType: context.campaignType })) {
    for (const error of validateLaunchStep(step, form, context)) {
      const key = `${error.path}\u0000${error.message}`;
      if (!seen.has(key)) errors.push(error);
      seen.add(key);
    }
  }
  return errors;
}

/**
 * What the brand still owes on money rewards' budgets before a launch, in cents (product rule R15):
 * postpaid brands owe nothing up front.
 */
export function budgetDue(rewards: readonly LaunchReward[], paymentPlan: TPaymentPlan): { due: number; rewards: { id: number; due: number }[] } {
  if (paymentPlan === 'postpaid') return { due: 0, rewards: [] };
  const owed = rewards
    .filter((r) => r.type === 'money' && !r.filledByPartners)
    .map((r) => ({ id: r.id, due: Math.max(0, (r.budgetCents ?? 0) - (r.budgetPaidCents ?? 0)) }))
    .filter((r) => r.due > 0);
  return { due: owed.reduce((sum, r) => sum + r.due, 0), rewards: owed };
}

/** Only a launch now checks payment; schedule and reschedule skip it (product rule R15). */
export const launchChecksBudget = (action: TLaunchModalAction) => action === 'launch';

/** A `YYYY-MM-DD HH:mm` entry in a zone as an instant, or the message explaining why not. */
export function readWallTime(text: string, timeZone: string): { epochSeconds: number } | { message: TLaunchMessage } {
  const parsed = parseZoned(text, timeZone);
  if (parsed.ok) return { epochSeconds: parsed.epochSeconds };
  if (parsed.reason === 'nonexistent') return { message: LAUNCH_MESSAGES.nonexistentTime };
  if (parsed.reason === 'time-zone') return { message: LAUNCH_MESSAGES.timeZone };
  return { message: LAUNCH_MESSAGES.invalidDateTime };
}
