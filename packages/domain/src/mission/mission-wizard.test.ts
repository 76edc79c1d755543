import { describe, expect, it } from 'vitest';
import type { TCampaignType } from '../campaign/campaign-enums.js';
import { SHARED_DATA_OPTIONS } from '../campaign/campaign-enums.js';
import type { TContestSettings } from './mission.schema.js';
import {
  applyContestChange,
  defaultContestSettings,
  defaultSharedData,
  entriesLimitFromInput,
  isContestFlagLocked,
  missionWizardSteps,
  nextWizardStep,
  previousWizardStep,
  toggleSharedData,
  type TContestChange,
  type TMissionWizardMode,
  type TMissionWizardStep,
} from './mission-wizard.js';

describe('missionWizardSteps', () => {
  const cases: [
    TCampaignType,
    boolean,
    TMissionWizardMode,
    TMissionWizardStep[],
    TMissionWizardStep | null,
    boolean,
  ][] = [
    // type, shared, mode → steps, start, saveAfterSelect
    ['learning', false, 'create', ['select', 'details'], 'select', false],
    ['general', false, 'create', ['select', 'details'], 'select', false],
    ['contest', false, 'create', ['select', 'details'], 'select', false],
    ['contest', true, 'create', ['select', 'details', 'sharedData'], 'select', false],
    ['consumer', false, 'create', ['select'], 'select', true],
    ['learning', false, 'edit', ['details'], 'details', false],
    ['contest', true, 'edit', ['details', 'sharedData'], 'details', false],
    ['consumer', false, 'edit', [], null, false],
    ['contest', true, 'view', ['details', 'sharedData'], 'sharedData', false],
    ['contest', false, 'view', ['details'], 'details', false],
    ['general', false, 'view', ['details'], 'details', false],
    // Only contests are shared: a stale flag on a learning campaign adds no step.
    ['learning', true, 'create', ['select', 'details'], 'select', false],
  ];

  it.each(cases)(
    '%s shared=%s %s → %j from %s',
    (campaignType, sharedCampaign, mode, steps, start, saveAfterSelect) => {
      const flow = missionWizardSteps({ campaignType, sharedCampaign, mode });
      expect(flow.steps).toEqual(steps);
      expect(flow.start).toBe(start);
      expect(flow.saveAfterSelect).toBe(saveAfterSelect);
      expect(flow.readOnly).toBe(mode === 'view');
      expect(flow.fixedTitle).toBe(mode === 'view');
    },
  );

  it('moves forward and back through the steps', () => {
    const flow = missionWizardSteps({ campaignType: 'contest', sharedCampaign: true, mode: 'create' });
    expect(nextWizardStep(flow, 'select')).toBe('details');
    expect(nextWizardStep(flow, 'details')).toBe('sharedData');
    expect(nextWizardStep(flow, 'sharedData')).toBeNull();
    expect(previousWizardStep(flow, 'sharedData')).toBe('details');
    expect(previousWizardStep(flow, 'select')).toBeNull();
    expect(nextWizardStep({ steps: ['details'] }, 'select')).toBeNull();
  });
});

describe('applyContestChange', () => {
  const base = defaultContestSettings();
  const flags = (s: TContestSettings) => [
    s.displayLeadersByUserInfo,
    s.displayLeadersByStoreInfo,
    s.displayLeadersByNumberSubmissions,
    s.displayLeadersByTotalSalesAmount,
  ];
  const cases: [string, TContestSettings, TContestChange, Partial<TContestSettings>, boolean[] | null][] = [
    // name, from, change, expected fields, expected [user, store, submissions, sales] flags
    [
      'store contest forces store info on',
      base,
      { field: 'type', value: 'store' },
      { type: 'store' },
      [true, true, true, false],
    ],
    [
      'sales ranking turns the sales flag on',
      base,
      { field: 'rankLeadersBasedOn', value: 'sales_amount' },
      { rankLeadersBasedOn: 'sales_amount' },
      [true, false, true, true],
    ],
    [
      'submissions ranking turns the submissions flag on',
      {
        ...base,
        rankLeadersBasedOn: 'sales_amount',
        displayLeadersByNumberSubmissions: false,
        displayLeadersByTotalSalesAmount: true,
      },
      { field: 'rankLeadersBasedOn', value: 'numbers_submissions' },
      { rankLeadersBasedOn: 'numbers_submissions' },
      [true, false, true, true],
    ],
    [
      'leaderboard off clears all display flags',
      base,
      { field: 'displayLeaderboard', value: false },
      { displayLeaderboard: false },
      [false, false, false, false],
    ],
    [
      'leaderboard off clears store info even in a store contest',
      { ...base, type: 'store', displayLeadersByStoreInfo: true },
      { field: 'displayLeaderboard', value: false },
      {},
      [false, false, false, false],
    ],
    [
      'leaderboard back on shows the ranked figure',
      {
        ...base,
        displayLeaderboard: false,
        rankLeadersBasedOn: 'sales_amount',
        displayLeadersByUserInfo: false,
        displayLeadersByNumberSubmissions: false,
      },
      { field: 'displayLeaderboard', value: true },
      { displayLeaderboard: true },
      [true, false, false, true],
    ],
    [
      'rank basis while hidden changes no flag',
      { ...applyContestChange(base, { field: 'displayLeaderboard', value: false }) },
      { field: 'rankLeadersBasedOn', value: 'sales_amount' },
      {},
      [false, false, false, false],
    ],
    [
      'store info cannot be turned off in a store contest',
      { ...base, type: 'store', displayLeadersByStoreInfo: true },
      { field: 'displayLeadersByStoreInfo', value: false },
      {},
      [true, true, true, false],
    ],
    [
      'a plain flag toggles',
      base,
      { field: 'displayLeadersByUserInfo', value: false },
      {},
      [false, false, true, false],
    ],
    [
      'a flag cannot be turned on while the leaderboard is hidden',
      { ...base, displayLeaderboard: false, displayLeadersByUserInfo: false, displayLeadersByNumberSubmissions: false },
      { field: 'displayLeadersByUserInfo', value: true },
      {},
      [false, false, false, false],
    ],
    [
      'custom rules off clears the URL',
      { ...base, rulesAndRegulations: { useCustom: true, customUrl: 'https://brand.example/rules' } },
      { field: 'rulesUseCustom', value: false },
      { rulesAndRegulations: { useCustom: false, customUrl: '' } },
      null,
    ],
    [
      'custom rules on keeps an empty URL',
      base,
      { field: 'rulesUseCustom', value: true },
      { rulesAndRegulations: { useCustom: true, customUrl: '' } },
      null,
    ],
    [
      'the URL is typed',
      { ...base, rulesAndRegulations: { useCustom: true, customUrl: '' } },
      { field: 'rulesCustomUrl', value: 'https://x.example' },
      { rulesAndRegulations: { useCustom: true, customUrl: 'https://x.example' } },
      null,
    ],
  ];

  it.each(cases)('%s', (_name, from, change, expected, expectedFlags) => {
    const before = structuredClone(from);
    const next = applyContestChange(from, change);
    expect(next).toMatchObject(expected);
    if (expectedFlags) expect(flags(next)).toEqual(expectedFlags);
    // Pure: the input is untouched.
    expect(from).toEqual(before);
  });

  it('locks the flags that the rules force', () => {
    expect(isContestFlagLocked(base, 'displayLeadersByStoreInfo')).toBe(false);
    expect(isContestFlagLocked({ ...base, type: 'store' }, 'displayLeadersByStoreInfo')).toBe(true);
    expect(isContestFlagLocked({ ...base, type: 'store' }, 'displayLeadersByUserInfo')).toBe(false);
    expect(isContestFlagLocked({ ...base, displayLeaderboard: false }, 'displayLeadersByUserInfo')).toBe(true);
  });
});

describe('shared data and entries', () => {
  it('selects every option by default and keeps the canonical order when toggling', () => {
    expect(defaultSharedData()).toEqual([...SHARED_DATA_OPTIONS]);
    const without = toggleSharedData(defaultSharedData(), 'ROAI', false);
    expect(without).not.toContain('ROAI');
    expect(toggleSharedData(without, 'ROAI', true)).toEqual([...SHARED_DATA_OPTIONS]);
    expect(toggleSharedData(['PRIZES'], 'TOTAL_SALES', true)).toEqual(['TOTAL_SALES', 'PRIZES']);
  });

  it.each([
    ['', false, null],
    [null, false, null],
    [0, false, 0],
    [0, true, null],
    [3, true, 3],
    ['7', false, 7],
    [2.6, false, 2],
  ] as const)('entries %j (zero unlimited %s) → %j', (value, zeroIsUnlimited, expected) => {
    expect(entriesLimitFromInput(value, zeroIsUnlimited)).toBe(expected);
  });
});
