import { z } from 'zod';
import { BRAND_CURRENCIES, PAYMENT_PLANS } from './brand-enums.js';
import { isCountryCode } from './countries.js';
import { isValidTimeZone } from '../launch/zoned-time.js';

/** A brand sells through stores; a retailer runs the stores and invites brands to its partner pool. */
export const BRAND_KINDS = ['brand', 'retailer'] as const;
export type TBrandKind = (typeof BRAND_KINDS)[number];

/** How many brands one person may create in a UTC day: enough for real use, too few to flood the platform. */
export const BRAND_CREATIONS_PER_DAY = 5;

export const BRAND_NAME_MAX = 100;

/** A logo: an image of at most 2 MB, stored as a 512 px square at most. */
export const BRAND_LOGO_LIMITS = { bytes: 2 * 1024 * 1024, pixels: 40_000_000, size: 512 } as const;

/** POST /api/brands: a new brand; its creator becomes the owner and it becomes the session's current brand. */
export const ZCreateBrandBody = z
  .object({
    name: z
      .string({ message: 'required' })
      .trim()
      .min(2, { message: 'at least 2 characters' })
      .max(BRAND_NAME_MAX, { message: `at most ${BRAND_NAME_MAX} characters` }),
    country: z
      .string({ message: 'required' })
      .trim()
      .toUpperCase()
      .refine(isCountryCode, { message: 'a country code of two letters (ISO 3166), e.g. FR' }),
    currency: z.enum(BRAND_CURRENCIES, { message: `one of ${BRAND_CURRENCIES.join(', ')}` }),
    timeZone: z
      .string({ message: 'required' })
      .trim()
      .max(64, { message: 'at most 64 characters' })
      .refine(isValidTimeZone, { message: 'a time zone such as Europe/Paris (IANA)' }),
    paymentPlan: z.enum(PAYMENT_PLANS, { message: 'prepaid or postpaid' }),
    kind: z.enum(BRAND_KINDS, { message: 'brand or retailer' }),
  })
  .strict();
export type TCreateBrandBody = z.input<typeof ZCreateBrandBody>;

/** A brand as its creator sees it right after creating it. */
export const ZCreatedBrand = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  country: z.string(),
  currency: z.enum(BRAND_CURRENCIES),
  timeZone: z.string(),
  paymentPlan: z.enum(PAYMENT_PLANS),
  kind: z.enum(BRAND_KINDS),
  logoUrl: z.string().nullable(),
});
export type TCreatedBrand = z.infer<typeof ZCreatedBrand>;

export const GUIDED_START_STEPS = ['campaign', 'stores', 'money'] as const;
export type TGuidedStartStep = (typeof GUIDED_START_STEPS)[number];

/** GET /api/brands/current/guided-start: the new brand's checklist, each step ticked from the brand's real data. */
export const ZGuidedStart = z.object({
  steps: z.array(
    z.object({
      key: z.enum(GUIDED_START_STEPS),
      done: z.boolean(),
      /** campaign: campaigns; stores: stores (staff in `staff`); money: successful payments. */
      count: z.number().int().nonnegative(),
      /** stores: staff (store users) across the brand's stores. */
      staff: z.number().int().nonnegative().optional(),
    }),
  ),
  /** Integer cents in the brand's currency. */
  walletBalance: z.number().int(),
  complete: z.boolean(),
});
export type TGuidedStart = z.infer<typeof ZGuidedStart>;

/** A brand's steps are done when it has a campaign, a store, and money in (a balance or a payment that succeeded). */
export function guidedStartSteps(facts: {
  campaigns: number;
  stores: number;
  staff: number;
  payments: number;
  walletBalance: number;
}): TGuidedStart {
  const steps: TGuidedStart['steps'] = [
    { key: 'campaign', done: facts.campaigns > 0, count: facts.campaigns },
    { key: 'stores', done: facts.stores > 0, count: facts.stores, staff: facts.staff },
    { key: 'money', done: facts.walletBalance > 0 || facts.payments > 0, count: facts.payments },
  ];
  return { steps, walletBalance: facts.walletBalance, complete: steps.every((s) => s.done) };
}
