import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isValidLink,
  normalizeMoney,
  parsePerUser,
  applyUnlimited,
  assignmentChoices,
  perUserLabel,
  REWARD_MESSAGES,
  rewardDefaults,
  validateAssignment,
  validateConditions,
  validateRewardDetails,
  type RewardDraft,
} from './reward-rules.js';

const prepaid = { paymentPlan: 'prepaid' as const };
const postpaid = { paymentPlan: 'postpaid' as const };
const paths = (f: { path: string }[]) => f.map((x) => x.path);
const code = (over: Partial<RewardDraft> = {}): RewardDraft => ({
  type: 'discount',
  title: 'Ten off',
  description: 'On any drink',
  percentageDiscount: 10,
  linkToShop: 'https://shop.example.com',
  codeCount: 3,
  finePrint: 'One per visit',
  ...over,
});

describe('normalizeMoney', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12,50', 1250],
    [' 0.07 ', 7],
    [3.1, 310],
    ['', null],
    ['-1', null],
    ['1e3', null],
    ['abc', null],
  ] as const)('%j → %j', (input, cents) => {
    expect(normalizeMoney(input)).toBe(cents);
  });
  it('round-trips every cent amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
        expect(normalizeMoney((cents / 100).toFixed(2))).toBe(cents);
      }),
    );
  });
});

describe('money rules', () => {
  it('needs an amount and, on prepaid, a budget of at least the amount', () => {
    expect(validateRewardDetails({ type: 'money', amountCents: 0, budgetCents: 0 }, prepaid)).toEqual([
      { path: 'amount', message: REWARD_MESSAGES.cashValid1 },
      { path: 'budget', message: REWARD_MESSAGES.budgetValid1 },
    ]);
    expect(paths(validateRewardDetails({ type: 'money', amountCents: 500, budgetCents: 400 }, prepaid))).toEqual(['budget']);
    expect(validateRewardDetails({ type: 'money', amountCents: 500, budgetCents: 400 }, postpaid)).toEqual([]);
  });
  it('checks dynamic rows: amount each, items each, every sold item, each item once', () => {
    const ctx = { ...prepaid, soldItemIds: [1, 2, 3] };
    const draft: RewardDraft = {
      type: 'money',
      dynamicActive: true,
      budgetCents: 1000,
      dynamicAmounts: [
        { amountCents: 0, itemsId: [1], itemsName: ['A'] },
        { amountCents: 200, itemsId: [], itemsName: [] },
        { amountCents: 300, itemsId: [1], itemsName: ['A'] },
      ],
    };
    expect(paths(validateRewardDetails(draft, ctx))).toEqual(['dynamicAmounts.0.amountCents', 'dynamicAmounts.1.itemsId', 'dynamicAmounts.2.itemsId', 'dynamicAmounts']);
  });
  it('needs the budget to cover the largest dynamic amount', () => {
    const draft: RewardDraft = { type: 'money', dynamicActive: true, budgetCents: 250, dynamicAmounts: [{ amountCents: 300, itemsId: [1], itemsName: ['A'] }] };
    expect(validateRewardDetails(draft, prepaid)).toEqual([{ path: 'budget', message: REWARD_MESSAGES.budgetValid2 }]);
  });
  it('accepts any valid set of up to three rows that covers every sold item once', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 3 }), (items, rowCount) => {
        const rows = Array.from({ length: Math.min(rowCount, items.length) }, (_, r) => ({
          amountCents: 100 * (r + 1),
          itemsId: items.filter((_, i) => i % Math.min(rowCount, items.length) === r),
          itemsName: [],
        }));
        const draft: RewardDraft = { type: 'money', dynamicActive: true, budgetCents: 10_000, dynamicAmounts: rows };
        expect(validateRewardDetails(draft, { ...prepaid, soldItemIds: items })).toEqual([]);
      }),
    );
  });
});

describe('code rewards and prize', () => {
  it('accepts a complete discount and names every broken rule', () => {
    expect(validateRewardDetails(code(), prepaid)).toEqual([]);
    expect(
      paths(validateRewardDetails(code({ title: 'x'.repeat(81), percentageDiscount: 0, linkToShop: 'shop', codeCount: 0, finePrint: '' }), prepaid)),
    ).toEqual(['title', 'percentageDiscount', 'linkToShop', 'uploadedCodes', 'finePrint']);
  });
  it('says "invalid link" for a link that is not http(s)', () => {
    expect(validateRewardDetails(code({ linkToShop: 'javascript:alert(1)' }), prepaid)).toEqual([{ path: 'linkToShop', message: 'invalid link' }]);
    expect(isValidLink('https://brand.example/rules')).toBe(true);
  });
  it('takes no fine print when no-fine-print is ticked', () => {
    expect(validateRewardDetails(code({ noFinePrint: true, finePrint: '' }), prepaid)).toEqual([]);
  });
  it('asks a partner-supplied shared discount only for title and description', () => {
    expect(validateRewardDetails({ type: 'discount', title: 'T', description: 'D', suppliedByPartner: true }, prepaid)).toEqual([]);
  });
  it('needs a gift card amount and a prize image, value and count', () => {
    expect(paths(validateRewardDetails(code({ type: 'gift_card', amountCents: 0 }), prepaid))).toEqual(['amount']);
    expect(
      paths(validateRewardDetails({ type: 'prize', title: 'TV', description: 'Big', valueCents: 0, totalAvailable: 0, noFinePrint: true }, prepaid)),
    ).toEqual(['imageUrl', 'value', 'totalAvailable']);
  });
});

describe('conditions, assignment, defaults', () => {
  it('checks completions and per-user limits', () => {
    expect(validateConditions({ type: 'prize', completionsToUnlock: 0, maxPerUser: 0, isUnlimited: false })).toHaveLength(2);
    expect(validateConditions({ type: 'money', completionsToUnlock: 0, maxPerUser: 0, isUnlimited: true })).toEqual([]);
  });
  it('checks both assignment kinds', () => {
    expect(validateAssignment({ type: 'itemSold', itemsId: [] })).toHaveLength(1);
    expect(validateAssignment({ type: 'salesAmount', itemsId: [], amountThreshold: 0 })).toHaveLength(2);
    expect(validateAssignment({ type: 'salesAmount', itemsId: [], amountThreshold: 5000, amountThresholdType: 'accumulated' })).toEqual([]);
  });
  it('takes no assignment as valid (the step is optional)', () => {
    expect(validateAssignment(null)).toEqual([]);
    expect(validateAssignment(undefined)).toEqual([]);
  });
  it('offers items sold only when the campaign has item-sold missions, and no assignment first', () => {
    expect(assignmentChoices({ hasItemSoldMissions: false })).toEqual(['none', 'salesAmount']);
    expect(assignmentChoices({ hasItemSoldMissions: true })).toEqual(['none', 'itemSold', 'salesAmount']);
  });
  it('sets max per user to 1 when unlimited is ticked, and keeps the count when unticked', () => {
    expect(applyUnlimited(true, 7, 1)).toEqual({ isUnlimited: true, maxPerUser: 1 });
    expect(applyUnlimited(false, '7', '1')).toEqual({ isUnlimited: false, maxPerUser: '7' });
  });
  it('parses per-user counts as integers, falling back to 1, and labels them', () => {
    expect(parsePerUser('3')).toBe(3);
    expect(parsePerUser('x')).toBe(1);
    expect(perUserLabel(1, false)).toBe('one-per-user');
    expect(perUserLabel(0, false)).toBe('unlimited');
    expect(perUserLabel(5, true)).toBe('unlimited');
  });
  it('starts each type from its defaults', () => {
    expect(rewardDefaults('money')).toMatchObject({ amountCents: 0, isUnlimited: true });
    expect(rewardDefaults('gift_card')).toMatchObject({ amountCents: 100 });
    expect(rewardDefaults('prize')).toMatchObject({ valueCents: 100, totalAvailable: 1 });
  });
});
