import type { TErrorField } from '../shared/api-schemas.js';
import { LIMITS } from '../shared/constants.js';
import type { TPaymentPlan } from '../brand/brand-enums.js';
import type { TRewardType } from './reward-enums.js';
import { CODE_REWARD_TYPES } from './reward-enums.js';
import type { TAssignment, TDynamicAmountRow } from './reward.schema.js';

/** Message keys (product rule R51), shared by the wizard (translated) and the API (field messages). */
export const REWARD_MESSAGES = {
  completeAllSections: 'complete all sections to add',
  invalidLink: 'invalid link',
  // Spec §8's keys (cash valid-1/valid-2, budget valid-1/valid-2, items valid-1) are the wizard's translation keys;
  // the API's field messages read as sentences.
  cashValid1: 'the amount must be more than 0',
  cashValid2: 'each amount must be more than 0',
  budgetValid1: 'the budget must be more than 0',
  budgetValid2: 'the budget must be at least the amount paid per entry (the largest amount)',
  itemsValid1: 'choose at least one item',
  required: 'required',
  tooLong: 'too long',
  atLeastOne: 'at least 1',
  selectMission: 'select mission to continue',
  campaignScopeOnly: 'campaign scope only',
} as const;

/**
 * A money value typed by a person ("12", "12.5", "12,50", 12.5) as integer
 * cents; anything that is not a finite non-negative amount is null.
 */
export function normalizeMoney(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'number' ? String(value) : value.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const cents = Math.round(Number(text) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Per-user count as typed: an integer, falling back to 1 (product rule R38). */
export function parsePerUser(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) ? n : 1;
}

export function isValidLink(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const isCodeReward = (type: TRewardType) => (CODE_REWARD_TYPES as readonly TRewardType[]).includes(type);

export interface RewardDraft {
  type: TRewardType;
  title?: string | null;
  description?: string | null;
  amountCents?: number | null;
  budgetCents?: number | null;
  dynamicActive?: boolean;
  dynamicAmounts?: TDynamicAmountRow[];
  percentageDiscount?: number | null;
  linkToShop?: string | null;
  codeCount?: number;
  noFinePrint?: boolean;
  finePrint?: string | null;
  valueCents?: number | null;
  totalAvailable?: number | null;
  imageUrl?: string | null;
  /** A shared reward whose details a partner supplies: only title and description are asked of the owner. */
  suppliedByPartner?: boolean;
}

export interface RewardContext {
  paymentPlan: TPaymentPlan;
  /** Items sold in the campaign's itemSold missions: dynamic cash rows must cover all of them. */
  soldItemIds?: number[];
}

function text(fields: TErrorField[], path: string, value: string | null | undefined, max: number) {
  const v = (value ?? '').trim();
  if (v === '') fields.push({ path, message: REWARD_MESSAGES.required });
  else if (v.length > max) fields.push({ path, message: `${REWARD_MESSAGES.tooLong} (max ${max})` });
}

function finePrint(fields: TErrorField[], draft: RewardDraft) {
  if (draft.noFinePrint) return;
  text(fields, 'finePrint', draft.finePrint, LIMITS.finePrint);
}

function dynamicRows(fields: TErrorField[], rows: TDynamicAmountRow[], soldItemIds: number[] | undefined) {
  if (rows.length === 0 || rows.length > LIMITS.dynamicAmountRows) {
    fields.push({ path: 'dynamicAmounts', message: `1 to ${LIMITS.dynamicAmountRows} rows` });
    return;
  }
  const seen = new Map<number, number>();
  rows.forEach((row, i) => {
    if (!(row.amountCents > 0)) fields.push({ path: `dynamicAmounts.${i}.amountCents`, message: REWARD_MESSAGES.cashValid2 });
    if (row.itemsId.length === 0) fields.push({ path: `dynamicAmounts.${i}.itemsId`, message: REWARD_MESSAGES.itemsValid1 });
    for (const item of row.itemsId) {
      if (seen.has(item)) fields.push({ path: `dynamicAmounts.${i}.itemsId`, message: `${REWARD_MESSAGES.itemsValid1}: item ${item} is already in row ${seen.get(item)! + 1}` });
      else seen.set(item, i);
    }
  });
  const missing = (soldItemIds ?? []).filter((id) => !seen.has(id));
  if (missing.length > 0) fields.push({ path: 'dynamicAmounts', message: `${REWARD_MESSAGES.itemsValid1}: every sold item needs a row (${missing.join(', ')})` });
}

/** The details step's rules for each reward type (product rules R33–R36). */
export function validateRewardDetails(draft: RewardDraft, ctx: RewardContext): TErrorField[] {
  const fields: TErrorField[] = [];
  if (draft.type !== 'money' && draft.suppliedByPartner) {
    text(fields, 'title', draft.title, LIMITS.rewardTitle);
    text(fields, 'description', draft.description, LIMITS.rewardDescription);
    return fields;
  }
  switch (draft.type) {
    case 'money': {
      const rows = draft.dynamicAmounts ?? [];
      const largest = draft.dynamicActive ? Math.max(0, ...rows.map((r) => r.amountCents)) : (draft.amountCents ?? 0);
      if (draft.dynamicActive) dynamicRows(fields, rows, ctx.soldItemIds);
      else if (!((draft.amountCents ?? 0) > 0)) fields.push({ path: 'amount', message: REWARD_MESSAGES.cashValid1 });
      if (ctx.paymentPlan === 'prepaid') {
        const budget = draft.budgetCents ?? 0;
        if (!(budget > 0)) fields.push({ path: 'budget', message: REWARD_MESSAGES.budgetValid1 });
        else if (budget < largest) fields.push({ path: 'budget', message: REWARD_MESSAGES.budgetValid2 });
      }
      break;
    }
    case 'discount':
    case 'free_product':
    case 'gift_card': {
      text(fields, 'title', draft.title, LIMITS.rewardTitle);
      text(fields, 'description', draft.description, LIMITS.rewardDescription);
      if (draft.type === 'discount' && !((draft.percentageDiscount ?? 0) > 0 && (draft.percentageDiscount ?? 0) <= 100)) {
        fields.push({ path: 'percentageDiscount', message: 'between 1 and 100' });
      }
      if (draft.type === 'gift_card' && !((draft.amountCents ?? 0) > 0)) fields.push({ path: 'amount', message: REWARD_MESSAGES.cashValid1 });
      if (!isValidLink(draft.linkToShop ?? '')) fields.push({ path: 'linkToShop', message: REWARD_MESSAGES.invalidLink });
      if (!((draft.codeCount ?? 0) > 0)) fields.push({ path: 'uploadedCodes', message: 'at least one code' });
      finePrint(fields, draft);
      break;
    }
    case 'prize': {
      text(fields, 'title', draft.title, LIMITS.rewardTitle);
      text(fields, 'description', draft.description, LIMITS.rewardDescription);
      if (!draft.imageUrl) fields.push({ path: 'imageUrl', message: REWARD_MESSAGES.required });
      if (!((draft.valueCents ?? 0) >= 100)) fields.push({ path: 'value', message: 'at least 1' });
      if (!((draft.totalAvailable ?? 0) >= 1)) fields.push({ path: 'totalAvailable', message: REWARD_MESSAGES.atLeastOne });
      finePrint(fields, draft);
      break;
    }
  }
  return fields;
}

/** Conditions step: entries to unlock ≥ 1 (forced 1 for money), and a per-user limit unless unlimited. */
export function validateConditions(input: { type: TRewardType; completionsToUnlock: number; maxPerUser: number; isUnlimited: boolean }): TErrorField[] {
  const fields: TErrorField[] = [];
  if (input.type !== 'money' && !(input.completionsToUnlock >= 1)) fields.push({ path: 'completionsToUnlock', message: REWARD_MESSAGES.atLeastOne });
  if (!input.isUnlimited && !(input.maxPerUser > 0)) fields.push({ path: 'maxPerUser', message: 'greater than 0' });
  return fields;
}

/**
 * Assignment step (optional, product rule R37): none at all, itemSold with items, or salesAmount with a
 * threshold and its type.
 */
export function validateAssignment(assignment: TAssignment | null | undefined): TErrorField[] {
  if (!assignment) return [];
  if (assignment.type === 'itemSold') {
    return assignment.itemsId.length > 0 ? [] : [{ path: 'assignment.itemsId', message: REWARD_MESSAGES.itemsValid1 }];
  }
  const fields: TErrorField[] = [];
  if (!((assignment.amountThreshold ?? 0) > 0)) fields.push({ path: 'assignment.amountThreshold', message: 'greater than 0' });
  if (!assignment.amountThresholdType) fields.push({ path: 'assignment.amountThresholdType', message: 'single or accumulated' });
  return fields;
}

/** Assignment choices: "none" (the default) always; items sold only when the campaign has item-sold missions. */
export function assignmentChoices(input: { hasItemSoldMissions: boolean }): ('none' | 'itemSold' | 'salesAmount')[] {
  return input.hasItemSoldMissions ? ['none', 'itemSold', 'salesAmount'] : ['none', 'salesAmount'];
}

/** Ticking unlimited sets max per user to 1 (product rule R38); unticking keeps the count. */
export function applyUnlimited<T extends number | string>(checked: boolean, maxPerUser: T, one: T): { isUnlimited: boolean; maxPerUser: T } {
  return checked ? { isUnlimited: true, maxPerUser: one } : { isUnlimited: false, maxPerUser };
}

/** How a per-user limit reads: 1 is "one per user", 0 or unlimited is "unlimited". */
export function perUserLabel(maxPerUser: number, isUnlimited: boolean): 'one-per-user' | 'unlimited' | 'count' {
  if (isUnlimited || maxPerUser === 0) return 'unlimited';
  return maxPerUser === 1 ? 'one-per-user' : 'count';
}

/** Field values a type starts from; changing type resets to these (product rule R31). */
export function rewardDefaults(type: TRewardType): RewardDraft & { completionsToUnlock: number; maxPerUser: number; isUnlimited: boolean } {
  const common = { completionsToUnlock: 1, maxPerUser: 1, isUnlimited: false, noFinePrint: false, finePrint: '', title: '', description: '' };
  switch (type) {
    case 'money':
      return { ...common, type, amountCents: 0, budgetCents: 0, isUnlimited: true, dynamicActive: false, dynamicAmounts: [] };
    case 'gift_card':
      return { ...common, type, amountCents: 100, linkToShop: '', codeCount: 0 };
    case 'prize':
      return { ...common, type, valueCents: 100, totalAvailable: 1, imageUrl: null };
    case 'discount':
      return { ...common, type, percentageDiscount: 0, linkToShop: '', codeCount: 0 };
    case 'free_product':
      return { ...common, type, linkToShop: '', codeCount: 0 };
  }
}
