import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canAddMission } from '../campaign/builder-rules.js';
import { CAMPAIGN_TYPES } from '../campaign/campaign-enums.js';
import { REWARD_SCOPES } from './reward-enums.js';
import { REWARD_MESSAGES } from './reward-rules.js';
import { applyRewardScope, isScopeChoiceOffered, validateRewardScope, type RewardScopeFields } from './reward-scope.js';

const missionIds = fc.uniqueArray(fc.integer({ min: 1, max: 1_000 }), { maxLength: 6 });
const scopeFields: fc.Arbitrary<RewardScopeFields> = fc.record({
  scope: fc.constantFrom(...REWARD_SCOPES),
  missionId: fc.option(fc.integer({ min: 1, max: 1_000 }), { nil: null }),
});

describe('isScopeChoiceOffered', () => {
  it.each([
    ['learning', true],
    ['general', false],
    ['contest', false],
    ['consumer', false],
  ] as const)('offers the scope choice in a %s campaign: %s', (type, offered) => {
    expect(isScopeChoiceOffered(type)).toBe(offered);
  });

  it('offers it exactly where a campaign can hold more than one mission', () => {
    for (const type of CAMPAIGN_TYPES) {
      expect(isScopeChoiceOffered(type)).toBe(canAddMission({ type, missionCount: 1 }));
    }
  });
});

describe('applyRewardScope', () => {
  it('clears the mission when campaign scope is chosen', () => {
    expect(applyRewardScope({ scope: 'mission', missionId: 7 }, 'campaign')).toEqual({
      scope: 'campaign',
      missionId: null,
    });
  });

  it('keeps the chosen mission when mission scope is chosen again, and starts without one from campaign scope', () => {
    expect(applyRewardScope({ scope: 'mission', missionId: 7 }, 'mission')).toEqual({ scope: 'mission', missionId: 7 });
    expect(applyRewardScope({ scope: 'campaign', missionId: null }, 'mission')).toEqual({
      scope: 'mission',
      missionId: null,
    });
  });

  it('leaves every other field, assignment items included, as it was', () => {
    const draft = {
      scope: 'mission' as const,
      missionId: 3,
      title: 'Lemon bonus',
      assignment: { type: 'itemSold' as const, itemsId: [11, 12] },
    };
    expect(applyRewardScope(draft, 'campaign')).toEqual({ ...draft, scope: 'campaign', missionId: null });
  });

  it('is idempotent and never leaves a mission on a campaign-scoped reward', () => {
    fc.assert(
      fc.property(scopeFields, fc.constantFrom(...REWARD_SCOPES), (draft, scope) => {
        const once = applyRewardScope(draft, scope);
        expect(applyRewardScope(once, scope)).toEqual(once);
        expect(once.scope).toBe(scope);
        if (scope === 'campaign') expect(once.missionId).toBeNull();
        else expect(once.missionId).toBe(draft.missionId);
      }),
    );
  });
});

describe('validateRewardScope', () => {
  const offered = { campaignMissionIds: [4, 9], scopeOffered: true };

  it('accepts campaign scope, whatever mission was left on it', () => {
    expect(validateRewardScope({ ...offered, scope: 'campaign', missionId: null })).toEqual([]);
    expect(validateRewardScope({ ...offered, scope: 'campaign', missionId: 123 })).toEqual([]);
  });

  it('asks to select a mission for mission scope without one', () => {
    expect(validateRewardScope({ ...offered, scope: 'mission', missionId: null })).toEqual([
      { path: 'missionId', message: REWARD_MESSAGES.selectMission },
    ]);
  });

  it('refuses a mission that is not one of the campaign’s', () => {
    expect(validateRewardScope({ ...offered, scope: 'mission', missionId: 5 })).toEqual([
      { path: 'missionId', message: 'select mission to continue' },
    ]);
    expect(validateRewardScope({ ...offered, scope: 'mission', missionId: 9 })).toEqual([]);
  });

  it('refuses mission scope where the choice is not offered', () => {
    expect(
      validateRewardScope({ campaignMissionIds: [4], scopeOffered: false, scope: 'mission', missionId: 4 }),
    ).toEqual([{ path: 'scope', message: REWARD_MESSAGES.campaignScopeOnly }]);
  });

  it('passes mission scope exactly when the mission is one of the campaign’s, with one field at most', () => {
    fc.assert(
      fc.property(scopeFields, missionIds, fc.boolean(), (draft, campaignMissionIds, scopeOffered) => {
        const fields = validateRewardScope({ ...draft, campaignMissionIds, scopeOffered });
        const valid =
          draft.scope === 'campaign' ||
          (scopeOffered && draft.missionId !== null && campaignMissionIds.includes(draft.missionId));
        expect(fields.length === 0).toBe(valid);
        expect(fields.length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('always passes once campaign scope has been applied', () => {
    fc.assert(
      fc.property(scopeFields, missionIds, fc.boolean(), (draft, campaignMissionIds, scopeOffered) => {
        expect(
          validateRewardScope({ ...applyRewardScope(draft, 'campaign'), campaignMissionIds, scopeOffered }),
        ).toEqual([]);
      }),
    );
  });
});
