import { z } from 'zod';
import { ZEpochSeconds } from '../shared/api-schemas.js';
import { ZCents, ZIdRef } from '../shared/limits.js';
import { DEFAULT_TIME_ZONE } from '../shared/constants.js';
import { ZCampaignMoney } from '../billing/campaign-money.js';
import { ZFinishCriterion, ZReach, ZScopeType, ZSelectedCountry, ZDeleteStatusBody } from '../campaign/campaign.schema.js';
import { DEFAULT_FINISH_CRITERIA } from '../campaign/campaign-enums.js';
import { isValidTimeZone } from './zoned-time.js';
import { LAUNCH_MODAL_ACTIONS } from './launch-flow.js';

export const ZTimeZone = z.string().refine(isValidTimeZone, { message: 'an IANA time zone such as America/New_York' });

/**
 * The launch form (product rule R17) as PUT /api/campaign/{bundleId}/status receives it for launch,
 * schedule and reschedule. Shape only; what each action requires is `validateLaunchForm`.
 */
export const ZLaunchFormBody = z
  .object({
    action: z.enum(LAUNCH_MODAL_ACTIONS),
    bundleId: ZIdRef,
    startDate: ZEpochSeconds.nullable().optional(),
    endDate: ZEpochSeconds.nullable().optional(),
    timeZone: ZTimeZone.default(DEFAULT_TIME_ZONE),
    scope: ZScopeType.default('all'),
    pks: z.array(ZIdRef).max(10_000).default([]),
    countryCodes: z.array(z.string().regex(/^[A-Z]{2}$/, { message: 'a two-letter ISO country code' })).max(300).default([]),
    selectedPlacesIds: z.array(z.string().min(1).max(200)).max(300).default([]),
    selectedCountries: z.array(ZSelectedCountry).max(300).default([]),
    finishCriteria: z.array(ZFinishCriterion).max(3).default([...DEFAULT_FINISH_CRITERIA]),
    // What the browser showed; the server recomputes and stores its own figures.
    reach: ZReach.optional(),
  })
  .strict();
export type TLaunchFormBody = z.infer<typeof ZLaunchFormBody>;
export type TLaunchFormInput = z.input<typeof ZLaunchFormBody>;

/** Everything PUT …/status accepts: the launch form, or the delete form. */
// Told apart by action, so a wrong field is named by its own path rather than the union's root.
export const ZStatusBody = z.discriminatedUnion('action', [ZDeleteStatusBody, ZLaunchFormBody]);
export type TStatusBody = z.infer<typeof ZStatusBody>;

export const ZStatusChangeResult = z.object({
  status: z.enum(['draft', 'scheduled', 'rejected', 'active', 'ended', 'deleted']),
  bundleId: z.number().int(),
  startDate: ZEpochSeconds.nullable(),
  endDate: ZEpochSeconds.nullable(),
  version: z.number().int().nullable(),
});
export type TStatusChangeResult = z.infer<typeof ZStatusChangeResult>;

/** POST /api/v3/bundle/add-budget: pay money rewards' budgets from the wallet (amounts in cents). */
export const ZAddBudgetBody = z
  .object({
    bundleId: ZIdRef,
    amount: ZCents.positive({ message: 'greater than 0' }).describe('integer cents to pay from the wallet'),
    amountPerEntry: ZCents.optional().describe('integer cents per entry (informational)'),
  })
  .strict();
export type TAddBudgetBody = z.infer<typeof ZAddBudgetBody>;

export const ZAddBudgetResult = z.object({
  walletBalance: z.number().int(),
  paid: z.number().int().nonnegative(),
  rewards: z.array(z.object({ rewardId: z.number().int(), budget: z.number().int(), budgetPaid: z.number().int() })),
});
export type TAddBudgetResult = z.infer<typeof ZAddBudgetResult>;

/** GET /api/v3/bundle/{id}/budget-status — what a launch still owes (product rule R15). */
export const ZBudgetStatus = z.object({
  paymentPlan: z.enum(['prepaid', 'postpaid']),
  walletBalance: z.number().int(),
  due: z.number().int().nonnegative(),
  rewards: z.array(z.object({ rewardId: z.number().int(), title: z.string(), budget: z.number().int(), budgetPaid: z.number().int(), due: z.number().int() })),
  /** What the campaign holds, by payer: what deleting it (or a cut) gives back (issue 29). */
  money: ZCampaignMoney.optional(),
});
export type TBudgetStatus = z.infer<typeof ZBudgetStatus>;
