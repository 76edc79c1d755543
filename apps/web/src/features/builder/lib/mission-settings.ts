import {
  defaultContestSettings,
  entriesLimitFromInput,
  type TCampaign,
  type TCampaignMission,
  type TErrorField,
  type TSharedDataOption,
  type TUpdateCampaignMissionBody,
} from '@rally/domain';
import type { TFunction } from 'i18next';
import type { TDetailsValues } from '../components/mission-wizard/details-step';

// The mission wizard's form: its settings as the API takes them, and the refusals in the user's words.

/** The fields of the details step. */
export const DETAIL_PATHS = [
  'maxEntriesPerUser',
  'maxEntriesPerStore',
  'passingGrade',
  'contest',
  'contest.rulesAndRegulations.customUrl',
];

/** The server and validateMissionSettings speak English developer text; the user reads their language. */
export function missionErrorText(field: TErrorField, t: TFunction): string {
  switch (field.path) {
    case 'passingGrade': {
      const max = /^at most (\d+)$/.exec(field.message);
      if (max) return t('builder.wizard.errors.grade-max', { max: Number(max[1]) });
      if (field.message.includes('no questions')) return t('builder.wizard.errors.grade-no-items');
      return t('builder.wizard.errors.grade-min');
    }
    case 'contest.rulesAndRegulations.customUrl':
      return t('builder.wizard.errors.please-enter-information');
    case 'maxEntriesPerUser':
    case 'maxEntriesPerStore':
      return t('builder.wizard.errors.entries-min');
    case 'sharedData':
      return t('builder.wizard.errors.shared-data-min');
    case 'missionId':
      if (field.message === 'in use') return t('builder.wizard.errors.in-use');
      if (field.message === 'already added') return t('builder.wizard.errors.already-added');
      if (field.message.includes('one mission')) return t('builder.wizard.errors.mission-limit');
      return t('builder.wizard.errors.mission-invalid');
    default:
      return t('builder.wizard.errors.invalid');
  }
}

export function initialDetails(entry: TCampaignMission | undefined): TDetailsValues {
  return {
    maxEntriesPerUser: entry?.maxEntriesPerUser ?? '',
    maxEntriesPerStore: entry?.maxEntriesPerStore ?? '',
    passingGrade: entry?.passingGrade ?? '',
    contest: entry?.contest ?? defaultContestSettings(),
  };
}

/** The settings the API takes for this campaign type. */
export function missionSettingsBody(
  campaign: Pick<TCampaign, 'type' | 'sharedCampaign'>,
  values: TDetailsValues,
  sharedData: TSharedDataOption[],
): TUpdateCampaignMissionBody {
  const body: TUpdateCampaignMissionBody = {};
  switch (campaign.type) {
    case 'learning':
      body.passingGrade = values.passingGrade === '' ? null : values.passingGrade;
      break;
    case 'contest':
      body.contest = values.contest;
      body.maxEntriesPerUser = entriesLimitFromInput(values.maxEntriesPerUser, false);
      body.maxEntriesPerStore = entriesLimitFromInput(values.maxEntriesPerStore, false);
      break;
    case 'general':
      body.maxEntriesPerUser = entriesLimitFromInput(values.maxEntriesPerUser, true);
      body.maxEntriesPerStore = entriesLimitFromInput(values.maxEntriesPerStore, true);
      break;
    case 'consumer':
      // The server forces one entry per user and no store limit.
      break;
  }
  if (campaign.sharedCampaign && campaign.type === 'contest') body.sharedData = sharedData;
  return body;
}
