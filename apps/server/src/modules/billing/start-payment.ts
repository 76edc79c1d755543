import { randomUUID } from 'node:crypto';
import { ERROR_CODES, type TCardInput, type TPaymentResult } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import {
  findBrandWallet,
  findInvoice,
  findPayment,
  findPaymentByKey,
  findPendingInvoicePayment,
  insertPayment,
  markPaymentFailed,
  setPaymentRef,
  type PaymentRow,
} from './billing.repository.js';
import { completePayment } from './complete-payment.js';
import { formatCents } from './money.js';
import { providerIdempotencyKey, type PaymentProvider } from './payment-provider.js';

export interface StartPaymentOptions {
  db: Db;
  provider: PaymentProvider;
  actor: RequestActor;
  /** Top-up amount in cents; an invoice payment pays the invoice's amount. */
  amountCents?: number;
  invoiceId?: number;
  card?: TCardInput | undefined;
  /** A top-up's client key: a repeat with the same key is answered with the first payment. */
  idempotencyKey?: string | undefined;
}

export async function paymentResult(db: Db, payment: PaymentRow, clientSecret: string | null = null): Promise<TPaymentResult> {
  const wallet = await findBrandWallet(db, payment.brandId);
  return {
    paymentId: payment.id,
    status: payment.status as TPaymentResult['status'],
    amount: payment.amountCents,
    clientSecret,
    failureMessage: payment.failureMessage,
    walletBalance: wallet.walletBalanceCents,
  };
}

/** The payment this intent already has (a repeat): for a pending Stripe one, its client secret again. */
async function existingResult(db: Db, provider: PaymentProvider, payment: PaymentRow): Promise<TPaymentResult> {
  let clientSecret: string | null = null;
  if (payment.status === 'pending' && payment.providerRef && payment.provider === provider.name) {
    const known = await provider.lookupPayment({ paymentId: payment.id, idempotencyKey: providerIdempotencyKey(payment.id), providerRef: payment.providerRef });
    if (known.status === 'pending') clientSecret = known.clientSecret;
  }
  return paymentResult(db, payment, clientSecret);
}

type Claim = { kind: 'new'; paymentId: string; amount: number; description: string } | { kind: 'existing'; payment: PaymentRow };

/**
 * A card payment through the provider: a wallet top-up, or a closed invoice's payment. Started once per intent:
 * an invoice is locked while its payment is claimed and has at most one pending payment (a unique index too),
 * and a top-up with the client's idempotency key is one payment per key; a repeat — 20 clicks at once — gets
 * that payment back instead of a new charge. The payments row is committed (pending) before the provider is
 * called, with our payment id as the provider's idempotency key, so a crash in between leaves a row the reconcile
 * sweep settles by asking the provider. The sandbox answers at once (credited in this request, or declined with
 * the card's message); Stripe answers with a client secret for Stripe Elements and the webhook credits later.
 */
export async function startPayment({ db, provider, actor, amountCents, invoiceId, card, idempotencyKey }: StartPaymentOptions): Promise<TPaymentResult> {
  // The sandbox charges a card it is given; without one nothing is claimed (a repeat with the card then pays).
  if (provider.name === 'sandbox' && !card) throw invalid([{ path: 'card', message: 'enter a card (test mode: 4242 4242 4242 4242)' }]);
  const wallet = await findBrandWallet(db, actor.brandId);
  const claim = await db.transaction(async (tx): Promise<Claim> => {
    const paymentId = randomUUID();
    if (invoiceId !== undefined) {
      // The invoice row lock queues concurrent payments of one invoice; the first claims it, the rest see its payment.
      const invoice = await findInvoice(tx, actor.brandId, invoiceId, true);
      if (!invoice) throw notFound('Invoice');
      const pending = await findPendingInvoicePayment(tx, invoice.id);
      if (pending) return { kind: 'existing', payment: pending };
      if (invoice.status !== 'unpaid') throw conflict(`Invoice ${invoice.number ?? invoice.id} is ${invoice.status}, not awaiting payment`);
      await insertPayment(tx, {
        id: paymentId,
        brandId: actor.brandId,
        provider: provider.name,
        amountCents: invoice.amountCents,
        currency: wallet.currency,
        invoiceId: invoice.id,
        createdBy: actor.userId,
      });
      return { kind: 'new', paymentId, amount: invoice.amountCents, description: `Rally invoice ${invoice.number ?? invoice.id} (${wallet.name})` };
    }
    const amount = amountCents ?? 0;
    const inserted = await insertPayment(tx, {
      id: paymentId,
      brandId: actor.brandId,
      provider: provider.name,
      amountCents: amount,
      currency: wallet.currency,
      invoiceId: null,
      createdBy: actor.userId,
      idempotencyKey: idempotencyKey ?? null,
    });
    if (!inserted) {
      const first = (await findPaymentByKey(tx, actor.brandId, idempotencyKey!))!;
      if (first.amountCents !== amount || first.invoiceId !== null) {
        throw conflict('This idempotency key was used for a different payment', ERROR_CODES.conflict, [
          { path: 'idempotencyKey', message: 'already used for another amount; open the form again' },
        ]);
      }
      return { kind: 'existing', payment: first };
    }
    return { kind: 'new', paymentId, amount, description: `Rally wallet top-up (${wallet.name})` };
  });
  if (claim.kind === 'existing') return existingResult(db, provider, claim.payment);

  const { paymentId, amount, description } = claim;
  let outcome;
  try {
    outcome = await provider.startPayment({
      paymentId,
      idempotencyKey: providerIdempotencyKey(paymentId),
      brandId: actor.brandId,
      amountCents: amount,
      currency: wallet.currency,
      description,
      card,
    });
  } catch (error) {
    // The payment's failure message is shown to the brand: only an AppError's own words, never an internal one.
    await markPaymentFailed(db, paymentId, error instanceof AppError ? error.message : 'The payment could not be started.', new Date());
    throw error;
  }
  if (outcome.status === 'declined') {
    await setPaymentRef(db, paymentId, outcome.providerRef);
    await markPaymentFailed(db, paymentId, outcome.message, new Date());
    throw new AppError(402, ERROR_CODES.paymentDeclined, outcome.message, [{ path: 'card.number', message: `${outcome.declineCode}: ${outcome.message}` }]);
  }
  await setPaymentRef(db, paymentId, outcome.providerRef);
  if (outcome.status === 'succeeded') {
    await db.transaction((tx) => completePayment(tx, paymentId));
    return paymentResult(db, (await findPayment(db, paymentId))!);
  }
  return paymentResult(db, (await findPayment(db, paymentId))!, outcome.clientSecret);
}

/** For logs and notes: "12.50 USD". */
export const describeAmount = (cents: number, currency: string) => formatCents(cents, currency);
