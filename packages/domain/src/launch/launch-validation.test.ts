import { describe, expect, it } from 'vitest';
import {
  budgetDue,
  LAUNCH_MESSAGES as M,
  launchChecksBudget,
  rewardCodeErrors,
  rewardEndDateMessage,
  readWallTime,
  validateLaunchForm,
  validateLaunchStep,
  type LaunchContext,
  type LaunchFormState,
} from './launch-validation.js';

const NOW = 1_800_000_000;
const DAY = 86_400;

function form(overrides: Partial<LaunchFormState> = {}): LaunchFormState {
  return {
    action: 'launch',
    startDate: null,
    endDate: NOW + 10 * DAY,
    timeZone: 'America/New_York',
    scope: 'all',
    pks: [],
    countryCodes: [],
    finishCriteria: ['days_over'],
    ...overrides,
  };
}

function context(overrides: Partial<LaunchContext> = {}): LaunchContext {
  return {
    campaignType: 'general',
    sharedCampaign: false,
    isRetailer: false,
    isCampaignOwner: true,
    paymentPlan: 'prepaid',
    rewards: [],
    now: NOW,
    ...overrides,
  };
}

const messages = (errors: { path: string; message: string }[]) => errors.map((e) => `${e.path}: ${e.message}`);

describe('launch settings', () => {
  it('says "select criteria" when no finish criterion is chosen', () => {
    expect(messages(validateLaunchStep('settings', form({ finishCriteria: [] }), context()))).toEqual([`finishCriteria: ${M.selectCriteria}`]);
  });

  it('asks for the campaign end date only when it ends by date and the action is a launch now', () => {
    expect(messages(validateLaunchStep('settings', form({ endDate: null }), context()))).toEqual([`endDate: ${M.campaignEndDate}`]);
    expect(validateLaunchStep('settings', form({ endDate: null, finishCriteria: ['budget_over'] }), context())).toEqual([]);
    expect(validateLaunchStep('settings', form({ action: 'schedule', endDate: null }), context())).toEqual([]);
    expect(messages(validateLaunchStep('settings', form({ endDate: NOW - 60 }), context()))).toEqual([`endDate: ${M.endInPast}`]);
  });

  it('lets a retailer shared campaign through without an end date when the person is not its brand owner', () => {
    const shared = context({ sharedCampaign: true, isRetailer: true, isCampaignOwner: false });
    expect(validateLaunchStep('settings', form({ endDate: null }), shared)).toEqual([]);
    expect(messages(validateLaunchStep('settings', form({ endDate: null }), { ...shared, isCampaignOwner: true }))).toEqual([
      `endDate: ${M.campaignEndDate}`,
    ]);
  });

  it('needs a "reward expiration date" for every code reward, not before the campaign end', () => {
    const rewards = [
      { id: 1, type: 'gift_card' as const, endDate: null },
      { id: 2, type: 'discount' as const, endDate: NOW + 5 * DAY },
      { id: 3, type: 'free_product' as const, endDate: NOW + 20 * DAY },
      { id: 4, type: 'money' as const },
      { id: 5, type: 'prize' as const },
    ];
    expect(messages(validateLaunchStep('settings', form(), context({ rewards })))).toEqual([
      `rewards.1.endDate: ${M.rewardExpirationDate}`,
      `rewards.2.endDate: ${M.rewardEndBeforeCampaignEnd}`,
    ]);
  });
});

describe('reward expiry and codes', () => {
  it('refuses a code reward expiring in the past, even with no campaign end date', () => {
    const rewards = [{ id: 7, type: 'discount' as const, endDate: 0 }];
    expect(messages(validateLaunchStep('settings', form({ finishCriteria: ['codes_over'], endDate: null }), context({ rewards })))).toEqual([
      `rewards.7.endDate: ${M.rewardEndInPast}`,
    ]);
  });

  it('orders the expiry checks: missing, past, before the campaign end', () => {
    expect(rewardEndDateMessage(null, { now: NOW })).toBe(M.rewardExpirationDate);
    expect(rewardEndDateMessage(NOW - 1, { now: NOW, campaignEndDate: NOW - 10 })).toBe(M.rewardEndInPast);
    expect(rewardEndDateMessage(NOW + DAY, { now: NOW, campaignEndDate: NOW + 2 * DAY })).toBe(M.rewardEndBeforeCampaignEnd);
    expect(rewardEndDateMessage(NOW + 2 * DAY, { now: NOW, campaignEndDate: NOW + 2 * DAY })).toBeNull();
    expect(rewardEndDateMessage(NOW, { now: NOW })).toBeNull();
  });

  it('names each code reward with no codes left, and ignores rewards whose codes were not counted', () => {
    const rewards = [
      { id: 1, type: 'discount' as const, hasCodesLeft: false },
      { id: 2, type: 'gift_card' as const, hasCodesLeft: true },
      { id: 3, type: 'free_product' as const, hasCodesLeft: false },
      { id: 4, type: 'money' as const, hasCodesLeft: false },
      { id: 5, type: 'gift_card' as const },
    ];
    expect(messages(rewardCodeErrors(rewards))).toEqual([`rewards.1: ${M.rewardWithoutCodes}`, `rewards.3: ${M.rewardWithoutCodes}`]);
  });
});

describe('launch reach', () => {
  it('is valid with all stores, or with at least one store or group', () => {
    expect(validateLaunchStep('reach', form(), context())).toEqual([]);
    expect(messages(validateLaunchStep('reach', form({ scope: 'store' }), context()))).toEqual([`pks: ${M.selectStores}`]);
    expect(messages(validateLaunchStep('reach', form({ scope: 'group' }), context()))).toEqual([`pks: ${M.selectGroups}`]);
    expect(validateLaunchStep('reach', form({ scope: 'group', pks: [4] }), context())).toEqual([]);
  });

  it('needs at least one country for a consumer campaign', () => {
    const consumer = context({ campaignType: 'consumer' });
    expect(messages(validateLaunchStep('reach', form(), consumer))).toEqual([`countryCodes: ${M.selectCountries}`]);
    expect(validateLaunchStep('reach', form({ countryCodes: ['ES'] }), consumer)).toEqual([]);
  });
});

describe('launch schedule', () => {
  const scheduled = (o: Partial<LaunchFormState> = {}) => form({ action: 'schedule', startDate: NOW + DAY, endDate: NOW + 3 * DAY, ...o });

  it('requires a start date, not in the past', () => {
    expect(messages(validateLaunchStep('schedule', scheduled({ startDate: null }), context()))).toEqual([`startDate: ${M.startDate}`]);
    expect(messages(validateLaunchStep('schedule', scheduled({ startDate: NOW - 60 }), context()))).toEqual([`startDate: ${M.startInPast}`]);
  });

  it('requires an end date after the start only when it ends by date', () => {
    expect(messages(validateLaunchStep('schedule', scheduled({ endDate: null }), context()))).toEqual([`endDate: ${M.campaignEndDate}`]);
    expect(messages(validateLaunchStep('schedule', scheduled({ endDate: NOW + DAY }), context()))).toEqual([`endDate: ${M.endBeforeStart}`]);
    expect(validateLaunchStep('schedule', scheduled({ endDate: null, finishCriteria: ['codes_over'] }), context())).toEqual([]);
  });

  it('checks code rewards against the end date chosen on the Schedule step', () => {
    const rewards = [{ id: 9, type: 'discount' as const, endDate: NOW + 2 * DAY }];
    expect(messages(validateLaunchStep('schedule', scheduled({ action: 'reschedule' }), context({ rewards })))).toEqual([
      `rewards.9.endDate: ${M.rewardEndBeforeCampaignEnd}`,
    ]);
  });
});

describe('the whole form, as the server checks it', () => {
  it('checks every step of the action once', () => {
    const errors = validateLaunchForm(
      form({ action: 'schedule', finishCriteria: [], scope: 'store', startDate: null }),
      context({ rewards: [{ id: 1, type: 'gift_card', endDate: null }] }),
    );
    expect(messages(errors)).toEqual([
      `finishCriteria: ${M.selectCriteria}`,
      `rewards.1.endDate: ${M.rewardExpirationDate}`,
      `pks: ${M.selectStores}`,
      `startDate: ${M.startDate}`,
    ]);
  });

  it('checks only the schedule for a reschedule', () => {
    expect(messages(validateLaunchForm(form({ action: 'reschedule', scope: 'store', startDate: NOW + DAY, endDate: NOW + 2 * DAY }), context()))).toEqual([]);
  });
});

describe('budget', () => {
  const rewards = [
    { id: 1, type: 'money' as const, budgetCents: 10_000, budgetPaidCents: 2_500 },
    { id: 2, type: 'money' as const, budgetCents: 5_000, budgetPaidCents: 5_000 },
    { id: 3, type: 'prize' as const },
  ];

  it('owes the unpaid part of money budgets on a prepaid plan', () => {
    expect(budgetDue(rewards, 'prepaid')).toEqual({ due: 7_500, rewards: [{ id: 1, due: 7_500 }] });
  });

  it('asks no codes of a shared discount a partner supplies', () => {
    expect(rewardCodeErrors([{ id: 3, type: 'discount', hasCodesLeft: false, filledByPartners: true }])).toEqual([]);
    expect(rewardCodeErrors([{ id: 3, type: 'discount', hasCodesLeft: false }])).toHaveLength(1);
  });

  it("leaves a money reward partners supply out of the owner's due: it is their slice", () => {
    expect(budgetDue([...rewards, { id: 9, type: 'money', budgetCents: 50_000, budgetPaidCents: 0, filledByPartners: true }], 'prepaid').due).toBe(7_500);
  });

  it('owes nothing up front on a postpaid plan', () => {
    expect(budgetDue(rewards, 'postpaid')).toEqual({ due: 0, rewards: [] });
  });

  it('is checked by a launch now, not by schedule or reschedule', () => {
    expect([launchChecksBudget('launch'), launchChecksBudget('schedule'), launchChecksBudget('reschedule')]).toEqual([true, false, false]);
  });
});

describe('wall-time entries', () => {
  it('explains a time skipped by daylight saving', () => {
    expect(readWallTime('2026-03-08 02:30', 'America/New_York')).toEqual({ message: M.nonexistentTime });
    expect(readWallTime('soon', 'America/New_York')).toEqual({ message: M.invalidDateTime });
    expect(readWallTime('2026-03-08 03:30', 'America/New_York')).toEqual({ epochSeconds: Date.parse('2026-03-08T07:30:00Z') / 1000 });
  });
});
