import { z } from 'zod';
import { PAYMENT_PLANS } from './brand-enums.js';
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

/** GET /api/me: who is signed in, for which brand, allowed to do what. */
export const ZMe = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  brand: ZBrandSummary,
  role: z.enum(MEMBER_ROLES),
  permissions: z.array(z.string()),
  brands: z.array(ZBrandSummary.extend({ role: z.enum(MEMBER_ROLES) })),
});
export type TMe = z.infer<typeof ZMe>;

export const ZSwitchBrandBody = z.object({ brandId: z.string().min(1).max(100) }).strict();
