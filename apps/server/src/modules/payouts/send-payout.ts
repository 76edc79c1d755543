import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PayoutProvider } from './payout-provider.js';
import { findPayout, markFailed, markPaid, markSent } from './payouts.repository.js';

export type SendResult = 'paid' | 'failed' | 'pending' | 'skipped';

/**
 * Hands a pending payout to the provider, outside any transaction (a network call never holds a lock), then records
 * what it said. The payout id is the provider's idempotency key, so sending the same payout again (a retry, the
 * sweep after a crash) never pays twice; recording is conditioned on the status, so a late answer changes nothing.
 */
export async function sendPayout(db: Db, provider: PayoutProvider, payoutId: string, log: FastifyBaseLogger): Promise<SendResult> {
  const p = await findPayout(db, payoutId);
  if (!p || p.status !== 'pending') return 'skipped';
  let outcome;
  try {
    outcome = await provider.sendPayout({
      payoutId: p.id,
      amountCents: p.amountCents,
      currency: p.currency,
      method: p.method,
      address: p.address,
      accountHolder: p.accountHolder,
      recipientName: p.participantName,
      recipientEmail: p.participantEmail,
      note: `Your rewards from ${p.brandName}`,
    });
  } catch (error) {
    // Unreachable or failing on its side: the payout stays pending and unsent, and the sweep sends it again.
    log.warn({ err: error, payoutId }, 'payout provider unavailable; the payout is sent again by the sweep');
    return 'pending';
  }
  return db.transaction(async (tx) => {
    if (outcome.status === 'paid') {
      await markPaid(tx, p.id, provider.name, outcome.providerRef);
      return 'paid';
    }
    if (outcome.status === 'failed') {
      await markFailed(tx, p.id, outcome.message, provider.name, outcome.providerRef);
      return 'failed';
    }
    await markSent(tx, p.id, provider.name, outcome.providerRef);
    return 'pending';
  });
}
