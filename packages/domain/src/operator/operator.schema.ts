import { z } from 'zod';
import { BRAND_CURRENCIES, PAYMENT_PLANS } from '../brand/brand-enums.js';
import { CAMPAIGN_STATUSES } from '../campaign/campaign-enums.js';

/** A brand's standing on the platform: a platform operator may suspend it and approve it again. */
export const BRAND_STATUSES = ['active', 'suspended'] as const;
export type TBrandStatus = (typeof BRAND_STATUSES)[number];

export const ZOperatorBrand = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(BRAND_STATUSES),
  paymentPlan: z.enum(PAYMENT_PLANS),
  isRetailer: z.boolean(),
  consumerEnabled: z.boolean(),
  members: z.number().int(),
  campaigns: z.number().int(),
  /** Integer cents in the brand's currency. */
  walletBalance: z.number().int(),
  currency: z.enum(BRAND_CURRENCIES),
  /** Epoch seconds. */
  createdAt: z.number().int(),
});
export type TOperatorBrand = z.infer<typeof ZOperatorBrand>;
export const ZOperatorBrandList = z.object({ items: z.array(ZOperatorBrand) });
export type TOperatorBrandList = z.infer<typeof ZOperatorBrandList>;

export const ZOperatorBrandParams = z.object({ id: z.string().trim().min(1).max(100) }).strict();

/** Approve (active) or suspend a brand; the reason goes to both audit logs. */
export const ZBrandStatusBody = z
  .object({ status: z.enum(BRAND_STATUSES), reason: z.string().trim().max(500).optional() })
  .strict();
export type TBrandStatusBody = z.infer<typeof ZBrandStatusBody>;

/** The consumer feature (consumer campaigns, public pages for consumers) of a brand. */
export const ZConsumerSwitchBody = z.object({ enabled: z.boolean() }).strict();
export type TConsumerSwitchBody = z.infer<typeof ZConsumerSwitchBody>;

export const ZPlatformTotals = z.object({
  brands: z.object({ total: z.number().int(), active: z.number().int(), suspended: z.number().int() }),
  users: z.number().int(),
  campaigns: z.object(Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, z.number().int()])) as Record<(typeof CAMPAIGN_STATUSES)[number], z.ZodNumber>),
  completions: z.number().int(),
  /**
   * Per currency, from the wallet ledgers: paidIn the credits (top-ups, refunds, corrections in), paidOut the debits
   * (budgets, fees, invoices), balance what the wallets hold now — all integer cents.
   */
  money: z.array(z.object({ currency: z.string(), paidIn: z.number().int(), paidOut: z.number().int(), balance: z.number().int() })),
});
export type TPlatformTotals = z.infer<typeof ZPlatformTotals>;

export const ZOperatorAuditEntry = z.object({
  id: z.number().int(),
  at: z.number().int(),
  operator: z.object({ id: z.string().nullable(), name: z.string() }),
  action: z.string(),
  brand: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  changes: z.array(z.object({ field: z.string(), old: z.unknown(), new: z.unknown() })),
});
export type TOperatorAuditEntry = z.infer<typeof ZOperatorAuditEntry>;
export const ZOperatorAuditList = z.object({ items: z.array(ZOperatorAuditEntry) });
export type TOperatorAuditList = z.infer<typeof ZOperatorAuditList>;
