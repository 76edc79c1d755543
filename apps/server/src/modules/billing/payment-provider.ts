import type { TCardInput, TPaymentProviderName } from '@rally/domain';

export interface StartPaymentInput {
  /** Our payment id (payments.id): the provider's metadata. */
  paymentId: string;
  /**
   * Sent to the provider with the call (Stripe's Idempotency-Key header): a repeated call with the same key —
   * a retry, or the reconcile sweep asking again — is answered with the first outcome and charges nothing more.
   */
  idempotencyKey: string;
  brandId: string;
  amountCents: number;
  currency: string;
  description: string;
  /** The sandbox's card; Stripe collects the card in the browser (Stripe Elements). */
  card?: TCardInput | undefined;
}

export type StartPaymentOutcome =
  /** Paid now: credit the wallet in this request (sandbox). */
  | { status: 'succeeded'; providerRef: string }
  | { status: 'declined'; providerRef: string | null; declineCode: string; message: string }
  /** Waits for the browser to confirm; the wallet is credited by the provider's signed webhook (Stripe). */
  | { status: 'pending'; providerRef: string; clientSecret: string };

/** What the provider knows of one of our payments (the reconcile sweep asks after a crash). */
export type PaymentLookup =
  | { status: 'succeeded'; providerRef: string; amountCents: number; currency: string }
  | { status: 'failed'; providerRef: string | null; message: string }
  /** Still waiting for the card holder (Stripe: not confirmed yet); the webhook or a later sweep settles it. */
  | { status: 'pending'; providerRef: string; clientSecret: string | null }
  /** The provider has no payment with this key: the call never reached it, nothing was charged. */
  | { status: 'unknown' };

export interface LookupPaymentInput {
  paymentId: string;
  idempotencyKey: string;
  /** Known when the start call answered before the crash. */
  providerRef: string | null;
}

/** A verified webhook event, reduced to what billing acts on. */
export type ProviderEvent =
  | { id: string; type: 'payment.succeeded'; providerRef: string; paymentId: string | null; amountCents: number; currency: string }
  | { id: string; type: 'payment.failed'; providerRef: string; paymentId: string | null; message: string }
  | { id: string; type: 'other'; rawType: string };

/**
 * The one seam between billing and a payment service (decision 0010). Billing owns payments rows and the
 * ledger; a provider only moves card money and says what happened.
 */
export interface PaymentProvider {
  readonly name: TPaymentProviderName;
  /** The sandbox never moves real money: the web shows TEST MODE. */
  readonly testMode: boolean;
  /** For Stripe Elements in the browser. */
  readonly publishableKey: string | null;
  startPayment(input: StartPaymentInput): Promise<StartPaymentOutcome>;
  /** Asks the provider what became of a payment (by its ref, or else by our payment id / idempotency key). */
  lookupPayment(input: LookupPaymentInput): Promise<PaymentLookup>;
  /** Verifies a webhook's signature over the raw body and reads the event; throws when it is not genuine. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

/** The idempotency key our payment `paymentId` is started with at the provider. */
export const providerIdempotencyKey = (paymentId: string) => `rally-payment-${paymentId}`;
