import {
  REWARD_MESSAGES,
  normalizeMoney,
  parsePerUser,
  rewardDefaults,
  type RewardDraft,
  type TDynamicAmountRow,
  type TErrorField,
  type TMediaResult,
  type TRewardRead,
  type TRewardScope,
  type TRewardType,
  type TRewardWizardStep,
  type TSaveRewardBody,
} from '@rally/domain';
import type { TFunction } from 'i18next';

/**
 * A code file the server read and keeps: saving names it by fileUrl and the server reads it again, so the codes
 * (a million at most) are neither kept here nor posted back; only how many it adds.
 */
export interface TUploadedCodes {
  fileName: string;
  fileUrl: string;
  added: number;
}

/** One dynamic cash row as edited: the amount as typed, the items (with their names for the request). */
export interface TDynamicRowForm {
  amount: string;
  itemsId: number[];
  itemsName: string[];
}

/** An item sold in one of the campaign's itemSold missions. */
export interface TSoldItem {
  id: number;
  title: string;
  missionTitle: string;
}

export interface TAssignmentForm {
  type: 'itemSold' | 'salesAmount';
  itemsId: number[];
  amountThreshold: string;
  amountThresholdType: 'single' | 'accumulated' | null;
}

/** What the wizard edits: money as typed text, converted to cents only for rules and the request. */
export interface TRewardForm {
  type: TRewardType;
  title: string;
  description: string;
  amount: string;
  budget: string;
  /** Dynamic cash (money): one amount per group of sold items instead of one amount. */
  dynamicActive: boolean;
  dynamicRows: TDynamicRowForm[];
  percentageDiscount: string;
  linkToShop: string;
  uploaded: TUploadedCodes | null;
  /** Codes the reward already holds (editing). */
  existingCodes: number;
  noFinePrint: boolean;
  finePrint: string;
  value: string;
  totalAvailable: string;
  media: TMediaResult | null;
  completionsToUnlock: string;
  maxPerUser: string;
  isUnlimited: boolean;
  assignment: TAssignmentForm | null;
  /** Learning campaigns: the whole campaign, or one of its missions (library mission id). */
  scope: TRewardScope;
  missionId: number | null;
}

export const centsToText = (cents: number | null | undefined) =>
  cents === null || cents === undefined || cents === 0 ? '' : (cents / 100).toFixed(2);

/** A type's defaults (product rule R31); changing type resets every field to these. */
export function formDefaults(type: TRewardType): TRewardForm {
  const d = rewardDefaults(type);
  return {
    type,
    title: d.title ?? '',
    description: d.description ?? '',
    amount: centsToText(d.amountCents),
    budget: centsToText(d.budgetCents),
    dynamicActive: d.dynamicActive ?? false,
    dynamicRows: [],
    percentageDiscount: d.percentageDiscount ? String(d.percentageDiscount) : '',
    linkToShop: d.linkToShop ?? '',
    uploaded: null,
    existingCodes: 0,
    noFinePrint: d.noFinePrint ?? false,
    finePrint: d.finePrint ?? '',
    value: centsToText(d.valueCents),
    totalAvailable: d.totalAvailable ? String(d.totalAvailable) : '',
    media: null,
    completionsToUnlock: String(d.completionsToUnlock),
    maxPerUser: String(d.maxPerUser),
    isUnlimited: d.isUnlimited,
    assignment: null,
    scope: 'campaign',
    missionId: null,
  };
}

/** The form for an existing reward (editing). */
export function formFromReward(reward: TRewardRead): TRewardForm {
  return {
    ...formDefaults(reward.type),
    title: reward.title,
    description: reward.description,
    amount: centsToText(reward.amount),
    budget: centsToText(reward.budget),
    dynamicActive: reward.type === 'money' && reward.dynamicActive,
    dynamicRows:
      reward.type === 'money' && reward.dynamicActive
        ? reward.dynamicAmounts.map((row) => ({
            amount: centsToText(row.amountCents),
            itemsId: [...row.itemsId],
            itemsName: [...row.itemsName],
          }))
        : [],
    percentageDiscount: reward.percentageDiscount ? String(reward.percentageDiscount) : '',
    linkToShop: reward.linkToShop ?? '',
    existingCodes: reward.totalCodes,
    noFinePrint: reward.noFinePrint,
    finePrint: reward.finePrint ?? '',
    value: centsToText(reward.value),
    totalAvailable: reward.totalAvailable ? String(reward.totalAvailable) : '',
    media: reward.imageUrl
      ? { imageUrl: reward.imageUrl, fileType: 'image', ...(reward.imageArgs ? { imageArgs: reward.imageArgs } : {}) }
      : null,
    completionsToUnlock: String(reward.completionsToUnlock),
    maxPerUser: String(reward.maxPerUser),
    isUnlimited: reward.isUnlimited,
    assignment: reward.assignment
      ? {
          type: reward.assignment.type,
          itemsId: [...reward.assignment.itemsId],
          amountThreshold: centsToText(reward.assignment.amountThreshold ?? null),
          amountThresholdType: reward.assignment.amountThresholdType ?? null,
        }
      : null,
    scope: reward.scope,
    missionId: reward.scope === 'mission' ? reward.missionId : null,
  };
}

const intOrNull = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number.parseInt(text, 10) : null);

export function codeCount(form: TRewardForm): number {
  return form.existingCodes + (form.uploaded?.added ?? 0);
}

/** The dynamic cash rows in cents, as the rules and the server read them. */
export function dynamicAmounts(form: TRewardForm): TDynamicAmountRow[] {
  return form.dynamicRows.map((row) => ({
    amountCents: normalizeMoney(row.amount) ?? 0,
    itemsId: [...row.itemsId],
    itemsName: [...row.itemsName],
  }));
}

/** The draft the domain rules read. */
export function toDraft(form: TRewardForm): RewardDraft {
  return {
    type: form.type,
    title: form.title,
    description: form.description,
    amountCents: normalizeMoney(form.amount),
    budgetCents: normalizeMoney(form.budget),
    dynamicActive: form.type === 'money' && form.dynamicActive,
    dynamicAmounts: form.type === 'money' && form.dynamicActive ? dynamicAmounts(form) : [],
    percentageDiscount: intOrNull(form.percentageDiscount),
    linkToShop: form.linkToShop,
    codeCount: codeCount(form),
    noFinePrint: form.noFinePrint,
    finePrint: form.finePrint,
    valueCents: normalizeMoney(form.value),
    totalAvailable: intOrNull(form.totalAvailable),
    imageUrl: form.media?.imageUrl ?? null,
  };
}

export function conditionsInput(form: TRewardForm) {
  return {
    type: form.type,
    completionsToUnlock: form.type === 'money' ? 1 : (intOrNull(form.completionsToUnlock) ?? 0),
    maxPerUser: form.isUnlimited ? 1 : parsePerUser(form.maxPerUser),
    isUnlimited: form.isUnlimited,
  };
}

export function assignmentInput(form: TRewardForm) {
  const a = form.assignment;
  if (!a) return null;
  if (a.type === 'itemSold') return { type: 'itemSold' as const, itemsId: a.itemsId };
  return {
    type: 'salesAmount' as const,
    itemsId: [],
    ...(normalizeMoney(a.amountThreshold) !== null ? { amountThreshold: normalizeMoney(a.amountThreshold)! } : {}),
    ...(a.amountThresholdType ? { amountThresholdType: a.amountThresholdType } : {}),
  };
}

/** POST /api/reward/write/save-reward for this form: money in cents, fields a type does not use left out. */
export function saveBody(
  form: TRewardForm,
  opts: { bundleId: number; id?: number; steps: TRewardWizardStep[] },
): TSaveRewardBody {
  const draft = toDraft(form);
  const body: TSaveRewardBody = {
    bundleId: opts.bundleId,
    type: form.type,
    scope: form.scope,
    ...(form.scope === 'mission' && form.missionId !== null ? { missionId: form.missionId } : {}),
    ...(opts.id ? { id: opts.id } : {}),
  };
  if (opts.steps.includes('conditions') || form.type === 'money') {
    const c = conditionsInput(form);
    body.completionsToUnlock = c.completionsToUnlock;
    body.maxPerUser = c.maxPerUser;
    body.isUnlimited = c.isUnlimited;
  }
  if (opts.steps.includes('assignment')) {
    const a = assignmentInput(form);
    if (a) body.assignment = a;
  }
  const finePrint = () => {
    body.noFinePrint = form.noFinePrint;
    body.finePrint = form.noFinePrint ? null : form.finePrint.trim();
  };
  switch (form.type) {
    case 'money':
      // Dynamic cash sends its rows and no single amount.
      if (form.dynamicActive) {
        body.dynamicActive = true;
        body.dynamicAmounts = draft.dynamicAmounts ?? [];
      } else {
        body.amount = draft.amountCents ?? 0;
        body.dynamicActive = false;
      }
      body.budget = draft.budgetCents ?? 0;
      break;
    case 'discount':
    case 'free_product':
    case 'gift_card':
      body.title = form.title.trim();
      body.description = form.description.trim();
      body.linkToShop = form.linkToShop.trim();
      if (form.type === 'discount') body.percentageDiscount = draft.percentageDiscount ?? 0;
      if (form.type === 'gift_card') body.amount = draft.amountCents ?? 0;
      if (form.uploaded) body.uploadedCodes = { fileUrl: form.uploaded.fileUrl, fileName: form.uploaded.fileName };
      finePrint();
      break;
    case 'prize':
      body.title = form.title.trim();
      body.description = form.description.trim();
      body.value = draft.valueCents ?? 0;
      body.totalAvailable = draft.totalAvailable ?? 0;
      body.imageUrl = form.media?.imageUrl ?? null;
      body.imageArgs = form.media?.imageArgs ?? null;
      finePrint();
      break;
  }
  return body;
}

const DETAIL_PATHS = new Set([
  'title',
  'description',
  'amount',
  'budget',
  'dynamicAmounts',
  'percentageDiscount',
  'linkToShop',
  'uploadedCodes',
  'finePrint',
  'value',
  'totalAvailable',
  'imageUrl',
  // The scope choice sits at the top of the details step.
  'scope',
  'missionId',
]);

/** Which wizard step shows a field the server or the rules complained about. */
export function stepOfPath(path: string): TRewardWizardStep {
  if (DETAIL_PATHS.has(path.split('.')[0]!)) return 'details';
  if (path.startsWith('assignment')) return 'assignment';
  if (path === 'completionsToUnlock' || path === 'maxPerUser' || path === 'isUnlimited') return 'conditions';
  return 'type';
}

/** The rules and the server speak English developer text (message keys, product rule R51); the user reads their language. */
export function rewardErrorText(field: TErrorField, t: TFunction): string {
  const m = field.message;
  const tooLong = /^too long \(max (\d+)\)$/.exec(m);
  if (tooLong) return t('rewards.errors.too-long', { max: Number(tooLong[1]) });
  if (m === 'required') return t('rewards.errors.required');
  if (m === 'invalid link') return t('rewards.errors.invalid-link');
  if (m === REWARD_MESSAGES.cashValid1) return t('rewards.errors.cash-valid-1');
  if (m === REWARD_MESSAGES.cashValid2) return t('rewards.errors.cash-valid-2');
  if (m === REWARD_MESSAGES.budgetValid1) return t('rewards.errors.budget-valid-1');
  if (m === REWARD_MESSAGES.budgetValid2) return t('rewards.errors.budget-valid-2');
  if (m === 'between 1 and 100') return t('rewards.errors.percentage');
  if (m === 'at least one code') return t('rewards.errors.codes');
  if (m === 'at least 1') return t('rewards.errors.at-least-one');
  if (m === 'greater than 0') return t('rewards.errors.greater-than-zero');
  if (m === 'single or accumulated') return t('rewards.errors.threshold-type');
  if (m === 'complete all sections to add') return t('rewards.complete-all-sections');
  if (m === 'select mission to continue') return t('rewards.errors.select-mission');
  if (m === 'campaign scope only') return t('rewards.errors.campaign-scope-only');
  const taken = /already assigned to "(.*)"$/.exec(m);
  if (taken) return t('rewards.errors.items-taken', { title: taken[1] });
  if (m.startsWith(`${REWARD_MESSAGES.itemsValid1}: every sold item`)) return t('rewards.errors.items-all-sold');
  if (m.startsWith(`${REWARD_MESSAGES.itemsValid1}: item `) && m.includes('is already in row')) return t('rewards.errors.items-one-row');
  const rowCount = /^1 to (\d+) rows$/.exec(m);
  if (rowCount) return t('rewards.errors.dynamic-rows', { max: Number(rowCount[1]) });
  if (m.startsWith(REWARD_MESSAGES.itemsValid1)) return t('rewards.errors.items-valid-1');
  return t('rewards.errors.invalid');
}
