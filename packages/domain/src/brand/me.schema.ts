import { z } from 'zod';
import { BRAND_CURRENCIES, PAYMENT_PLANS } from './brand-enums.js';
import { MEMBER_ROLES } from '../auth/permissions.js';

export const ZBrandSummary = z.object({
  id: z.string(),
  name: z.string(),
  isRetailer: z.boolean(),
  consumerEnabled: z.boolean(),
  paymentPlan: z.enum(PAYMENT_PLANS),
  logoUrl: z.string().nullable(),
});
export type TBrandSummary = z.infer<typeof ZBrandSummary>;

/** The current brand as the brand load returns it (spec §3 Brand): wallet, plan, smart review, currency. */
export const ZCurrentBrand = ZBrandSummary.extend({
  /** Integer cents in the brand's currency. */
  walletBalance: z.number().int(),
  currency: z.enum(BRAND_CURRENCIES),
  /** IANA zone the brand works in: dates of its logs and lists are shown in it. */
  timeZone: z.string().optional(),
  smartReview: z.object({
    enabled: z.boolean(),
    /** Integer cents charged per receipt reviewed. */
    pricePerScan: z.number().int(),
    currency: z.string(),
    plan: z.string().nullable(),
  }),
});
export type TCurrentBrand = z.infer<typeof ZCurrentBrand>;

/** GET /api/me: who is signed in, for which brand, allowed to do what. */
export const ZMe = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  brand: ZCurrentBrand,
  role: z.enum(MEMBER_ROLES),
  permissions: z.array(z.string()),
  brands: z.array(ZBrandSummary.extend({ role: z.enum(MEMBER_ROLES) })),
  /** A platform operator (issue 28): the web shows the /operator area. */
  isOperator: z.boolean().optional(),
});
export type TMe = z.infer<typeof ZMe>;

export const ZSwitchBrandBody = z.object({ brandId: z.string().min(1).max(100) }).strict();
