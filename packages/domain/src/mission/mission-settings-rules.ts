import type { TErrorField } from '../shared/api-schemas.js';
import type { TCampaignType } from '../campaign/campaign-enums.js';
import type { TContestSettings } from './mission.schema.js';

export const PLEASE_ENTER_INFORMATION = 'please enter information';

export interface MissionSettingsInput {
  campaignType: TCampaignType;
  sharedCampaign: boolean;
  /** Items (questions) of the library mission; caps the passing grade. */
  itemCount: number;
  maxEntriesPerUser?: number | null | undefined;
  maxEntriesPerStore?: number | null | undefined;
  contest?: TContestSettings | null | undefined;
  passingGrade?: number | null | undefined;
  sharedData?: readonly string[] | undefined;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const CONTEST_DISPLAY_FLAGS = [
  'displayLeadersByUserInfo',
  'displayLeadersByStoreInfo',
  'displayLeadersByNumberSubmissions',
  'displayLeadersByTotalSalesAmount',
] as const;

/**
 * States of the contest form the spec rules out (product rule R21): the form can never reach them
 * (`applyContestChange`), so a request carrying one is refused rather than silently corrected —
 * a leaderboard that is off shows no figures, and a store contest's leaderboard shows store info.
 */
export function contestSettingsErrors(contest: TContestSettings): TErrorField[] {
  const errors: TErrorField[] = [];
  if (!contest.displayLeaderboard) {
    for (const flag of CONTEST_DISPLAY_FLAGS) {
      if (contest[flag]) errors.push({ path: `contest.${flag}`, message: 'must be off while the leaderboard is not displayed' });
    }
  } else if (contest.type === 'store' && !contest.displayLeadersByStoreInfo) {
    errors.push({ path: 'contest.displayLeadersByStoreInfo', message: 'a store contest shows store info' });
  }
  return errors;
}

/** The rules of a mission's settings inside a campaign (product rules R21–R24); every broken rule named by field. */
export function validateMissionSettings(input: MissionSettingsInput): TErrorField[] {
  const errors: TErrorField[] = [];
  for (const key of ['maxEntriesPerUser', 'maxEntriesPerStore'] as const) {
    const v = input[key];
    if (v !== null && v !== undefined && v < 0) errors.push({ path: key, message: 'minimum 0' });
  }
  if (input.campaignType === 'learning') {
    const grade = input.passingGrade;
    if (input.itemCount === 0) {
      if (grade !== null && grade !== undefined) errors.push({ path: 'passingGrade', message: 'the mission has no questions' });
    } else if (grade === null || grade === undefined || grade <= 0) {
      errors.push({ path: 'passingGrade', message: 'must be greater than 0' });
    } else if (grade > input.itemCount) {
      errors.push({ path: 'passingGrade', message: `at most ${input.itemCount}` });
    }
  }
  if (input.campaignType === 'contest') {
    if (!input.contest) {
      errors.push({ path: 'contest', message: 'contest settings are required' });
    } else {
      errors.push(...contestSettingsErrors(input.contest));
      const rules = input.contest.rulesAndRegulations;
      if (rules.useCustom && (rules.customUrl.trim() === '' || !isHttpUrl(rules.customUrl.trim()))) {
        errors.push({ path: 'contest.rulesAndRegulations.customUrl', message: PLEASE_ENTER_INFORMATION });
      }
      // A link kept while the default rules are chosen would be saved but never shown: refuse it rather than keep it silently.
      if (!rules.useCustom && rules.customUrl.trim() !== '') {
        errors.push({ path: 'contest.rulesAndRegulations.customUrl', message: 'only with custom rules: turn on custom rules or clear the link' });
      }
    }
  }
  if (input.sharedCampaign && input.sharedData !== undefined && input.sharedData.length === 0) {
    errors.push({ path: 'sharedData', message: 'select at least one' });
  }
  return errors;
}

/** Consumer missions take one entry per user and no per-store limit, whatever was sent. */
export function forcedEntries(campaignType: TCampaignType): { maxEntriesPerUser: number; maxEntriesPerStore: number } | null {
  return campaignType === 'consumer' ? { maxEntriesPerUser: 1, maxEntriesPerStore: 0 } : null;
}
