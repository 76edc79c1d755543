import type { Env } from '../../config/env.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxProvider } from './sandbox-provider.js';
import { createStripeProvider } from './stripe-provider.js';

/** Stripe when both its secret key and webhook secret are set; the TEST MODE sandbox otherwise. */
export function createPaymentProvider(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_API_URL'>): PaymentProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    return createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null, apiUrl: env.STRIPE_API_URL });
  }
  return createSandboxProvider();
}
