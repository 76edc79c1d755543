import Stripe from 'stripe';
import { z } from 'zod';
import { ERROR_CODES, type TErrorField } from '@rally/domain';
import { AppError, appError } from '../../lib/app-error.js';
import type { PaymentLookup, PaymentProvider, ProviderEvent } from './payment-provider.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string | null;
  /** Where API calls go (stripe-mock, tests); api.stripe.com when unset. */
  apiUrl?: string | undefined;
}

/** What a brand reads when Stripe cannot be reached: no detail of ours or Stripe's leaks (the log has it). */
const UNAVAILABLE_MESSAGE = 'The payment service cannot be reached right now; nothing was charged. Try again in a minute.';

/** One network retry and a bounded wait, so a top-up answers within seconds when Stripe is down. */
const STRIPE_TIMEOUT_MS = 15_000;

/**
 * Stripe: a top-up creates a PaymentIntent (our payment id as idempotency key and metadata) whose client
 * secret Stripe Elements confirms in the browser. The wallet is credited only when Stripe's signed webhook
 * says payment_intent.succeeded — never on the browser's word.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, { timeout: STRIPE_TIMEOUT_MS, maxNetworkRetries: 1, ...apiLocation(options.apiUrl) });
  return {
    name: 'stripe',
    testMode: options.secretKey.startsWith('sk_test_'),
    publishableKey: options.publishableKey,
    async startPayment(input) {
      let intent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            description: input.description,
            automatic_payment_methods: { enabled: true },
            metadata: { paymentId: input.paymentId, brandId: input.brandId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (error) {
        // Unreachable, timed out, failing on its side, rate-limited or refusing our key: the brand can do nothing
        // but try again later, so every Stripe error is one 503 (the cause goes to the log, not the answer).
        if (error instanceof Stripe.errors.StripeError) throw providerUnavailable(error);
        throw error;
      }
      if (!intent.client_secret) throw providerUnavailable(new Error(`Stripe returned PaymentIntent ${intent.id} without a client secret`));
      return { status: 'pending', providerRef: intent.id, clientSecret: intent.client_secret };
    },
    async lookupPayment(input): Promise<PaymentLookup> {
      let intent: Stripe.PaymentIntent | undefined;
      try {
        if (input.providerRef) {
          intent = await stripe.paymentIntents.retrieve(input.providerRef);
        } else {
          // The crash came before Stripe's answer was stored: find the intent by the payment id in its metadata.
          const found = await stripe.paymentIntents.search({ query: `metadata['paymentId']:'${input.paymentId.replace(/[^A-Za-z0-9-]/g, '')}'`, limit: 1 });
          intent = found.data[0];
        }
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return { status: 'unknown' };
        if (error instanceof Stripe.errors.StripeError) throw providerUnavailable(error);
        throw error;
      }
      return intent ? intentLookup(intent) : { status: 'unknown' };
    },
    verifyWebhook(rawBody, signature) {
      if (!signature) throw new Error('missing Stripe-Signature header');
      // Throws StripeSignatureVerificationError on a forged, altered or stale (> 5 min) event.
      const event: unknown = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      return toProviderEvent(event);
    },
  };
}

/** A PaymentIntent's status as the reconcile sweep acts on it. */
function intentLookup(intent: Stripe.PaymentIntent): PaymentLookup {
  if (intent.status === 'succeeded') {
    return { status: 'succeeded', providerRef: intent.id, amountCents: intent.amount_received || intent.amount, currency: intent.currency.toUpperCase() };
  }
  if (intent.status === 'canceled') return { status: 'failed', providerRef: intent.id, message: intent.last_payment_error?.message ?? 'The payment was canceled.' };
  // requires_payment_method / _confirmation / _action, processing, requires_capture: not settled yet.
  return { status: 'pending', providerRef: intent.id, clientSecret: intent.client_secret };
}

function providerUnavailable(cause: unknown): AppError {
  const error = appError(ERROR_CODES.paymentProviderUnavailable, UNAVAILABLE_MESSAGE, [], { 'retry-after': '60' });
  error.cause = cause;
  return error;
}

function apiLocation(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

// A signed body is Stripe's, but still only JSON: what we act on is checked before it reaches the database.
const ZEventId = z.string().min(1).max(255);
const ZEnvelope = z.object({ id: ZEventId, type: z.string().min(1).max(255) });
const ZIntent = z.object({
  id: z.string().min(1).max(255),
  amount: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  amount_received: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullish(),
  currency: z.string().regex(/^[a-zA-Z]{3}$/),
  metadata: z.record(z.string(), z.string()).nullish(),
  last_payment_error: z.object({ message: z.string().max(1_000).nullish() }).nullish(),
});
const ZIntentEvent = z.object({ data: z.object({ object: ZIntent }) });

function malformed(error: z.ZodError, prefix: string): AppError {
  const fields: TErrorField[] = error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  return appError(ERROR_CODES.validation, 'The webhook body is not a Stripe event', fields);
}

function toProviderEvent(raw: unknown): ProviderEvent {
  const envelope = ZEnvelope.safeParse(raw);
  if (!envelope.success) {
    // `[]`, `null`, a string…: the body as a whole is named, as the framework names a body of the wrong type.
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      throw appError(ERROR_CODES.validation, 'The webhook body is not a Stripe event', [{ path: 'body', message: 'expected a JSON object (a Stripe event)' }]);
    }
    throw malformed(envelope.error, 'body');
  }
  const { id, type } = envelope.data;
  if (type !== 'payment_intent.succeeded' && type !== 'payment_intent.payment_failed') return { id, type: 'other', rawType: type };
  const parsed = ZIntentEvent.safeParse(raw);
  if (!parsed.success) throw malformed(parsed.error, 'body');
  const intent = parsed.data.data.object;
  const paymentId = intent.metadata?.paymentId ?? null;
  if (type === 'payment_intent.succeeded') {
    return {
      id,
      type: 'payment.succeeded',
      providerRef: intent.id,
      paymentId,
      amountCents: intent.amount_received || intent.amount,
      currency: intent.currency.toUpperCase(),
    };
  }
  return { id, type: 'payment.failed', providerRef: intent.id, paymentId, message: intent.last_payment_error?.message ?? 'The payment failed.' };
}
