import type { TPayoutMethod, TPayoutProviderName } from '@rally/domain';

export interface SendPayoutInput {
  /** Our payout id (payouts.id): the provider's idempotency key, so a retry never pays twice. */
  payoutId: string;
  amountCents: number;
  currency: string;
  method: TPayoutMethod;
  /** PayPal email or IBAN. */
  address: string;
  accountHolder: string | null;
  recipientName: string;
  recipientEmail: string | null;
  /** What the recipient reads ("Your rewards from Peak Snacks"). */
  note: string;
}

export type SendPayoutOutcome =
  /** Paid now (the sandbox). */
  | { status: 'paid'; providerRef: string }
  /** Accepted; the provider's signed callback says paid or failed later. */
  | { status: 'pending'; providerRef: string }
  /** Refused: the amount goes back to the participant's balance. */
  | { status: 'failed'; providerRef: string | null; message: string };

/** A verified callback, reduced to what payouts act on. */
export type PayoutProviderEvent =
  | { id: string; type: 'payout.paid'; providerRef: string; payoutId: string | null }
  | { id: string; type: 'payout.failed'; providerRef: string; payoutId: string | null; message: string }
  | { id: string; type: 'other'; rawType: string };

/**
 * The one seam between payouts and a payout service (decision 0022), as PaymentProvider is for card money in: the
 * payouts module owns the payouts rows and the ledger; a provider only sends money and says what happened.
 */
export interface PayoutProvider {
  readonly name: TPayoutProviderName;
  /** The sandbox never moves real money: /play and the Payouts screen say TEST MODE. */
  readonly testMode: boolean;
  sendPayout(input: SendPayoutInput): Promise<SendPayoutOutcome>;
  /** Verifies a callback's signature over the raw body and reads the event; throws when it is not genuine. */
  verifyCallback(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PayoutProviderEvent;
  /** The header that carries the callback's signature (named in a 400). */
  readonly signatureHeader: string | null;
}
