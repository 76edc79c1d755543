import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PayoutProvider, PayoutProviderEvent } from './payout-provider.js';
import { findPayout, findPayoutByRef, markFailed, markPaid, recordPayoutEvent } from './payouts.repository.js';

export type PayoutEventOutcome = 'paid' | 'returned' | 'duplicate' | 'ignored';

/**
 * A verified provider callback. Its id is recorded in the same transaction as its effect, and the effect is
 * conditioned on the payout's status: a replayed or re-delivered callback changes nothing (one payment, at most one
 * return per payout).
 */
export async function handlePayoutEvent(db: Db, provider: PayoutProvider, event: PayoutProviderEvent, log: FastifyBaseLogger): Promise<PayoutEventOutcome> {
  return db.transaction(async (tx) => {
    const fresh = await recordPayoutEvent(tx, { id: event.id, provider: provider.name, type: event.type === 'other' ? event.rawType : event.type });
    if (!fresh) return 'duplicate';
    if (event.type === 'other') return 'ignored';
    const payout = (event.payoutId ? await findPayout(tx, event.payoutId) : undefined) ?? (await findPayoutByRef(tx, provider.name, event.providerRef));
    if (!payout) {
      log.warn({ eventId: event.id, providerRef: event.providerRef }, 'payout callback for a payout we do not know');
      return 'ignored';
    }
    if (event.type === 'payout.paid') return (await markPaid(tx, payout.id, provider.name, event.providerRef)) ? 'paid' : 'duplicate';
    return (await markFailed(tx, payout.id, event.message, provider.name, event.providerRef)) ? 'returned' : 'duplicate';
  });
}
