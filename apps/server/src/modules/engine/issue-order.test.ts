import { describe, expect, it } from 'vitest';
import type { EnginePlanItem } from './engine.repository.js';
import { issueOrder } from './write-completion.js';

const item = (rewardId: number, kind: EnginePlanItem['kind'], amount: number | null): EnginePlanItem => ({ rewardId, n: 1, kind, amount });

describe('the order a plan is issued in', () => {
  it('issues what takes no budget first and the budget debits last, each in ascending reward id', () => {
    const plan = [item(3, 'plain', 500), item(5, 'code', null), item(7, 'code', 2_500), item(8, 'prize', null), item(9, 'plain', 0)];
    expect(issueOrder(plan).map((i) => i.rewardId)).toEqual([5, 8, 9, 3, 7]);
  });

  it('keeps a plan without budgets as it is', () => {
    const plan = [item(1, 'code', null), item(2, 'prize', null)];
    expect(issueOrder(plan)).toEqual(plan);
  });
});
