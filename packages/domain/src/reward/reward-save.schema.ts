import { z } from 'zod';
import { ZEpochSeconds } from '../shared/api-schemas.js';
import { LIMITS } from '../shared/constants.js';
import { ZCents, ZIdParam, ZIdRef, zText } from '../shared/limits.js';
import { ZMediaImageArgsBody } from '../shared/media.schema.js';
import { CODE_FILE_LIMITS } from './code-file.js';
import { AMOUNT_THRESHOLD_TYPES, ASSIGNMENT_TYPES, REWARD_SCOPES, REWARD_TYPES } from './reward-enums.js';
import { ZDynamicAmountRow } from './reward.schema.js';

const cents = ZCents.describe('integer cents');

/**
 * uploadedCodes as sent to save-reward and add-reward-codes: the codes, or — without them — the fileUrl that
 * upload-excel-codes answered, whose kept file the server reads again, so a large file's codes need not travel back.
 */
export const zUploadedCodesInput = (maxCodes: number) =>
  z
    .object({
      fileUrl: z.string().max(2000).optional(),
      fileName: z.string().max(300).optional(),
      codes: z.array(z.string().max(200)).max(maxCodes).optional(),
    })
    // One of codes or fileUrl is needed: the use case says so, after another brand's id is a 404.
    .strict();

/** Assignment as sent: both spellings of the threshold are accepted (product rule R37), one is kept. */
export const ZAssignmentInput = z.preprocess(
  (value) => {
    if (value && typeof value === 'object' && 'amountTrashold' in value) {
      const { amountTrashold, ...rest } = value as Record<string, unknown>;
      return { amountThreshold: amountTrashold, ...rest };
    }
    return value;
  },
  z
    .object({
      type: z.enum(ASSIGNMENT_TYPES),
      itemsId: z.array(ZIdRef).default([]),
      amountThreshold: cents.optional(),
      amountThresholdType: z.enum(AMOUNT_THRESHOLD_TYPES).optional(),
    })
    .strict(),
);

/** POST /api/reward/write/save-reward (product rule R50). Money fields are integer cents. */
export const ZSaveRewardBody = z
  .object({
    id: ZIdRef.optional(),
    bundleId: ZIdRef,
    type: z.enum(REWARD_TYPES),
    scope: z.enum(REWARD_SCOPES).default('campaign'),
    missionId: ZIdRef.nullable().optional(),
    itemsId: z.array(ZIdRef).optional(),
    title: zText(LIMITS.rewardTitle).optional(),
    description: zText(LIMITS.rewardDescription).optional(),
    isShared: z.boolean().optional(),
    filledByPartners: z.boolean().optional(),
    completionsToUnlock: z.number().int().min(0).max(1_000_000).optional(),
    maxPerUser: z.number().int().min(0).max(1_000_000).optional(),
    isUnlimited: z.boolean().optional(),
    amount: cents.nullable().optional(),
    budget: cents.nullable().optional(),
    dynamicActive: z.boolean().optional(),
    dynamicAmounts: z.array(ZDynamicAmountRow).max(10).optional(),
    percentageDiscount: z.number().int().min(0).max(100).nullable().optional(),
    linkToShop: z.string().max(2000).nullable().optional(),
    // A list sent here fits the default body limit; a larger file is named by its fileUrl.
    uploadedCodes: zUploadedCodesInput(100_000).optional(),
    noFinePrint: z.boolean().optional(),
    finePrint: zText(LIMITS.finePrint).nullable().optional(),
    value: cents.nullable().optional(),
    totalAvailable: z.number().int().min(0).max(1_000_000).nullable().optional(),
    imageUrl: z.string().max(2000).nullable().optional(),
    imageArgs: ZMediaImageArgsBody.nullable().optional(),
    assignment: ZAssignmentInput.nullable().optional(),
  })
  .strict();
export type TSaveRewardBody = z.infer<typeof ZSaveRewardBody>;

/** POST /api/v3/bundle/add-reward-codes: up to a whole code file's rows, or its kept upload's fileUrl. */
export const ZAddRewardCodesBody = z.object({ rewardId: ZIdRef, uploadedCodes: zUploadedCodesInput(CODE_FILE_LIMITS.rows) }).strict();
export type TAddRewardCodesBody = z.infer<typeof ZAddRewardCodesBody>;

export const ZBundleRewardsQuery = z.object({ bundleId: ZIdParam }).strict();

export const ZRewardEndDateBody = z
  .object({ endDate: ZEpochSeconds, timeZone: z.string().min(1).max(64) })
  .strict()
  .refine((b) => Intl.supportedValuesOf('timeZone').includes(b.timeZone) || b.timeZone === 'UTC', {
    message: 'an IANA time zone',
    path: ['timeZone'],
  });
