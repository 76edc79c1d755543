import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { findPayment, findPaymentByRef, markPaymentFailed, recordPaymentEvent } from './billing.repository.js';
import { completePayment } from './complete-payment.js';
import type { PaymentProvider, ProviderEvent } from './payment-provider.js';

export type WebhookOutcome = 'credited' | 'failed-recorded' | 'duplicate' | 'ignored';

/**
 * A provider webhook, already verified. The event id is recorded in the same transaction as its effect, so
 * a replayed or re-delivered event does nothing (one credit per payment, whatever arrives twice).
 */
export async function handleProviderEvent(db: Db, provider: PaymentProvider, event: ProviderEvent, log: FastifyBaseLogger): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const fresh = await recordPaymentEvent(tx, { id: event.id, provider: provider.name, type: event.type === 'other' ? event.rawType : event.type });
    if (!fresh) return 'duplicate';
    if (event.type === 'other') return 'ignored';
    const payment = (event.paymentId ? await findPayment(tx, event.paymentId) : undefined) ?? (await findPaymentByRef(tx, event.providerRef));
    if (!payment || payment.provider !== provider.name) {
      log.warn({ eventId: event.id, providerRef: event.providerRef }, 'webhook for a payment we do not know');
      return 'ignored';
    }
    if (event.type === 'payment.failed') {
      await markPaymentFailed(tx, payment.id, event.message, new Date());
      return 'failed-recorded';
    }
    if (event.amountCents !== payment.amountCents || event.currency !== payment.currency) {
      // Never credit a different amount than the one the brand asked to pay.
      log.error({ eventId: event.id, paymentId: payment.id, amount: event.amountCents, currency: event.currency }, 'webhook amount differs from the payment');
      return 'ignored';
    }
    return (await completePayment(tx, payment.id)) ? 'credited' : 'duplicate';
  });
}
