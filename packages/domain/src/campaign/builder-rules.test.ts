import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  statusAfterPartnerAnswers,
  builderWarnings,
  campaignListPath,
  canAddMission,
  canAddReward,
  canChangeType,
  canDeleteMission,
  canShowSharedSwitch,
  isComplete,
  moveInOrder,
  normalizeShared,
  typeChangeEffect,
} from './builder-rules.js';

describe('canAddReward', () => {
  it.each([
    ['general', 0, 0, false],
    ['general', 1, 3, true],
    ['consumer', 1, 0, true],
    ['consumer', 1, 1, false],
    ['learning', 0, 0, false],
  ] as const)('%s with %i missions and %i rewards → %s', (type, missionCount, rewardCount, expected) => {
    expect(canAddReward({ type, missionCount, rewardCount })).toBe(expected);
  });
});

describe('canAddMission', () => {
  it.each([
    ['general', 0, true],
    ['general', 1, false],
    ['contest', 1, false],
    ['consumer', 1, false],
    ['learning', 1, true],
    ['learning', 7, true],
  ] as const)('%s with %i missions → %s', (type, missionCount, expected) => {
    expect(canAddMission({ type, missionCount })).toBe(expected);
  });
});

describe('status and role gates', () => {
  it('allows mission deletion and type change only in draft, type change not in view mode', () => {
    expect(canDeleteMission('draft')).toBe(true);
    expect(canDeleteMission('scheduled')).toBe(false);
    expect(canChangeType('draft', false)).toBe(true);
    expect(canChangeType('draft', true)).toBe(false);
    expect(canChangeType('rejected', false)).toBe(false);
  });
  it('shows the shared switch only for a retailer contest', () => {
    expect(canShowSharedSwitch('contest', true)).toBe(true);
    expect(canShowSharedSwitch('contest', false)).toBe(false);
    expect(canShowSharedSwitch('general', true)).toBe(false);
  });
  it('enables Continue only at 100 %', () => {
    expect(isComplete(99)).toBe(false);
    expect(isComplete(100)).toBe(true);
  });
  it('sends Back and Exit to the list tab of the status', () => {
    expect(campaignListPath('scheduled')).toBe('/campaign?status=scheduled');
  });
});

describe('type change', () => {
  it('asks for confirmation and deletes missions only when there are missions', () => {
    expect(typeChangeEffect({ from: 'general', to: 'learning', missionCount: 2 })).toEqual({
      changed: true,
      needsConfirmation: true,
      deletesMissions: true,
    });
    expect(typeChangeEffect({ from: 'general', to: 'learning', missionCount: 0 }).needsConfirmation).toBe(false);
    expect(typeChangeEffect({ from: 'general', to: 'general', missionCount: 2 }).changed).toBe(false);
  });
  it('forces sharedCampaign false for every type but contest', () => {
    expect(normalizeShared('general', true)).toBe(false);
    expect(normalizeShared('contest', true)).toBe(true);
    expect(normalizeShared('contest', false)).toBe(false);
  });
});

describe('builderWarnings', () => {
  const m = (missionId: number, isCompleteFill = true) => ({ missionId, isCompleteFill });
  it('warns that the start is blocked while the prepaid budget is unpaid', () => {
    const base = { type: 'general' as const, sharedCampaign: false, missions: [], rewards: [], partners: [] };
    expect(builderWarnings({ ...base, startBlocked: 'budget_unpaid' })).toEqual(['start-blocked-budget-unpaid']);
    expect(builderWarnings({ ...base, startBlocked: null })).toEqual([]);
  });
  it('warns about incomplete missions', () => {
    expect(builderWarnings({ type: 'general', sharedCampaign: false, missions: [m(1, false)], rewards: [], partners: [] })).toEqual([
      'incomplete-missions',
    ]);
  });
  it('warns about learning missions without rewards', () => {
    expect(
      builderWarnings({
        type: 'learning',
        sharedCampaign: false,
        missions: [m(1), m(2)],
        rewards: [{ scope: 'mission', missionId: 1, filledByPartners: false, partners: [] }],
        partners: [],
      }),
    ).toEqual(['learning-missions-without-rewards']);
  });
  it('warns when every partner rejected', () => {
    expect(
      builderWarnings({
        type: 'contest',
        sharedCampaign: true,
        missions: [],
        rewards: [],
        partners: [{ inviteStatus: 'REJECTED' }, { inviteStatus: 'REJECTED' }],
      }),
    ).toEqual(['all-partners-rejected']);
  });
  it('tells the retailer when one partner rejected and another did not', () => {
    expect(
      builderWarnings({
        type: 'contest',
        sharedCampaign: true,
        missions: [],
        rewards: [],
        partners: [{ inviteStatus: 'REJECTED' }, { inviteStatus: 'ACCEPTED' }],
      }),
    ).toEqual(['partner-rejected']);
  });
});

describe('moveInOrder', () => {
  it('moves an element to a new index', () => {
    expect(moveInOrder([1, 2, 3, 4], 4, 0)).toEqual([4, 1, 2, 3]);
    expect(moveInOrder([1, 2, 3, 4], 1, 2)).toEqual([2, 3, 1, 4]);
  });
  it('keeps the same elements, puts the moved one where asked (clamped)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer(), { minLength: 1, maxLength: 20 }), fc.nat(30), fc.nat(30), (ids, pick, to) => {
        const id = ids[pick % ids.length]!;
        const next = moveInOrder(ids, id, to);
        expect([...next].sort()).toEqual([...ids].sort());
        expect(next.indexOf(id)).toBe(Math.min(to, ids.length - 1));
      }),
    );
  });
});

describe('statusAfterPartnerAnswers', () => {
  it('makes a shared draft rejected once every partner rejected, and a draft again when one has not', () => {
    const rejected = [{ inviteStatus: 'REJECTED' as const }, { inviteStatus: 'REJECTED' as const }];
    expect(statusAfterPartnerAnswers('draft', rejected)).toBe('rejected');
    expect(statusAfterPartnerAnswers('draft', [{ inviteStatus: 'REJECTED' }, { inviteStatus: 'SENT' }])).toBe('draft');
    expect(statusAfterPartnerAnswers('rejected', [{ inviteStatus: 'REJECTED' }, { inviteStatus: null }])).toBe('draft');
    expect(statusAfterPartnerAnswers('rejected', [])).toBe('draft');
    expect(statusAfterPartnerAnswers('rejected', rejected)).toBe('rejected');
    expect(statusAfterPartnerAnswers('draft', [])).toBe('draft');
  });

  it('leaves scheduled, active and ended campaigns alone', () => {
    for (const status of ['scheduled', 'active', 'ended'] as const) expect(statusAfterPartnerAnswers(status, [{ inviteStatus: 'REJECTED' }])).toBe(status);
  });
});
