import { describe, expect, it } from 'vitest';
import {
  effectiveEntryLimits,
  entriesLeft,
  finishReason,
  gradeLearning,
  issueAmountFor,
  meetsAssignment,
  newUnlocks,
  submissionKindFor,
  validateGeneralAnswers,
  validateSoldItems,
  withCurrentCompletion,
  type TEngineReward,
} from './engine-rules.js';

const reward = (over: Partial<TEngineReward> = {}): TEngineReward => ({
  id: 1,
  type: 'discount',
  scope: 'campaign',
  missionId: null,
  completionsToUnlock: 1,
  maxPerUser: 1,
  isUnlimited: false,
  assignment: null,
  amountCents: null,
  budgetCents: null,
  dynamicActive: false,
  dynamicAmounts: [],
  ...over,
});
const c = (missionId = 10, salesAmountCents = 0, itemIds: number[] = []) => ({ missionId, salesAmountCents, itemIds });
type C = ReturnType<typeof c>;
// The history the server counts in SQL, built here from the same rule.
const unlocks = (r: TEngineReward, current: C, inScope: C[], before: number) =>
  newUnlocks(
    r,
    current,
    {
      qualifying: inScope.filter((x) => meetsAssignment(r.assignment, x)).length,
      salesTotalCents: inScope.reduce((s, x) => s + x.salesAmountCents, 0),
    },
    before,
  );

describe('which submission a mission takes', () => {
  it('maps contest, learning, item sold and general missions', () => {
    expect(submissionKindFor({ type: 'contest', subtype: 'standard', isContest: true })).toBe('contest');
    expect(submissionKindFor({ type: 'learning', subtype: 'standard', isContest: false })).toBe('learning');
    expect(submissionKindFor({ type: 'general', subtype: 'itemSold', isContest: false })).toBe('itemSold');
    expect(submissionKindFor({ type: 'consumer', subtype: 'standard', isContest: false })).toBe('general');
  });
});

describe('entries left', () => {
  it('treats 0 and null as unlimited and forces consumer missions to one per user', () => {
    expect(entriesLeft(effectiveEntryLimits('general', 0, null), { mine: 5, myStore: 9 })).toBeNull();
    expect(entriesLeft(effectiveEntryLimits('consumer', 7, 7), { mine: 0, myStore: 3 })).toBe(1);
    expect(entriesLeft(effectiveEntryLimits('consumer', 7, 7), { mine: 1, myStore: 3 })).toBe(0);
  });
  it('takes the tighter of the user and store limits', () => {
    expect(entriesLeft(effectiveEntryLimits('general', 3, 5), { mine: 1, myStore: 4 })).toBe(1);
    expect(entriesLeft(effectiveEntryLimits('general', 3, 5), { mine: 3, myStore: 0 })).toBe(0);
  });
});

describe('learning grading', () => {
  const qs = [
    { id: 1, correctOptionId: 'a', optionIds: ['a', 'b'] },
    { id: 2, correctOptionId: 'b', optionIds: ['a', 'b'] },
  ];
  it('passes when the score reaches the passing grade', () => {
    expect(gradeLearning(qs, [{ itemId: 1, optionId: 'a' }, { itemId: 2, optionId: 'a' }], 1)).toMatchObject({ score: 1, passed: true });
    expect(gradeLearning(qs, [{ itemId: 1, optionId: 'b' }, { itemId: 2, optionId: 'a' }], 1)).toMatchObject({ score: 0, passed: false });
  });
  it('names unknown questions, unknown options and unanswered questions', () => {
    const r = gradeLearning(qs, [{ itemId: 9, optionId: 'a' }, { itemId: 2, optionId: 'z' }], 1);
    expect(r.errors.map((e) => e.path)).toEqual(['answers.0.itemId', 'answers.1.optionId']);
    expect(gradeLearning(qs, [{ itemId: 1, optionId: 'a' }], 1).errors[0]?.path).toBe('answers');
  });
});

describe('form answers and sold items', () => {
  const fields = [
    { id: 1, fieldType: 'text' as const, required: true, choices: [] },
    { id: 2, fieldType: 'number' as const, required: false, choices: [] },
    { id: 3, fieldType: 'choice' as const, required: false, choices: ['x', 'y'] },
  ];
  it('requires required fields and checks each value by field type', () => {
    expect(validateGeneralAnswers(fields, [{ itemId: 1, value: 'hi' }, { itemId: 2, value: 3 }, { itemId: 3, value: 'x' }])).toEqual([]);
    const errs = validateGeneralAnswers(fields, [{ itemId: 2, value: 'three' }, { itemId: 3, value: 'z' }]);
    expect(errs.map((e) => e.path)).toEqual(['answers.0.value', 'answers.1.value', 'answers']);
  });
  it('accepts only the mission products, each once', () => {
    expect(validateSoldItems([5, 6], [{ itemId: 5, quantity: 1 }])).toEqual([]);
    expect(validateSoldItems([5], [{ itemId: 7, quantity: 1 }, { itemId: 5, quantity: 1 }, { itemId: 5, quantity: 2 }]).map((e) => e.path)).toEqual([
      'items.0.itemId',
      'items.2.itemId',
    ]);
  });
});

describe('which rewards a completion unlocks', () => {
  it('unlocks a campaign reward every completionsToUnlock accepted completions, up to maxPerUser', () => {
    const r = reward({ completionsToUnlock: 2, maxPerUser: 2 });
    expect(unlocks(r, c(), [c()], 0)).toBe(0);
    expect(unlocks(r, c(), [c(), c()], 0)).toBe(1);
    expect(unlocks(r, c(), [c(), c(), c(), c()], 1)).toBe(1);
    expect(unlocks(r, c(), Array.from({ length: 8 }, () => c()), 2)).toBe(0);
  });
  it('has no cap when unlimited', () => {
    expect(unlocks(reward({ isUnlimited: true, maxPerUser: 1 }), c(), [c(), c(), c()], 2)).toBe(1);
  });
  it('counts a mission-scope reward only for its mission', () => {
    const r = reward({ scope: 'mission', missionId: 11 });
    expect(unlocks(r, c(10), [c(10)], 0)).toBe(0);
    expect(unlocks(r, c(11), [c(11)], 0)).toBe(1);
  });
  it('needs a sold item of an itemSold assignment', () => {
    const r = reward({ assignment: { type: 'itemSold', itemsId: [5] } });
    expect(unlocks(r, c(10, 0, [6]), [c(10, 0, [6])], 0)).toBe(0);
    expect(unlocks(r, c(10, 0, [5]), [c(10, 0, [5])], 0)).toBe(1);
  });
  it('needs a single sale over the threshold, or accumulated sales over it', () => {
    const single = reward({ assignment: { type: 'salesAmount', itemsId: [], amountThreshold: 1000, amountThresholdType: 'single' } });
    expect(unlocks(single, c(10, 999), [c(10, 999)], 0)).toBe(0);
    expect(unlocks(single, c(10, 1000), [c(10, 1000)], 0)).toBe(1);
    const acc = reward({
      isUnlimited: true,
      assignment: { type: 'salesAmount', itemsId: [], amountThreshold: 1000, amountThresholdType: 'accumulated' },
    });
    expect(unlocks(acc, c(10, 600), [c(10, 600)], 0)).toBe(0);
    expect(unlocks(acc, c(10, 600), [c(10, 600), c(10, 600)], 0)).toBe(1);
  });
  it('pays dynamic cash from the largest row whose items were sold, and nothing when none was', () => {
    const r = reward({
      type: 'money',
      isUnlimited: true,
      dynamicActive: true,
      dynamicAmounts: [
        { amountCents: 500, itemsId: [1], itemsName: ['a'] },
        { amountCents: 900, itemsId: [2], itemsName: ['b'] },
      ],
    });
    expect(issueAmountFor(r, c(10, 0, [1, 2]))).toBe(900);
    expect(unlocks(r, c(10, 0, [3]), [c(10, 0, [3])], 0)).toBe(0);
  });
});

describe('finish criteria', () => {
  it('is codes_over when every code reward ran out, budget_over when no budget pays one more', () => {
    expect(finishReason({ criteria: ['codes_over'], codeRewardsLeft: [0, 0], budgetRewardsLeft: [] })).toBe('codes_over');
    expect(finishReason({ criteria: ['codes_over'], codeRewardsLeft: [0, 1], budgetRewardsLeft: [] })).toBeNull();
    expect(finishReason({ criteria: ['days_over'], codeRewardsLeft: [0], budgetRewardsLeft: [] })).toBeNull();
    expect(finishReason({ criteria: ['budget_over'], codeRewardsLeft: [], budgetRewardsLeft: [{ leftCents: 99, minIssueCents: 100 }] })).toBe(
      'budget_over',
    );
    expect(finishReason({ criteria: ['budget_over'], codeRewardsLeft: [], budgetRewardsLeft: [{ leftCents: 100, minIssueCents: 100 }] })).toBeNull();
  });
});

describe('history with the current completion', () => {
  const current = { missionId: 7, salesAmountCents: 500, itemIds: [3] };
  const before = { qualifying: 2, salesTotalCents: 1_000 };
  it('adds an accepted completion in scope, qualifying only when it meets the assignment', () => {
    expect(withCurrentCompletion(reward(), current, true, before)).toEqual({ qualifying: 3, salesTotalCents: 1_500 });
    const other = reward({ assignment: { type: 'itemSold', itemsId: [9] } as TEngineReward['assignment'] });
    expect(withCurrentCompletion(other, current, true, before)).toEqual({ qualifying: 2, salesTotalCents: 1_500 });
  });
  it('leaves the history as it was for a completion that does not count or is out of scope', () => {
    expect(withCurrentCompletion(reward(), current, false, before)).toBe(before);
    expect(withCurrentCompletion(reward({ scope: 'mission', missionId: 8 }), current, true, before)).toBe(before);
  });
});
