import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { recordActivity, type ActivityActor } from '../activity/index.js';
import { lockInvoice, markInvoicePaid, markPaymentSucceeded } from './billing.repository.js';
import { formatCents } from './money.js';
import { creditWallet, debitWallet } from './wallet-ledger.js';

/**
 * A provider payment succeeded: credit the wallet once (pending → succeeded happens once, and the ledger's
 * unique payment_id refuses a second credit), and when it paid an invoice, pay that invoice from the
 * credited wallet in the same transaction (ledger: top-up, then invoice payment). Returns false when the
 * payment was completed before.
 */
export async function completePayment(tx: DbOrTx, paymentId: string, at = new Date()): Promise<boolean> {
  const payment = await markPaymentSucceeded(tx, paymentId, at);
  if (!payment) return false;
  // The invoice before the brand row, the order every invoice payment takes (claiming a card payment, paying from
  // the wallet): the other way round, a wallet payment of the invoice and this completion would deadlock.
  const invoice = payment.invoiceId !== null ? await lockInvoice(tx, payment.invoiceId) : undefined;
  // The member who started the payment (Stripe's webhook completes it later, with no one signed in).
  const [by] = payment.createdBy ? await tx.select({ name: users.name }).from(users).where(eq(users.id, payment.createdBy)) : [];
  const actor: ActivityActor = payment.createdBy && by ? { kind: 'user', userId: payment.createdBy, name: by.name } : { kind: 'system' };
  await creditWallet(tx, {
    brandId: payment.brandId,
    kind: 'topup',
    amountCents: payment.amountCents,
    paymentId: payment.id,
    invoiceId: payment.invoiceId,
    note: `card payment (${payment.provider}) of ${formatCents(payment.amountCents, payment.currency)}`,
    createdBy: payment.createdBy,
  });
  // Logged after the credit, which holds the brand row: a log line first would hold a key-share lock on it that a
  // concurrent wallet debit (FOR UPDATE) then waits behind, while this credit waits behind the debit (a deadlock).
  await recordActivity(tx, {
    brandId: payment.brandId,
    actor,
    action: 'billing.wallet_topped_up',
    subject: { type: 'payment', id: payment.id },
    changes: [{ field: 'amount', old: null, new: payment.amountCents }, { field: 'provider', old: null, new: payment.provider }],
  });
  if (invoice) {
    // Paid meanwhile (e.g. from the wallet): the money stays in the wallet.
    if (invoice.status === 'unpaid') {
      await debitWallet(tx, {
        brandId: payment.brandId,
        kind: 'invoice_payment',
        amountCents: invoice.amountCents,
        invoiceId: invoice.id,
        note: `invoice ${invoice.number ?? invoice.id}`,
        createdBy: payment.createdBy,
      });
      await markInvoicePaid(tx, invoice.id, at);
      await recordActivity(tx, {
        brandId: payment.brandId,
        actor,
        action: 'billing.invoice_paid',
        subject: { type: 'invoice', id: invoice.id, label: invoice.number ?? null },
        changes: [
          { field: 'status', old: 'unpaid', new: 'paid' },
          { field: 'paidFrom', old: null, new: 'card' },
          { field: 'amount', old: null, new: invoice.amountCents },
        ],
      });
    }
  }
  return true;
}
