import { z } from 'zod';
import { AMOUNT_THRESHOLD_TYPES, ASSIGNMENT_TYPES } from './reward-enums.js';

/** How a learning-campaign reward is earned (spec §3 "Assignment"). */
export const ZAssignment = z.object({
  type: z.enum(ASSIGNMENT_TYPES),
  itemsId: z.array(z.number().int().positive()),
  amountThreshold: z.number().int().nonnegative().optional(),
  amountThresholdType: z.enum(AMOUNT_THRESHOLD_TYPES).optional(),
});
export type TAssignment = z.infer<typeof ZAssignment>;

/** One row of a dynamic cash reward: an amount (cents) paid for selling any of the items. */
export const ZDynamicAmountRow = z.object({
  amountCents: z.number().int().nonnegative(),
  itemsId: z.array(z.number().int().positive()),
  itemsName: z.array(z.string()),
});
export type TDynamicAmountRow = z.infer<typeof ZDynamicAmountRow>;
