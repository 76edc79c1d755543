import { INVOICE_DUE_DAYS } from '@rally/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { renderEmail } from '../../lib/email-template.js';
import type { Mailer } from '../../lib/mailer.js';
import {
  billingContacts,
  closeInvoiceRow,
  findBrandWallet,
  listInvoiceLines,
  listOpenInvoicesBefore,
  listUnmailedInvoices,
  lockInvoice,
  markInvoiceMailed,
  markInvoicePaid,
  periodOf,
  type InvoiceRow,
} from './billing.repository.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { formatCents } from './money.js';
import { PaymentDueError } from './payment-due-error.js';
import { debitWallet } from './wallet-ledger.js';

export const invoiceNumber = (invoice: Pick<InvoiceRow, 'id' | 'period'>) => `RLY-${(invoice.period ?? '').replace('-', '')}-${String(invoice.id).padStart(6, '0')}`;

export interface CloseInvoicesOptions {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  now?: Date;
}

/**
 * The monthly close (run by a daily sweep): every open invoice of a month before the current (UTC) one gets
 * its number, due date and final total; a prepaid brand's is paid from the wallet at once when the wallet
 * covers it (otherwise it waits, unpaid, like a postpaid one). Then the PDF is mailed to the brand's owners.
 * Idempotent: only an open invoice closes (status guard under a row lock), one invoice per brand and month
 * (unique index), and mailing is marked per invoice, so a second run — or two processes — change nothing.
 */
export async function closeInvoices({ db, mailer, log, publicUrl, now = new Date() }: CloseInvoicesOptions): Promise<{ closed: number; mailed: number }> {
  let closed = 0;
  for (const open of await listOpenInvoicesBefore(db, periodOf(now))) {
    const done = await db.transaction(async (tx) => {
      const invoice = await lockInvoice(tx, open.id);
      if (invoice?.status !== 'open') return false;
      const due = new Date(now.getTime() + INVOICE_DUE_DAYS * 86_400_000);
      const nothingToPay = invoice.amountCents <= 0;
      const row = await closeInvoiceRow(tx, invoice.id, {
        number: invoiceNumber(invoice),
        status: nothingToPay ? 'paid' : 'unpaid',
        closedAt: now,
        dueAt: due,
        paidAt: nothingToPay ? now : null,
      });
      if (!row || nothingToPay) return Boolean(row);
      const brand = await findBrandWallet(tx, invoice.brandId);
      if (brand.paymentPlan === 'prepaid') {
        try {
          // A savepoint: a wallet that does not cover the invoice leaves it unpaid, closed all the same.
          await tx.transaction(async (sp) => {
            await debitWallet(sp, { brandId: invoice.brandId, kind: 'invoice_payment', amountCents: row.amountCents, invoiceId: row.id, note: `invoice ${row.number}` });
            await markInvoicePaid(sp, row.id, now);
          });
        } catch (error) {
          if (!(error instanceof PaymentDueError)) throw error;
        }
      }
      return true;
    });
    if (done) closed += 1;
  }
  let mailed = 0;
  for (const invoice of await listUnmailedInvoices(db)) {
    try {
      await mailInvoice(db, mailer, invoice, publicUrl);
      await markInvoiceMailed(db, invoice.id, new Date());
      mailed += 1;
    } catch (error) {
      log.error({ err: error, invoiceId: invoice.id }, 'invoice mail failed; the next sweep retries');
    }
  }
  return { closed, mailed };
}

async function mailInvoice(db: Db, mailer: Mailer, invoice: InvoiceRow, publicUrl: string): Promise<void> {
  const [brand, lines, to, fresh] = await Promise.all([
    findBrandWallet(db, invoice.brandId),
    listInvoiceLines(db, invoice.id),
    billingContacts(db, invoice.brandId),
    lockInvoice(db, invoice.id),
  ]);
  const current = fresh ?? invoice;
  if (to.length === 0) return;
  const pdf = await renderInvoicePdf({ invoice: current, lines, brandName: brand.name });
  const total = formatCents(current.amountCents, current.currency);
  const paid = current.status === 'paid';
  const title = `Invoice ${current.number} — ${total}`;
  const email = await renderEmail({
    lang: 'en',
    title,
    preheader: paid ? `Paid from your wallet: ${total}` : `Due by ${current.dueAt?.toISOString().slice(0, 10)}`,
    paragraphs: [
      `Your Rally invoice for ${current.period} (${brand.name}) is attached: ${lines.length} line${lines.length === 1 ? '' : 's'}, ${total} in total.`,
      paid ? 'It was paid from your wallet; nothing is left to do.' : `Please pay it by ${current.dueAt?.toISOString().slice(0, 10)} on the Billing page.`,
    ],
    action: { label: paid ? 'See your invoices' : 'Pay the invoice', url: `${publicUrl.replace(/\/$/, '')}/billing` },
    footer: 'You get this mail as an owner or admin of the brand on Rally.',
  });
  await mailer.send({
    to,
    subject: title,
    text: email.text,
    html: email.html,
    attachments: [{ filename: `${current.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  });
}
