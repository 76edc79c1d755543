import { describe, expect, it } from 'vitest';
import type { TContestSettings } from './mission.schema.js';
import { contestSettingsErrors, forcedEntries, PLEASE_ENTER_INFORMATION, validateMissionSettings } from './mission-settings-rules.js';

const contest = (over: Partial<TContestSettings['rulesAndRegulations']> = {}): TContestSettings => ({
  type: 'user',
  displayLeaderboard: true,
  rankLeadersBasedOn: 'sales_amount',
  displayLeadersByUserInfo: true,
  displayLeadersByStoreInfo: false,
  displayLeadersByNumberSubmissions: false,
  displayLeadersByTotalSalesAmount: true,
  rulesAndRegulations: { useCustom: false, customUrl: '', ...over },
});

const paths = (fields: { path: string }[]) => fields.map((f) => f.path);

describe('validateMissionSettings', () => {
  it.each([
    [0, ['passingGrade']],
    [1, []],
    [3, []],
    [4, ['passingGrade']],
  ])('learning passing grade %i of 3 questions → %j', (passingGrade, expected) => {
    expect(paths(validateMissionSettings({ campaignType: 'learning', sharedCampaign: false, itemCount: 3, passingGrade }))).toEqual(expected);
  });

  it('needs a custom rules URL when custom rules are on', () => {
    const fields = validateMissionSettings({ campaignType: 'contest', sharedCampaign: false, itemCount: 0, contest: contest({ useCustom: true }) });
    expect(fields).toEqual([{ path: 'contest.rulesAndRegulations.customUrl', message: PLEASE_ENTER_INFORMATION }]);
    expect(
      validateMissionSettings({
        campaignType: 'contest',
        sharedCampaign: false,
        itemCount: 0,
        contest: contest({ useCustom: true, customUrl: 'https://brand.example/rules' }),
      }),
    ).toEqual([]);
  });

  it('refuses a custom rules link while the default rules are chosen, instead of keeping it unseen', () => {
    const fields = validateMissionSettings({
      campaignType: 'contest',
      sharedCampaign: false,
      itemCount: 0,
      contest: contest({ useCustom: false, customUrl: 'https://brand.example/rules' }),
    });
    expect(paths(fields)).toEqual(['contest.rulesAndRegulations.customUrl']);
  });

  it('refuses negative entry limits', () => {
    expect(paths(validateMissionSettings({ campaignType: 'general', sharedCampaign: false, itemCount: 0, maxEntriesPerUser: -1 }))).toEqual([
      'maxEntriesPerUser',
    ]);
  });

  it('needs at least one shared-data option in a shared campaign', () => {
    expect(
      paths(validateMissionSettings({ campaignType: 'contest', sharedCampaign: true, itemCount: 0, contest: contest(), sharedData: [] })),
    ).toEqual(['sharedData']);
  });

  it('forces consumer missions to one entry per user and no store limit', () => {
    expect(forcedEntries('consumer')).toEqual({ maxEntriesPerUser: 1, maxEntriesPerStore: 0 });
    expect(forcedEntries('general')).toBeNull();
  });
});

describe('contestSettingsErrors', () => {
  const base = contest();
  it('names every display flag left on while the leaderboard is off', () => {
    expect(paths(contestSettingsErrors({ ...base, displayLeaderboard: false }))).toEqual([
      'contest.displayLeadersByUserInfo',
      'contest.displayLeadersByTotalSalesAmount',
    ]);
  });
  it('accepts a hidden leaderboard with no display flags', () => {
    const off = { ...base, displayLeaderboard: false, displayLeadersByUserInfo: false, displayLeadersByTotalSalesAmount: false };
    expect(contestSettingsErrors(off)).toEqual([]);
  });
  it('requires store info on a store contest leaderboard', () => {
    expect(paths(contestSettingsErrors({ ...base, type: 'store' }))).toEqual(['contest.displayLeadersByStoreInfo']);
    expect(contestSettingsErrors({ ...base, type: 'store', displayLeadersByStoreInfo: true })).toEqual([]);
  });
  it('is part of validateMissionSettings for contest campaigns', () => {
    const fields = validateMissionSettings({ campaignType: 'contest', sharedCampaign: false, itemCount: 0, contest: { ...base, type: 'store' } });
    expect(paths(fields)).toEqual(['contest.displayLeadersByStoreInfo']);
  });
});
