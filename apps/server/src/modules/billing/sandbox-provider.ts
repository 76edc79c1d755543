import { randomUUID } from 'node:crypto';
import { sandboxCardOutcome } from '@rally/domain';
import { invalid } from '../../lib/app-error.js';
import type { PaymentLookup, PaymentProvider, StartPaymentOutcome } from './payment-provider.js';

export interface SandboxProvider extends PaymentProvider {
  /** How many card charges the sandbox made (a repeated idempotency key is not a new one): what tests count. */
  chargeCount(): number;
}

interface SandboxCharge {
  outcome: StartPaymentOutcome;
  amountCents: number;
  currency: string;
}

/** Keys the sandbox remembers (oldest forgotten first), like Stripe keeping keys for a day. */
const REMEMBERED_KEYS = 100_000;

/**
 * The embedded default: answers like Stripe's test mode from the card number alone (4242… succeeds,
 * 4000…0002 declines, …; packages/domain/src/billing/test-cards.ts) and pays at once. No network, no keys.
 * It honours idempotency keys as Stripe does: a repeated key gets the first answer and charges nothing more.
 * Its charges live in this process's memory, so after a restart it knows none of them: the reconcile sweep
 * then hears "unknown" and fails the payment (no real money ever moves in the sandbox).
 */
export function createSandboxProvider(now: () => Date = () => new Date()): SandboxProvider {
  const charges = new Map<string, SandboxCharge>();
  let count = 0;
  return {
    name: 'sandbox',
    testMode: true,
    publishableKey: null,
    async startPayment(input) {
      const seen = charges.get(input.idempotencyKey);
      if (seen) return seen.outcome;
      if (!input.card) throw invalid([{ path: 'card', message: 'enter a card (test mode: 4242 4242 4242 4242)' }]);
      const outcome = sandboxCardOutcome(input.card, now());
      const providerRef = `sandbox_${randomUUID()}`;
      const answer: StartPaymentOutcome = outcome.ok
        ? { status: 'succeeded', providerRef }
        : { status: 'declined', providerRef, declineCode: outcome.declineCode, message: outcome.message };
      if (outcome.ok) count += 1;
      charges.set(input.idempotencyKey, { outcome: answer, amountCents: input.amountCents, currency: input.currency });
      if (charges.size > REMEMBERED_KEYS) charges.delete(charges.keys().next().value!);
      return answer;
    },
    async lookupPayment(input): Promise<PaymentLookup> {
      const charge = charges.get(input.idempotencyKey);
      if (!charge) return { status: 'unknown' };
      const { outcome } = charge;
      if (outcome.status === 'succeeded') return { status: 'succeeded', providerRef: outcome.providerRef, amountCents: charge.amountCents, currency: charge.currency };
      if (outcome.status === 'declined') return { status: 'failed', providerRef: outcome.providerRef, message: outcome.message };
      return { status: 'pending', providerRef: outcome.providerRef, clientSecret: outcome.clientSecret };
    },
    chargeCount: () => count,
    verifyWebhook() {
      // The sandbox pays within the request; it sends no webhooks, so none is genuine.
      throw new Error('the sandbox provider has no webhooks');
    },
  };
}
