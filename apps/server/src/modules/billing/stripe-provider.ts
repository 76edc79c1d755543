import Stripe from 'stripe';
import type { PaymentProvider, ProviderEvent } from './payment-provider.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string | null;
}

/**
 * Stripe: a top-up creates a PaymentIntent (our payment id as idempotency key and metadata) whose client
 * secret Stripe Elements confirms in the browser. The wallet is credited only when Stripe's signed webhook
 * says payment_intent.succeeded — never on the browser's word.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey);
  return {
    name: 'stripe',
    testMode: options.secretKey.startsWith('sk_test_'),
    publishableKey: options.publishableKey,
    async startPayment(input) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency.toLowerCase(),
          description: input.description,
          automatic_payment_methods: { enabled: true },
          metadata: { paymentId: input.paymentId, brandId: input.brandId },
        },
        { idempotencyKey: `rally-payment-${input.paymentId}` },
      );
      if (!intent.client_secret) throw new Error(`Stripe returned PaymentIntent ${intent.id} without a client secret`);
      return { status: 'pending', providerRef: intent.id, clientSecret: intent.client_secret };
    },
    verifyWebhook(rawBody, signature) {
      if (!signature) throw new Error('missing Stripe-Signature header');
      // Throws StripeSignatureVerificationError on a forged, altered or stale (> 5 min) event.
      const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      return toProviderEvent(event);
    },
  };
}

function toProviderEvent(event: Stripe.Event): ProviderEvent {
  if (event.type === 'payment_intent.succeeded') {
    const intent = event.data.object;
    return {
      id: event.id,
      type: 'payment.succeeded',
      providerRef: intent.id,
      paymentId: intent.metadata?.paymentId ?? null,
      amountCents: intent.amount_received || intent.amount,
      currency: intent.currency.toUpperCase(),
    };
  }
  if (event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    return {
      id: event.id,
      type: 'payment.failed',
      providerRef: intent.id,
      paymentId: intent.metadata?.paymentId ?? null,
      message: intent.last_payment_error?.message ?? 'The payment failed.',
    };
  }
  return { id: event.id, type: 'other', rawType: event.type };
}
