import { randomUUID } from 'node:crypto';
import { sandboxPayoutOutcome } from '@rally/domain';
import type { PayoutProvider } from './payout-provider.js';

/**
 * The embedded default: pays at once, no network, no keys — like the card sandbox. An address containing "fail"
 * (fail@paypal.test) is refused, so the return of a failed payout to the balance can be tried by hand.
 */
export function createSandboxPayoutProvider(): PayoutProvider {
  return {
    name: 'sandbox',
    testMode: true,
    signatureHeader: null,
    async sendPayout(input) {
      const providerRef = `sandbox_payout_${randomUUID()}`;
      const outcome = sandboxPayoutOutcome(input.address);
      return outcome.ok ? { status: 'paid', providerRef } : { status: 'failed', providerRef, message: outcome.message };
    },
    verifyCallback() {
      // The sandbox answers within the request; it sends no callbacks, so none is genuine.
      throw new Error('the sandbox payout provider sends no callbacks');
    },
  };
}
