import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { recordActivity, userActor } from '../activity/index.js';
import { findInvoice, lockInvoice, markInvoicePaid } from './billing.repository.js';
import { debitWallet } from './wallet-ledger.js';

/** Pays a closed invoice from the wallet (ledger kind invoice_payment); 402 PAYMENT_REQUIRED with dueCents when short. */
export async function payInvoiceFromWallet(db: Db, actor: RequestActor, invoiceId: number): Promise<void> {
  requirePermission(actor, 'wallet:pay');
  if (!(await findInvoice(db, actor.brandId, invoiceId))) throw notFound('Invoice');
  await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice || invoice.brandId !== actor.brandId) throw notFound('Invoice');
    if (invoice.status !== 'unpaid') throw conflict(`Invoice ${invoice.number ?? invoice.id} is ${invoice.status}, not awaiting payment`);
    await debitWallet(tx, {
      brandId: actor.brandId,
      kind: 'invoice_payment',
      amountCents: invoice.amountCents,
      invoiceId: invoice.id,
      note: `invoice ${invoice.number ?? invoice.id}`,
      createdBy: actor.userId,
    });
    await markInvoicePaid(tx, invoice.id, new Date());
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'billing.invoice_paid',
      subject: { type: 'invoice', id: invoice.id, label: invoice.number ?? null },
      changes: [
        { field: 'status', old: 'unpaid', new: 'paid' },
        { field: 'paidFrom', old: null, new: 'wallet' },
        { field: 'amount', old: null, new: invoice.amountCents },
      ],
    });
  });
}
