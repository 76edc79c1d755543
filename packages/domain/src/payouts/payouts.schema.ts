import { z } from 'zod';
import { EPOCH_SECONDS_MAX, MONEY_MAX_CENTS, ZCents, zText } from '../shared/limits.js';

/**
 * Payouts (issue 29): money rewards a participant earned, paid out to them. The balance per brand is what the
 * brand's money unlocks credited minus what was paid out; the database keeps it (payout_ledger, decision 0022).
 */
export const PAYOUT_METHODS = ['paypal', 'bank_transfer'] as const;
export type TPayoutMethod = (typeof PAYOUT_METHODS)[number];

/** requested (waits for the brand's approval) → pending (sent to the provider) → paid | failed (money back). */
export const PAYOUT_STATUSES = ['requested', 'pending', 'paid', 'failed'] as const;
export type TPayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** automatic: a request goes to the provider at once; brand: requests wait for the brand to approve a batch. */
export const PAYOUT_APPROVALS = ['automatic', 'brand'] as const;
export type TPayoutApproval = (typeof PAYOUT_APPROVALS)[number];

export const PAYOUT_PROVIDER_NAMES = ['sandbox', 'tremendous'] as const;
export type TPayoutProviderName = (typeof PAYOUT_PROVIDER_NAMES)[number];

/** The smallest minimum a brand may set (provider fees make tinier payouts pointless), and the default. */
export const PAYOUT_MINIMUM_FLOOR_CENTS = 100;
export const PAYOUT_MINIMUM_DEFAULT_CENTS = 1_000;

/**
 * The sandbox's answers, like test cards: an address containing "fail" fails (the money returns to the balance),
 * any other is paid at once.
 */
export function sandboxPayoutOutcome(address: string): { ok: true } | { ok: false; message: string } {
  return /fail/i.test(address) ? { ok: false, message: 'The test payout was refused (sandbox: the address contains "fail").' } : { ok: true };
}

/** ISO 13616 IBAN: two letters, two check digits, up to 30 letters/digits; the mod-97 check must give 1. */
export function isValidIban(input: string): boolean {
  const iban = input.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const value = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

export const normalizeIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** Where a participant's payouts go: a PayPal account by its email, or a bank account by IBAN and holder. */
export const ZPayoutDetailsBody = z.discriminatedUnion('method', [
  z.object({ method: z.literal('paypal'), email: z.email({ message: 'enter the email of your PayPal account' }).max(254) }).strict(),
  z
    .object({
      method: z.literal('bank_transfer'),
      accountHolder: zText(120).trim().min(2, { message: 'enter the account holder’s name' }),
      iban: zText(50).refine(isValidIban, { message: 'not a valid IBAN (check the letters and digits)' }),
    })
    .strict(),
]);
export type TPayoutDetailsBody = z.infer<typeof ZPayoutDetailsBody>;

export const ZPayoutDetails = z.object({
  method: z.enum(PAYOUT_METHODS),
  /** PayPal email, or the IBAN shown with all but its last 4 characters masked. */
  address: z.string(),
  accountHolder: z.string().nullable(),
});
export type TPayoutDetails = z.infer<typeof ZPayoutDetails>;

/** What a payout shows of its destination: PayPal email, or bank IBAN masked. */
export function maskedAddress(method: TPayoutMethod, address: string): string {
  if (method === 'paypal') return address;
  const iban = normalizeIban(address);
  return `${iban.slice(0, 2)}•• •••• ${iban.slice(-4)}`;
}

export const ZPayout = z.object({
  id: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  participant: z.string(),
  participantName: z.string(),
  participantEmail: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  method: z.enum(PAYOUT_METHODS),
  address: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  provider: z.enum(PAYOUT_PROVIDER_NAMES).nullable(),
  providerRef: z.string().nullable(),
  failureMessage: z.string().nullable(),
  /** Epoch seconds. */
  requestedAt: z.number().int(),
  completedAt: z.number().int().nullable(),
});
export type TPayout = z.infer<typeof ZPayout>;

export const ZPayoutBalance = z.object({
  brandId: z.string(),
  brandName: z.string(),
  currency: z.string(),
  /** Earned and not paid out (nor on its way). */
  balanceCents: z.number().int(),
  /** On its way: requested or sent, not yet paid. */
  inFlightCents: z.number().int(),
  paidCents: z.number().int(),
  minimumCents: z.number().int(),
  approval: z.enum(PAYOUT_APPROVALS),
  canRequest: z.boolean(),
});
export type TPayoutBalance = z.infer<typeof ZPayoutBalance>;

export const ZMyPayouts = z.object({
  balances: z.array(ZPayoutBalance),
  details: ZPayoutDetails.nullable(),
  payouts: z.array(ZPayout),
  testMode: z.boolean(),
});
export type TMyPayouts = z.infer<typeof ZMyPayouts>;

export const ZRequestPayoutBody = z.object({ brandId: zText(64).min(1) }).strict();
export type TRequestPayoutBody = z.infer<typeof ZRequestPayoutBody>;

/** A participant may ask when their balance reaches the brand's minimum (and is above zero). */
export function canRequestPayout(balanceCents: number, minimumCents: number): boolean {
  return balanceCents > 0 && balanceCents >= minimumCents;
}

export const ZPayoutSettings = z.object({
  minimumCents: z.number().int(),
  approval: z.enum(PAYOUT_APPROVALS),
  provider: z.enum(PAYOUT_PROVIDER_NAMES),
  testMode: z.boolean(),
});
export type TPayoutSettings = z.infer<typeof ZPayoutSettings>;

export const ZPayoutSettingsBody = z
  .object({
    minimumCents: ZCents.min(PAYOUT_MINIMUM_FLOOR_CENTS, { message: `at least ${PAYOUT_MINIMUM_FLOOR_CENTS} cents` }).max(MONEY_MAX_CENTS),
    approval: z.enum(PAYOUT_APPROVALS),
  })
  .strict();
export type TPayoutSettingsBody = z.infer<typeof ZPayoutSettingsBody>;

export const ZPayoutListQuery = z
  .object({
    status: z.enum(PAYOUT_STATUSES).optional(),
    q: zText(100).optional(),
    from: z.coerce.number().int().min(0).max(EPOCH_SECONDS_MAX).optional(),
    to: z.coerce.number().int().min(0).max(EPOCH_SECONDS_MAX).optional(),
  })
  .strict();
export type TPayoutListQuery = z.infer<typeof ZPayoutListQuery>;

export const ZPayoutTotals = z.object({
  requestedCents: z.number().int(),
  pendingCents: z.number().int(),
  paidCents: z.number().int(),
  failedCents: z.number().int(),
});

export const ZPayoutList = z.object({ items: z.array(ZPayout), totals: ZPayoutTotals, currency: z.string() });
export type TPayoutList = z.infer<typeof ZPayoutList>;

/** Approve the listed requested payouts, or every requested one when ids is left out. */
export const ZApprovePayoutsBody = z.object({ ids: z.array(z.uuid()).min(1).max(500).optional() }).strict();
export type TApprovePayoutsBody = z.infer<typeof ZApprovePayoutsBody>;

export const ZApprovePayoutsResult = z.object({ approved: z.number().int(), paid: z.number().int(), failed: z.number().int(), pending: z.number().int() });
export type TApprovePayoutsResult = z.infer<typeof ZApprovePayoutsResult>;

export const ZPayoutIdParams = z.object({ id: z.uuid() }).strict();
