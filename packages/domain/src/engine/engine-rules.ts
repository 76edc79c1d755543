import type { TAssignment, TDynamicAmountRow } from '../reward/reward.schema.js';
import type { TRewardScope, TRewardType } from '../reward/reward-enums.js';

import type { TMissionSubtype, TMissionType } from '../mission/mission-enums.js';
import type { TFinishCriterion } from '../campaign/campaign-enums.js';
import type { TErrorField } from '../shared/api-schemas.js';
import type { TPlaySubmissionKind } from '../play/play.schema.js';

/**
 * The engine's rules: which submission a mission takes, how it is graded and validated, how many
 * entries are left, which rewards a completion unlocks and when a campaign is finished. Pure; the
 * server applies them inside one transaction per completion.
 */

export interface TMissionShape {
  type: TMissionType;
  subtype: TMissionSubtype;
  /** The campaign mission has contest settings. */
  isContest: boolean;
}

export function submissionKindFor(m: TMissionShape): TPlaySubmissionKind {
  if (m.isContest || m.type === 'contest') return 'contest';
  if (m.type === 'learning') return 'learning';
  if (m.subtype === 'itemSold') return 'itemSold';
  return 'general';
}

/** Entries limits: null or 0 = unlimited; consumer missions take one entry per user and none per store. */
export function effectiveEntryLimits(
  campaignType: string,
  maxEntriesPerUser: number | null,
  maxEntriesPerStore: number | null,
): { perUser: number | null; perStore: number | null } {
  if (campaignType === 'consumer') return { perUser: 1, perStore: null };
  return {
    perUser: maxEntriesPerUser && maxEntriesPerUser > 0 ? maxEntriesPerUser : null,
    perStore: maxEntriesPerStore && maxEntriesPerStore > 0 ? maxEntriesPerStore : null,
  };
}

/** Entries I may still submit (null = unlimited); pending entries use an entry, rejected ones do not. */
export function entriesLeft(
  limits: { perUser: number | null; perStore: number | null },
  used: { mine: number; myStore: number },
): number | null {
  const left: number[] = [];
  if (limits.perUser !== null) left.push(Math.max(0, limits.perUser - used.mine));
  if (limits.perStore !== null) left.push(Math.max(0, limits.perStore - used.myStore));
  return left.length === 0 ? null : Math.min(...left);
}

export interface TQuestionItem {
  id: number;
  correctOptionId: string;
  optionIds: string[];
}

/** Grades quiz answers: one point per correct answer; passed when score ≥ passingGrade (all correct when unset). */
export function gradeLearning(
  questions: TQuestionItem[],
  answers: { itemId: number; optionId: string }[],
  passingGrade: number | null,
): { score: number; passed: boolean; errors: TErrorField[] } {
  const errors: TErrorField[] = [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<number>();
  let score = 0;
  answers.forEach((a, i) => {
    const q = byId.get(a.itemId);
    if (!q) return errors.push({ path: `answers.${i}.itemId`, message: 'not a question of this mission' });
    if (seen.has(a.itemId)) return errors.push({ path: `answers.${i}.itemId`, message: 'answered twice' });
    seen.add(a.itemId);
    if (!q.optionIds.includes(a.optionId))
      return errors.push({ path: `answers.${i}.optionId`, message: 'not an option of this question' });
    if (q.correctOptionId === a.optionId) score += 1;
  });
  questions.forEach((q) => {
    if (!seen.has(q.id) && errors.length === 0) errors.push({ path: 'answers', message: `question ${q.id} is not answered` });
  });
  const needed = passingGrade && passingGrade > 0 ? Math.min(passingGrade, questions.length) : questions.length;
  return { score, passed: score >= needed, errors };
}

export interface TFieldItem {
  id: number;
  fieldType: 'photo' | 'text' | 'number' | 'choice';
  required: boolean;
  choices: string[];
}

/** Validates form answers against the mission's fields; a photo field's value is an upload id. */
export function validateGeneralAnswers(
  fields: TFieldItem[],
  answers: { itemId: number; value: string | number | null }[],
): TErrorField[] {
  const errors: TErrorField[] = [];
  const byId = new Map(fields.map((f) => [f.id, f]));
  const given = new Map<number, string | number | null>();
  answers.forEach((a, i) => {
    const f = byId.get(a.itemId);
    if (!f) return errors.push({ path: `answers.${i}.itemId`, message: 'not a field of this mission' });
    if (given.has(a.itemId)) return errors.push({ path: `answers.${i}.itemId`, message: 'answered twice' });
    given.set(a.itemId, a.value);
    const v = a.value;
    if (v === null || v === '') return;
    if (f.fieldType === 'number' && (typeof v !== 'number' || !Number.isFinite(v)))
      errors.push({ path: `answers.${i}.value`, message: 'a number' });
    if ((f.fieldType === 'text' || f.fieldType === 'photo') && typeof v !== 'string')
      errors.push({ path: `answers.${i}.value`, message: f.fieldType === 'photo' ? 'an upload id' : 'text' });
    if (f.fieldType === 'choice' && (typeof v !== 'string' || !f.choices.includes(v)))
      errors.push({ path: `answers.${i}.value`, message: 'one of the choices' });
  });
  fields.forEach((f) => {
    const v = given.get(f.id);
    if (f.required && (v === undefined || v === null || v === ''))
      errors.push({ path: 'answers', message: `field "${f.id}" is required` });
  });
  return errors;
}

/** Sold items must be options (products) of the mission, each once. */
export function validateSoldItems(optionIds: number[], items: { itemId: number; quantity: number }[]): TErrorField[] {
  const allowed = new Set(optionIds);
  const seen = new Set<number>();
  const errors: TErrorField[] = [];
  items.forEach((it, i) => {
    if (!allowed.has(it.itemId)) errors.push({ path: `items.${i}.itemId`, message: 'not a product of this mission' });
    else if (seen.has(it.itemId)) errors.push({ path: `items.${i}.itemId`, message: 'listed twice' });
    seen.add(it.itemId);
  });
  return errors;
}

export interface TEngineReward {
  id: number;
  type: TRewardType;
  scope: TRewardScope;
  /** Library mission id of a mission-scope reward. */
  missionId: number | null;
  completionsToUnlock: number;
  maxPerUser: number;
  isUnlimited: boolean;
  assignment: TAssignment | null;
  amountCents: number | null;
  budgetCents: number | null;
  dynamicActive: boolean;
  dynamicAmounts: TDynamicAmountRow[];
}

export interface TCountedCompletion {
  missionId: number;
  salesAmountCents: number;
  itemIds: number[];
}

/** Whether a completion is in a reward's scope (the campaign, or that mission). */
export function inRewardScope(reward: Pick<TEngineReward, 'scope' | 'missionId'>, missionId: number): boolean {
  return reward.scope === 'campaign' || reward.missionId === missionId;
}

/**
 * Which of a participant's completions qualify for a reward's assignment on their own: an itemSold
 * assignment needs one of its items sold; a single-sale threshold needs a sale that large. The
 * server turns this into its count over the participant's history; the current completion is
 * checked with meetsAssignment.
 */
export function qualifyingFilter(assignment: TAssignment | null): { itemIds: number[] | null; minSingleSaleCents: number | null } {
  if (!assignment) return { itemIds: null, minSingleSaleCents: null };
  if (assignment.type === 'itemSold') return { itemIds: assignment.itemsId, minSingleSaleCents: null };
  if ((assignment.amountThresholdType ?? 'single') === 'single')
    return { itemIds: null, minSingleSaleCents: assignment.amountThreshold ?? 0 };
  return { itemIds: null, minSingleSaleCents: null };
}

export function meetsAssignment(assignment: TAssignment | null, c: TCountedCompletion): boolean {
  const f = qualifyingFilter(assignment);
  if (f.itemIds !== null && !c.itemIds.some((id) => f.itemIds!.includes(id))) return false;
  if (f.minSingleSaleCents !== null && c.salesAmountCents < f.minSingleSaleCents) return false;
  return true;
}

/** The dynamic cash amount for sold items: the largest row whose items were sold; null when none was. */
export function dynamicAmountFor(rows: TDynamicAmountRow[], soldItemIds: number[]): number | null {
  let best: number | null = null;
  for (const r of rows)
    if (r.itemsId.some((id) => soldItemIds.includes(id)) && (best === null || r.amountCents > best)) best = r.amountCents;
  return best;
}

/** What one issue of the reward is worth in cents for this completion (money, gift card), or null. */
export function issueAmountFor(reward: TEngineReward, current: TCountedCompletion): number | null {
  if (reward.type === 'money') {
    if (reward.dynamicActive) return dynamicAmountFor(reward.dynamicAmounts, current.itemIds);
    return reward.amountCents ?? 0;
  }
  if (reward.type === 'gift_card' && (reward.budgetCents ?? 0) > 0) return reward.amountCents ?? 0;
  return null;
}


/** Rewards debited from a paid budget. */
export const spendsBudget = (r: Pick<TEngineReward, 'type' | 'budgetCents'>) =>
  r.type === 'money' || (r.type === 'gift_card' && (r.budgetCents ?? 0) > 0);

/** A participant's accepted completions in a reward's scope, current one included. */
export interface TScopeHistory {
  /** Those meeting qualifyingFilter(reward.assignment). */
  qualifying: number;
  /** Sales of all of them (accumulated thresholds). */
  salesTotalCents: number;
}

/**
 * A reward's scope history with the current completion added: the server reads the participant's
 * accepted completions before it records the current one, which counts when it is accepted (and not
 * a failed quiz) and in the reward's scope; it qualifies on its own when it meets the assignment.
 */
export function withCurrentCompletion(
  reward: Pick<TEngineReward, 'scope' | 'missionId' | 'assignment'>,
  current: TCountedCompletion,
  counts: boolean,
  before: TScopeHistory,
): TScopeHistory {
  if (!counts || !inRewardScope(reward, current.missionId)) return before;
  return {
    qualifying: before.qualifying + (meetsAssignment(reward.assignment, current) ? 1 : 0),
    salesTotalCents: before.salesTotalCents + current.salesAmountCents,
  };
}

/**
 * How many new unlocks of a reward a just-accepted completion causes (0 or more): the qualifying
 * accepted completions in scope divided by completionsToUnlock (accumulated sales: the total over
 * the threshold), capped by maxPerUser unless unlimited, minus what was unlocked before. A
 * completion outside the reward's scope, or one that does not itself qualify, unlocks nothing.
 */
export function newUnlocks(
  reward: TEngineReward,
  current: TCountedCompletion,
  history: TScopeHistory,
  unlockedBefore: number,
): number {
  if (!inRewardScope(reward, current.missionId)) return 0;
  if (reward.type === 'money' && reward.dynamicActive && dynamicAmountFor(reward.dynamicAmounts, current.itemIds) === null)
    return 0;
  const a = reward.assignment;
  let earned: number;
  if (a && a.type === 'salesAmount' && a.amountThresholdType === 'accumulated') {
    const threshold = a.amountThreshold ?? 0;
    if (threshold <= 0 || current.salesAmountCents <= 0) return 0;
    earned = Math.floor(history.salesTotalCents / threshold);
  } else {
    if (!meetsAssignment(a, current)) return 0;
    earned = Math.floor(history.qualifying / Math.max(1, reward.completionsToUnlock));
  }
  const cap = reward.isUnlimited ? earned : Math.min(earned, Math.max(0, reward.maxPerUser));
  return Math.max(0, cap - unlockedBefore);
}

/** Accepted completions counting toward the next unlock, for the participant's progress bar. */
export function progressTowardNext(
  reward: Pick<TEngineReward, 'completionsToUnlock'>,
  acceptedInScope: number,
): { accepted: number; needed: number } {
  const needed = Math.max(1, reward.completionsToUnlock);
  return { accepted: acceptedInScope % needed, needed };
}

export interface TFinishState {
  criteria: readonly string[];
  /** Codes left of each code reward of the campaign. */
  codeRewardsLeft: number[];
  /** For each budget-spending reward: budget left and the least one issue costs. */
  budgetRewardsLeft: { leftCents: number; minIssueCents: number }[];
}

/**
 * Which finish criterion a campaign now meets, if any: codes_over when it has code rewards and none
 * has a code left; budget_over when it has budget rewards and none can pay one more issue.
 */
export function finishReason(s: TFinishState): Extract<TFinishCriterion, 'codes_over' | 'budget_over'> | null {
  if (s.criteria.includes('codes_over') && s.codeRewardsLeft.length > 0 && s.codeRewardsLeft.every((n) => n <= 0))
    return 'codes_over';
  if (
    s.criteria.includes('budget_over') &&
    s.budgetRewardsLeft.length > 0 &&
    s.budgetRewardsLeft.every((r) => r.leftCents < Math.max(1, r.minIssueCents))
  )
    return 'budget_over';
  return null;
}

/** The least amount one issue of a budget reward costs (dynamic: the smallest row). */
export function minIssueCents(r: Pick<TEngineReward, 'type' | 'amountCents' | 'dynamicActive' | 'dynamicAmounts'>): number {
  if (r.type === 'money' && r.dynamicActive && r.dynamicAmounts.length > 0)
    return Math.min(...r.dynamicAmounts.map((d) => d.amountCents));
  return r.amountCents ?? 0;
}
