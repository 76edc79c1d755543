import { z } from 'zod';
import { ZEpochSeconds } from '../shared/api-schemas.js';
import { ZMediaImageArgs } from '../shared/media.schema.js';
import { AMOUNT_THRESHOLD_TYPES, ASSIGNMENT_TYPES, REWARD_SCOPES, REWARD_TYPES } from './reward-enums.js';
import { ZDynamicAmountRow } from './reward.schema.js';

const cents = z.number().int().min(0).max(100_000_000_00).describe('integer cents');

/** Assignment as sent: both spellings of the threshold are accepted (spec §3), one is kept. */
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
      itemsId: z.array(z.number().int().positive()).default([]),
      amountThreshold: cents.optional(),
      amountThresholdType: z.enum(AMOUNT_THRESHOLD_TYPES).optional(),
    })
    .strict(),
);

/** POST /api/reward/write/save-reward (spec §7 fields). Money fields are integer cents. */
export const ZSaveRewardBody = z
  .object({
    id: z.number().int().positive().optional(),
    bundleId: z.number().int().positive(),
    type: z.enum(REWARD_TYPES),
    scope: z.enum(REWARD_SCOPES).default('campaign'),
    missionId: z.number().int().positive().nullable().optional(),
    itemsId: z.array(z.number().int().positive()).optional(),
    title: z.string().max(1000).optional(),
    description: z.string().max(5000).optional(),
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
    uploadedCodes: z
      .object({ fileUrl: z.string().max(2000).optional(), fileName: z.string().max(300).optional(), codes: z.array(z.string().max(200)).max(100_000) })
      .strict()
      .optional(),
    noFinePrint: z.boolean().optional(),
    finePrint: z.string().max(5000).nullable().optional(),
    value: cents.nullable().optional(),
    totalAvailable: z.number().int().min(0).max(1_000_000).nullable().optional(),
    imageUrl: z.string().max(2000).nullable().optional(),
    imageArgs: ZMediaImageArgs.nullable().optional(),
    assignment: ZAssignmentInput.nullable().optional(),
  })
  .strict();
export type TSaveRewardBody = z.infer<typeof ZSaveRewardBody>;

export const ZBundleRewardsQuery = z.object({ bundleId: z.coerce.number().int().positive().max(2147483647) }).strict();

export const ZRewardEndDateBody = z
  .object({ endDate: ZEpochSeconds, timeZone: z.string().min(1).max(64) })
  .strict()
  .refine((b) => Intl.supportedValuesOf('timeZone').includes(b.timeZone) || b.timeZone === 'UTC', {
    message: 'an IANA time zone',
    path: ['timeZone'],
  });
