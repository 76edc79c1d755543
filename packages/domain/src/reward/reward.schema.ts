import { z } from 'zod';
import { ZCents, ZIdRef } from '../shared/limits.js';
import { AMOUNT_THRESHOLD_TYPES, ASSIGNMENT_TYPES } from './reward-enums.js';

/** How a learning-campaign reward is earned (product rule R37). */
export const ZAssignment = z.object({
  type: z.enum(ASSIGNMENT_TYPES),
  itemsId: z.array(ZIdRef),
  amountThreshold: ZCents.optional(),
  amountThresholdType: z.enum(AMOUNT_THRESHOLD_TYPES).optional(),
});
export type TAssignment = z.infer<typeof ZAssignment>;

/** One row of a dynamic cash reward: an amount (cents) paid for selling any of the items. */
export const ZDynamicAmountRow = z.object({
  amountCents: ZCents,
  itemsId: z.array(ZIdRef),
  itemsName: z.array(z.string()),
});
export type TDynamicAmountRow = z.infer<typeof ZDynamicAmountRow>;
