import { randomUUID } from 'node:crypto';
import { sandboxCardOutcome } from '@rally/domain';
import { invalid } from '../../lib/app-error.js';
import type { PaymentProvider } from './payment-provider.js';

/**
 * The embedded default: answers like Stripe's test mode from the card number alone (4242… succeeds,
 * 4000…0002 declines, …; packages/domain/src/billing/test-cards.ts) and pays at once. No network, no keys.
 */
export function createSandboxProvider(now: () => Date = () => new Date()): PaymentProvider {
  return {
    name: 'sandbox',
    testMode: true,
    publishableKey: null,
    async startPayment(input) {
      if (!input.card) throw invalid([{ path: 'card', message: 'enter a card (test mode: 4242 4242 4242 4242)' }]);
      const outcome = sandboxCardOutcome(input.card, now());
      const providerRef = `sandbox_${randomUUID()}`;
      return outcome.ok ? { status: 'succeeded', providerRef } : { status: 'declined', providerRef, declineCode: outcome.declineCode, message: outcome.message };
    },
    verifyWebhook() {
      // The sandbox pays within the request; it sends no webhooks, so none is genuine.
      throw new Error('the sandbox provider has no webhooks');
    },
  };
}
