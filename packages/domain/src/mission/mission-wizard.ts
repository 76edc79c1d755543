import { SHARED_DATA_OPTIONS, type TCampaignType, type TSharedDataOption } from '../campaign/campaign-enums.js';
import type { TContestSettings } from './mission.schema.js';

// The mission wizard opened from the campaign builder (product rules R20–R24):
// which steps it shows, where it starts, and how the contest switches pull on each other.
// Pure functions only; the web app renders them and the tests pin them down.

export const MISSION_WIZARD_STEPS = ['select', 'details', 'sharedData'] as const;
export type TMissionWizardStep = (typeof MISSION_WIZARD_STEPS)[number];

/** create: adding a mission; edit: changing an entry already in the campaign; view: campaign-view (read-only). */
export type TMissionWizardMode = 'create' | 'edit' | 'view';

export interface MissionWizardFlow {
  /** The steps shown, in order. Empty when there is nothing to show (a consumer entry has no settings). */
  steps: TMissionWizardStep[];
  /** Where the wizard opens; null when steps is empty. */
  start: TMissionWizardStep | null;
  /** Consumer missions have no settings: choosing the mission saves it (entries forced to 1 and 0). */
  saveAfterSelect: boolean;
  /** Campaign-view shows the data without letting it change. */
  readOnly: boolean;
  /** Campaign-view titles the modal "Mission Data" whatever the step. */
  fixedTitle: boolean;
}

/** Steps and start of the mission wizard for a campaign and what the user is doing. */
export function missionWizardSteps(input: {
  campaignType: TCampaignType;
  sharedCampaign: boolean;
  mode: TMissionWizardMode;
}): MissionWizardFlow {
  const consumer = input.campaignType === 'consumer';
  // Only contests are shared; a stale flag on another type must not add a step.
  const shared = input.sharedCampaign && input.campaignType === 'contest';
  const settings: TMissionWizardStep[] = consumer ? [] : ['details', ...(shared ? (['sharedData'] as const) : [])];

  if (input.mode === 'view') {
    const steps = settings;
    const start = shared ? 'sharedData' : (steps[0] ?? null);
    return { steps, start, saveAfterSelect: false, readOnly: true, fixedTitle: true };
  }
  if (input.mode === 'edit') {
    return { steps: settings, start: settings[0] ?? null, saveAfterSelect: false, readOnly: false, fixedTitle: false };
  }
  const steps: TMissionWizardStep[] = ['select', ...settings];
  return { steps, start: 'select', saveAfterSelect: consumer, readOnly: false, fixedTitle: false };
}

/** The step after `current`, or null on the last one (the wizard saves there). */
export function nextWizardStep(
  flow: Pick<MissionWizardFlow, 'steps'>,
  current: TMissionWizardStep,
): TMissionWizardStep | null {
  const index = flow.steps.indexOf(current);
  return index < 0 ? null : (flow.steps[index + 1] ?? null);
}

/** The step before `current`, or null on the first one. */
export function previousWizardStep(
  flow: Pick<MissionWizardFlow, 'steps'>,
  current: TMissionWizardStep,
): TMissionWizardStep | null {
  const index = flow.steps.indexOf(current);
  return index <= 0 ? null : (flow.steps[index - 1] ?? null);
}

/** Contest settings a new contest mission starts from: employee leaderboard by number of submissions. */
export function defaultContestSettings(): TContestSettings {
  return {
    type: 'user',
    displayLeaderboard: true,
    rankLeadersBasedOn: 'numbers_submissions',
    displayLeadersByUserInfo: true,
    displayLeadersByStoreInfo: false,
    displayLeadersByNumberSubmissions: true,
    displayLeadersByTotalSalesAmount: false,
    rulesAndRegulations: { useCustom: false, customUrl: '' },
  };
}

const DISPLAY_FLAGS = [
  'displayLeadersByUserInfo',
  'displayLeadersByStoreInfo',
  'displayLeadersByNumberSubmissions',
  'displayLeadersByTotalSalesAmount',
] as const;

/** The display flag that shows the figure a leaderboard is ranked on. */
export function rankDisplayFlag(rank: TContestSettings['rankLeadersBasedOn']) {
  return rank === 'sales_amount' ? 'displayLeadersByTotalSalesAmount' : 'displayLeadersByNumberSubmissions';
}

/** One edit of the contest form. */
export type TContestChange =
  | { field: 'type'; value: TContestSettings['type'] }
  | { field: 'displayLeaderboard'; value: boolean }
  | { field: 'rankLeadersBasedOn'; value: TContestSettings['rankLeadersBasedOn'] }
  | { field: (typeof DISPLAY_FLAGS)[number]; value: boolean }
  | { field: 'rulesUseCustom'; value: boolean }
  | { field: 'rulesCustomUrl'; value: string };

/**
 * Applies one edit to the contest settings with the rules of product rule R21:
 * - switching the rank basis turns on the display flag of that figure;
 * - turning the leaderboard off clears all four display flags (turning it back on
 *   shows the ranked figure and the contest's own kind of leader);
 * - a store contest always shows store info while a leaderboard is displayed;
 * - turning custom rules off clears the custom URL.
 */
export function applyContestChange(settings: TContestSettings, change: TContestChange): TContestSettings {
  const next: TContestSettings = { ...settings, rulesAndRegulations: { ...settings.rulesAndRegulations } };
  switch (change.field) {
    case 'type':
      next.type = change.value;
      break;
    case 'displayLeaderboard':
      next.displayLeaderboard = change.value;
      if (change.value) {
        next[rankDisplayFlag(next.rankLeadersBasedOn)] = true;
        if (next.type === 'user') next.displayLeadersByUserInfo = true;
      }
      break;
    case 'rankLeadersBasedOn':
      next.rankLeadersBasedOn = change.value;
      if (next.displayLeaderboard) next[rankDisplayFlag(change.value)] = true;
      break;
    case 'rulesUseCustom':
      next.rulesAndRegulations.useCustom = change.value;
      if (!change.value) next.rulesAndRegulations.customUrl = '';
      break;
    case 'rulesCustomUrl':
      next.rulesAndRegulations.customUrl = change.value;
      break;
    default:
      next[change.field] = change.value;
  }
  if (!next.displayLeaderboard) {
    for (const flag of DISPLAY_FLAGS) next[flag] = false;
  } else if (next.type === 'store') {
    next.displayLeadersByStoreInfo = true;
  }
  return next;
}

/** Whether a display flag can be changed by the user now (store info is forced on for store contests). */
export function isContestFlagLocked(settings: TContestSettings, flag: (typeof DISPLAY_FLAGS)[number]): boolean {
  if (!settings.displayLeaderboard) return true;
  return flag === 'displayLeadersByStoreInfo' && settings.type === 'store';
}

/** Shared data starts with every option selected (product rule R24). */
export function defaultSharedData(): TSharedDataOption[] {
  return [...SHARED_DATA_OPTIONS];
}

/** Toggles one shared-data option, keeping the canonical order of the options. */
export function toggleSharedData(
  selected: readonly TSharedDataOption[],
  option: TSharedDataOption,
  on: boolean,
): TSharedDataOption[] {
  const set = new Set(selected);
  if (on) set.add(option);
  else set.delete(option);
  return SHARED_DATA_OPTIONS.filter((o) => set.has(o));
}

/**
 * An entries limit as typed into a number field: empty (or 0 where 0 means unlimited)
 * is sent as null, "unlimited" (product rule R22).
 */
export function entriesLimitFromInput(
  value: number | string | null | undefined,
  zeroIsUnlimited: boolean,
): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return null;
  const whole = Math.trunc(n);
  if (zeroIsUnlimited && whole === 0) return null;
  return whole;
}
