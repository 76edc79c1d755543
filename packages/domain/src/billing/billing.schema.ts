import { z } from 'zod';
import { ZIdParam, zQueryInt } from '../shared/limits.js';
import { BRAND_CURRENCIES, INVOICE_LINE_KINDS, INVOICE_STATUSES, LEDGER_ENTRY_KINDS, PAYMENT_PLANS } from '../brand/brand-enums.js';
import { ZCalendarDay, ZEpochSeconds, ZPageMeta } from '../shared/api-schemas.js';
import { ZInvoiceParty } from './billing-profile.js';

const cents = z.number().int().describe('integer cents');

/** Smart review as the brand load returns it (spec §3 Brand.smartReview). */
export const ZSmartReview = z.object({
  enabled: z.boolean(),
  pricePerScan: cents,
  currency: z.string(),
  plan: z.string().nullable(),
});
export type TSmartReview = z.infer<typeof ZSmartReview>;

/** GET receipt-scan/check-unpaid-invoices (spec §7). */
export const ZCheckUnpaidInvoices = z.object({ hasUnpaidInvoice: z.boolean(), invoiceId: z.number().int().nullable() });
export type TCheckUnpaidInvoices = z.infer<typeof ZCheckUnpaidInvoices>;

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type TPaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** GET /api/billing/summary: the wallet and how to pay. */
export const ZBillingSummary = z.object({
  walletBalance: cents,
  currency: z.enum(BRAND_CURRENCIES),
  paymentPlan: z.enum(PAYMENT_PLANS),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key (provider stripe only). */
  publishableKey: z.string().nullable(),
  /** The sandbox never moves real money; the web marks it TEST MODE. */
  testMode: z.boolean(),
  /** The oldest closed invoice not yet paid. */
  unpaidInvoiceId: z.number().int().nullable(),
});
export type TBillingSummary = z.infer<typeof ZBillingSummary>;

/** Dates of the ledger filter: YYYY-MM-DD, the day boundaries are UTC. */
export const ZLedgerQuery = z
  .object({
    kind: z.enum(LEDGER_ENTRY_KINDS).optional(),
    from: ZCalendarDay.optional(),
    to: ZCalendarDay.optional(),
    currentPage: zQueryInt(1, 100_000).default(1),
    perPage: zQueryInt(1, 100).default(20),
  })
  .strict();
export type TLedgerQuery = z.infer<typeof ZLedgerQuery>;

export const ZLedgerEntry = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  /** Signed: credits positive, debits negative. */
  amount: cents,
  campaignId: z.number().int().nullable(),
  /** The campaign's name, and the reward's title (its money default when untitled): what the money moved for. */
  campaignName: z.string().nullable(),
  rewardTitle: z.string().nullable(),
  invoiceId: z.number().int().nullable(),
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: ZEpochSeconds,
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;
export const ZLedgerPage = z.object({ items: z.array(ZLedgerEntry), _meta: ZPageMeta });
export type TLedgerPage = z.infer<typeof ZLedgerPage>;

/** A top-up's client key: 8–100 letters, digits, `-` or `_` (a UUID fits). */
const ZTopUpIdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'use 8–100 letters, digits, - or _');

/** Largest single top-up: 1,000,000.00 in the brand's currency. */
export const MAX_TOP_UP_CENTS = 100_000_000;
export const MIN_TOP_UP_CENTS = 100;

export const ZCardInput = z
  .object({
    number: z
      .string()
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'enter the card number')),
    expMonth: z.number().int().min(1, 'month 1–12').max(12, 'month 1–12'),
    expYear: z.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/, 'enter the 3 or 4 digits'),
  })
  .strict();
export type TCardInput = z.infer<typeof ZCardInput>;

export const ZTopUpBody = z
  .object({
    amount: z.number().int().min(MIN_TOP_UP_CENTS, 'at least 1.00').max(MAX_TOP_UP_CENTS, 'at most 1,000,000.00').describe('integer cents'),
    /** The sandbox provider's card; Stripe collects the card in Stripe Elements instead. */
    card: ZCardInput.optional(),
    /**
     * The client's key for this top-up (one per form opening): a repeat with the same key answers with the
     * first payment and charges nothing more.
     */
    idempotencyKey: ZTopUpIdempotencyKey.optional(),
  })
  .strict();
export type TTopUpBody = z.infer<typeof ZTopUpBody>;

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const ZPaymentResult = z.object({
  paymentId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: cents,
  /** Stripe: the PaymentIntent's client secret, which Stripe Elements confirms. */
  clientSecret: z.string().nullable(),
  failureMessage: z.string().nullable(),
  walletBalance: cents,
});
export type TPaymentResult = z.infer<typeof ZPaymentResult>;

export const ZInvoiceLine = z.object({
  id: z.number().int(),
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  amount: cents,
  campaignId: z.number().int().nullable(),
  campaignName: z.string().nullable(),
  createdAt: ZEpochSeconds,
});
export const ZInvoice = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  period: z.string(),
  status: z.enum(INVOICE_STATUSES),
  amount: cents,
  currency: z.string(),
  closedAt: ZEpochSeconds.nullable(),
  dueAt: ZEpochSeconds.nullable(),
  paidAt: ZEpochSeconds.nullable(),
});
export type TInvoice = z.infer<typeof ZInvoice>;
/** buyer / seller: as the invoice was issued (null while it is open: the PDF then shows the current profile). */
export const ZInvoiceDetail = ZInvoice.extend({ lines: z.array(ZInvoiceLine), buyer: ZInvoiceParty.nullable(), seller: ZInvoiceParty.nullable() });
export type TInvoiceDetail = z.infer<typeof ZInvoiceDetail>;
export const ZInvoiceList = z.object({ items: z.array(ZInvoice) });
export const ZPayInvoiceBody = z
  .object({
    /** wallet: pay from the wallet (402 PAYMENT_REQUIRED with dueCents when short); card: through the provider. */
    source: z.enum(['wallet', 'card']),
    card: ZCardInput.optional(),
  })
  .strict();
export type TPayInvoiceBody = z.infer<typeof ZPayInvoiceBody>;
export const ZInvoiceIdParams = z.object({ id: ZIdParam });
/** Payment ids are UUIDs; any other text is simply not found (404), like another brand's payment. */
export const ZPaymentIdParams = z.object({ id: z.string().min(1).max(64) });

/** Days a closed invoice gives the brand to pay it. */
export const INVOICE_DUE_DAYS = 14;
