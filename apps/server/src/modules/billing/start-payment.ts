import { randomUUID } from 'node:crypto';
import { ERROR_CODES, type TCardInput, type TPaymentResult } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { findBrandWallet, findInvoice, findPayment, insertPayment, markPaymentFailed, setPaymentRef, type PaymentRow } from './billing.repository.js';
import { completePayment } from './complete-payment.js';
import { formatCents } from './money.js';
import type { PaymentProvider } from './payment-provider.js';

export interface StartPaymentOptions {
  db: Db;
  provider: PaymentProvider;
  actor: RequestActor;
  /** Top-up amount in cents; an invoice payment pays the invoice's amount. */
  amountCents?: number;
  invoiceId?: number;
  card?: TCardInput | undefined;
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

/**
 * A card payment through the provider: a wallet top-up, or a closed invoice's payment. The payments row is
 * written first (pending), so every attempt is on record; the sandbox answers at once (credited in this
 * request, or declined with the card's message), Stripe answers with a client secret for Stripe Elements and
 * the webhook credits later.
 */
export async function startPayment({ db, provider, actor, amountCents, invoiceId, card }: StartPaymentOptions): Promise<TPaymentResult> {
  const wallet = await findBrandWallet(db, actor.brandId);
  let amount = amountCents ?? 0;
  let description = `Rally wallet top-up (${wallet.name})`;
  if (invoiceId !== undefined) {
    const invoice = await findInvoice(db, actor.brandId, invoiceId);
    if (!invoice) throw notFound('Invoice');
    if (invoice.status !== 'unpaid') throw conflict(`Invoice ${invoice.number ?? invoice.id} is ${invoice.status}, not awaiting payment`);
    amount = invoice.amountCents;
    description = `Rally invoice ${invoice.number ?? invoice.id} (${wallet.name})`;
  }
  const paymentId = randomUUID();
  await insertPayment(db, {
    id: paymentId,
    brandId: actor.brandId,
    provider: provider.name,
    amountCents: amount,
    currency: wallet.currency,
    invoiceId: invoiceId ?? null,
    createdBy: actor.userId,
  });
  let outcome;
  try {
    outcome = await provider.startPayment({ paymentId, brandId: actor.brandId, amountCents: amount, currency: wallet.currency, description, card });
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
