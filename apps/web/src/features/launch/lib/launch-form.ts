import type { TFunction } from 'i18next';
import {
  DEFAULT_TIME_ZONE,
  LAUNCH_MESSAGES,
  formatZoned,
  isCodeReward,
  isValidTimeZone,
  launchSteps,
  needsEndDate,
  readWallTime,
  settingsAskEndDate,
  validateLaunchStep,
  type LaunchContext,
  type LaunchFormState,
  type TCampaign,
  type TErrorField,
  type TFinishCriterion,
  type TLaunchFormInput,
  type TLaunchMessage,
  type TLaunchModalAction,
  type TLaunchStep,
  type TReach,
  type TRewardRead,
  type TScopeType,
  type TSelectedCountry,
} from '@rally/domain';

/** What the modal edits. Times are wall-clock text (`YYYY-MM-DD HH:mm`) in `timeZone`, '' when unset. */
export interface TLaunchForm {
  action: TLaunchModalAction;
  timeZone: string;
  startText: string;
  endText: string;
  scope: TScopeType;
  pks: number[];
  countries: TSelectedCountry[];
  finishCriteria: TFinishCriterion[];
  reach: TReach;
  /** Expiry of code rewards the user changed, by reward id; the others keep their saved date. */
  rewardEnds: Record<number, string>;
}

const wallText = (epoch: number | null, timeZone: string) => (epoch === null ? '' : formatZoned(epoch, timeZone));

/** The form as the campaign stands: a reschedule edits what is saved, a first launch starts from it. */
export function initialLaunchForm(campaign: TCampaign, action: TLaunchModalAction): TLaunchForm {
  const timeZone = isValidTimeZone(campaign.timeZone) ? campaign.timeZone : DEFAULT_TIME_ZONE;
  return {
    action,
    timeZone,
    startText: wallText(campaign.startDate, timeZone),
    endText: wallText(campaign.endDate, timeZone),
    scope: campaign.scope.type,
    pks: [...campaign.scope.pks],
    countries: [...campaign.scope.selectedCountries],
    finishCriteria: campaign.finishCriteria.length > 0 ? [...campaign.finishCriteria] : ['days_over'],
    reach: campaign.kpi.reach,
    rewardEnds: {},
  };
}

export const codeRewards = (rewards: readonly TRewardRead[]) => rewards.filter((r) => isCodeReward(r.type));

/** A reward's expiry as shown: the user's entry, else the saved instant in the campaign's zone. */
export const rewardEndText = (form: TLaunchForm, reward: TRewardRead) =>
  form.rewardEnds[reward.id] ?? wallText(reward.endDate, form.timeZone);

/** Whether the campaign end date is part of what this action sends. */
export function sendsEndDate(form: Pick<TLaunchForm, 'action' | 'finishCriteria'>): boolean {
  return form.action === 'launch' ? settingsAskEndDate(form) : needsEndDate(form.finishCriteria);
}

export interface TReadForm {
  state: LaunchFormState;
  context: LaunchContext;
  /** Entries that are not instants (a time skipped by a clock change, an unknown zone). */
  entryErrors: TErrorField[];
}

export interface TLaunchEnvironment {
  campaign: Pick<TCampaign, 'type' | 'sharedCampaign'>;
  rewards: readonly TRewardRead[];
  isRetailer: boolean;
  isCampaignOwner: boolean;
  paymentPlan: LaunchContext['paymentPlan'];
  now: number;
}

/** Turns wall-clock entries into instants in the chosen zone, for the domain's rules. */
export function readLaunchForm(form: TLaunchForm, env: TLaunchEnvironment): TReadForm {
  const entryErrors: TErrorField[] = [];
  const read = (path: string, text: string): number | null => {
    if (text === '') return null;
    const result = readWallTime(text, form.timeZone);
    if ('epochSeconds' in result) return result.epochSeconds;
    entryErrors.push({ path, message: result.message });
    return null;
  };
  const startDate = form.action === 'launch' ? null : read('startDate', form.startText);
  const endDate = sendsEndDate(form) ? read('endDate', form.endText) : null;
  const rewards = env.rewards.map((reward) => {
    const edited = form.rewardEnds[reward.id];
    const endDateOfReward = edited === undefined ? reward.endDate : read(`rewards.${reward.id}.endDate`, edited);
    return {
      id: reward.id,
      type: reward.type,
      endDate: endDateOfReward,
      budgetCents: reward.budget,
      budgetPaidCents: reward.budgetPaid,
    };
  });
  return {
    state: {
      action: form.action,
      startDate,
      endDate,
      timeZone: form.timeZone,
      scope: form.scope,
      pks: form.pks,
      countryCodes: form.countries.map((c) => c.code),
      finishCriteria: form.finishCriteria,
    },
    context: {
      campaignType: env.campaign.type,
      sharedCampaign: env.campaign.sharedCampaign,
      isRetailer: env.isRetailer,
      isCampaignOwner: env.isCampaignOwner,
      paymentPlan: env.paymentPlan,
      rewards,
      now: env.now,
    },
    entryErrors,
  };
}

/** Which step shows the field at `path`; reward expiry shows on Settings and, when it blocks, on Schedule. */
function stepsOfPath(path: string, action: TLaunchModalAction): TLaunchStep[] {
  if (path === 'finishCriteria') return ['settings'];
  if (path === 'pks' || path === 'countryCodes') return ['reach'];
  if (path === 'startDate') return ['schedule'];
  if (path === 'endDate') return [action === 'launch' ? 'settings' : 'schedule'];
  return ['settings', 'schedule'];
}

/**
 * One step's problems: an entry that is not a time explains itself first (a skipped 02:30 is not
 * "missing"), then the domain's rules for that step.
 */
export function launchStepErrors(step: TLaunchStep, read: TReadForm): TErrorField[] {
  const rules = validateLaunchStep(step, read.state, read.context);
  const entries = read.entryErrors.filter((e) => stepsOfPath(e.path, read.state.action).includes(step));
  const taken = new Set(entries.map((e) => e.path));
  return [...entries, ...rules.filter((e) => !taken.has(e.path))];
}

/** The first step, in this action's order, with a problem; where a refused submit sends the user. */
export function firstStepWithErrors(read: TReadForm, campaignType: TCampaign['type']): TLaunchStep | null {
  for (const step of launchSteps({ action: read.state.action, campaignType })) {
    if (launchStepErrors(step, read).length > 0) return step;
  }
  return null;
}

/** PUT …/status body (product rule R17). A launch now starts at once, so it sends no start. */
export function launchBody(form: TLaunchForm, read: TReadForm, bundleId: number): TLaunchFormInput {
  return {
    action: form.action,
    bundleId,
    ...(form.action === 'launch' ? {} : { startDate: read.state.startDate }),
    endDate: read.state.endDate,
    timeZone: form.timeZone,
    scope: form.scope,
    pks: form.scope === 'all' ? [] : form.pks,
    countryCodes: form.countries.map((c) => c.code),
    selectedPlacesIds: form.countries.map((c) => c.placeId),
    selectedCountries: form.countries,
    finishCriteria: form.finishCriteria,
    reach: form.reach,
  };
}

const MESSAGE_KEYS = {
  [LAUNCH_MESSAGES.selectCriteria]: 'launch.messages.select-criteria',
  [LAUNCH_MESSAGES.campaignEndDate]: 'launch.messages.campaign-end-date',
  [LAUNCH_MESSAGES.rewardExpirationDate]: 'launch.messages.reward-expiration-date',
  [LAUNCH_MESSAGES.selectStores]: 'launch.messages.select-stores',
  [LAUNCH_MESSAGES.selectGroups]: 'launch.messages.select-groups',
  [LAUNCH_MESSAGES.selectCountries]: 'launch.messages.select-countries',
  [LAUNCH_MESSAGES.startDate]: 'launch.messages.start-date',
  [LAUNCH_MESSAGES.startInPast]: 'launch.messages.start-in-past',
  [LAUNCH_MESSAGES.endInPast]: 'launch.messages.end-in-past',
  [LAUNCH_MESSAGES.endBeforeStart]: 'launch.messages.end-before-start',
  [LAUNCH_MESSAGES.rewardEndBeforeCampaignEnd]: 'launch.messages.reward-end-before-campaign-end',
  [LAUNCH_MESSAGES.rewardEndInPast]: 'launch.messages.reward-end-in-past',
  [LAUNCH_MESSAGES.rewardWithoutCodes]: 'launch.messages.reward-without-codes',
  [LAUNCH_MESSAGES.nonexistentTime]: 'launch.messages.nonexistent-time',
  [LAUNCH_MESSAGES.invalidDateTime]: 'launch.messages.invalid-date-time',
  [LAUNCH_MESSAGES.timeZone]: 'launch.messages.time-zone',
  [LAUNCH_MESSAGES.budgetUnpaid]: 'launch.messages.budget-unpaid',
} as const satisfies Record<TLaunchMessage, string>;

const KNOWN = Object.values(LAUNCH_MESSAGES) as readonly string[];

/**
 * A rule's message in the user's language. The server words its own messages as the rule's
 * message and may add detail after a colon ("reward expiration date: not before…").
 */
export function launchMessageText(message: string, t: TFunction, timeZone: string): string {
  const known = KNOWN.find((m) => message === m || message.startsWith(`${m}:`)) as TLaunchMessage | undefined;
  if (!known) return t('launch.messages.invalid');
  return t(MESSAGE_KEYS[known], { zone: timeZone.replace(/_/g, ' ') });
}

/** Errors by field path, translated. */
export function errorsByPath(errors: readonly TErrorField[], t: TFunction, timeZone: string): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const error of errors) shown[error.path] ??= launchMessageText(error.message, t, timeZone);
  return shown;
}
