import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { listPendingPaymentsBefore, markPaymentFailed, setPaymentRef } from './billing.repository.js';
import { completePayment } from './complete-payment.js';
import { providerIdempotencyKey, type PaymentProvider } from './payment-provider.js';

export interface ReconcilePaymentsOptions {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Only payments pending for longer than this are asked about (younger ones may still be in their request). */
  olderThanMinutes: number;
  now?: Date;
  /** Payments asked about per run; the next run takes the rest. */
  batch?: number;
}

export interface ReconcileResult {
  completed: number;
  failed: number;
  /** Still pending at the provider (waiting for the card holder), or the provider could not be asked. */
  left: number;
}

/** What a payment the provider has no record of is failed with. */
export const NOT_CHARGED_MESSAGE = 'The payment was interrupted before the card was charged; nothing was charged.';

/**
 * The reconcile sweep (every PAYMENT_RECONCILE_SECONDS): a payment row is written pending before the provider is
 * called and completed after it answers, so a crash in between leaves it pending. For each payment pending longer
 * than `olderThanMinutes`, the provider is asked by the payment's idempotency key: succeeded → completed as its
 * answer would have been (wallet credited once, its invoice paid); failed → failed with the provider's message;
 * unknown to the provider → failed (the call never reached it: nothing was charged); still pending → left for the
 * webhook or a later run. Idempotent: completion and failure only move a pending row, so a second run, or two
 * processes at once, change nothing more.
 */
export async function reconcilePendingPayments({ db, provider, log, olderThanMinutes, now = new Date(), batch = 100 }: ReconcilePaymentsOptions): Promise<ReconcileResult> {
  const result: ReconcileResult = { completed: 0, failed: 0, left: 0 };
  const before = new Date(now.getTime() - olderThanMinutes * 60_000);
  for (const payment of await listPendingPaymentsBefore(db, provider.name, before, batch)) {
    let known;
    try {
      known = await provider.lookupPayment({ paymentId: payment.id, idempotencyKey: providerIdempotencyKey(payment.id), providerRef: payment.providerRef });
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id }, 'payment reconcile: the provider could not be asked; the next run retries');
      result.left += 1;
      continue;
    }
    if (known.status === 'pending') {
      if (!payment.providerRef) await setPaymentRef(db, payment.id, known.providerRef);
      result.left += 1;
    } else if (known.status === 'succeeded') {
      if (known.amountCents !== payment.amountCents || known.currency !== payment.currency) {
        // Never credit a different amount than the brand asked to pay: left for a person to look at.
        log.error({ paymentId: payment.id, amount: known.amountCents, currency: known.currency }, 'payment reconcile: the provider charged a different amount');
        result.left += 1;
        continue;
      }
      const done = await db.transaction(async (tx) => {
        if (!payment.providerRef) await setPaymentRef(tx, payment.id, known.providerRef);
        return completePayment(tx, payment.id, now);
      });
      if (done) result.completed += 1;
    } else {
      if (known.status === 'failed' && known.providerRef && !payment.providerRef) await setPaymentRef(db, payment.id, known.providerRef);
      const changed = await markPaymentFailed(db, payment.id, known.status === 'failed' ? known.message : NOT_CHARGED_MESSAGE, now);
      if (changed) result.failed += 1;
    }
  }
  return result;
}
