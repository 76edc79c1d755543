import { buyerParty, DEFAULT_SELLER, INVOICE_DUE_DAYS, taxCents, taxRateLabel, type TInvoiceParty } from '@rally/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { mailLanguage, renderEmail, type MailLanguage } from '../../lib/email-template.js';
import type { Mailer } from '../../lib/mailer.js';
import {
  billingContacts,
  closeInvoiceRow,
  findBillingProfile,
  findBrandWallet,
  insertInvoiceLine,
  openInvoiceFor,
  setInvoiceParties,
  type BillingProfileRow,
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
  /** Rally as the seller (SELLER_* from the environment); the env defaults when not given. */
  seller?: TInvoiceParty;
  now?: Date;
}

/** The month after YYYY-MM. */
export function nextPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** A profile row as the domain's buyer rule reads it. */
export const buyerOf = (brandName: string, profile: BillingProfileRow | undefined) => buyerParty(brandName, profile ?? null);

/**
 * The monthly close (run by a daily sweep): every open invoice of a month before the current (UTC) one gets
 * its number, due date and final total; a prepaid brand's is paid from the wallet at once when the wallet
 * covers it (otherwise it waits, unpaid, like a postpaid one). Then the PDF is mailed to the brand's owners.
 * Idempotent: only an open invoice closes (status guard under a row lock), one invoice per brand and month
 * (unique index), and mailing is marked per invoice, so a second run — or two processes — change nothing.
 */
export async function closeInvoices({ db, mailer, log, publicUrl, seller = DEFAULT_SELLER, now = new Date() }: CloseInvoicesOptions): Promise<{ closed: number; mailed: number }> {
  let closed = 0;
  for (const open of await listOpenInvoicesBefore(db, periodOf(now))) {
    const done = await db.transaction(async (tx) => {
      const locked = await lockInvoice(tx, open.id);
      if (locked?.status !== 'open') return false;
      const [profile, wallet] = await Promise.all([findBillingProfile(tx, locked.brandId), findBrandWallet(tx, locked.brandId)]);
      const number = invoiceNumber(locked);
      // The brand's tax on the month's net charges, as one line (its profile's label and rate).
      const tax = taxCents(locked.amountCents, profile?.taxRateBasisPoints ?? null);
      if (tax > 0) {
        await insertInvoiceLine(tx, {
          brandId: locked.brandId,
          invoiceId: locked.id,
          kind: 'tax',
          description: `${profile!.taxLabel} ${taxRateLabel(profile!.taxRateBasisPoints!)}`,
          amountCents: tax,
        });
      }
      const total = locked.amountCents + tax;
      if (total < 0) {
        // A negative month (more credited back than charged) owes nothing; its credit goes on the next invoice.
        const target = await carryTarget(tx, locked.brandId, nextPeriod(locked.period ?? periodOf(now)), periodOf(now), locked.currency);
        await insertInvoiceLine(tx, { brandId: locked.brandId, invoiceId: locked.id, kind: 'credit_carried', description: `Credit carried to ${target.period}`, amountCents: -total });
        await insertInvoiceLine(tx, { brandId: locked.brandId, invoiceId: target.id, kind: 'credit_carried', description: `Credit carried from invoice ${number}`, amountCents: total });
      }
      await setInvoiceParties(tx, locked.id, { buyer: buyerOf(wallet.name, profile), seller });
      const invoice = (await lockInvoice(tx, locked.id))!;
      const due = new Date(now.getTime() + INVOICE_DUE_DAYS * 86_400_000);
      const nothingToPay = invoice.amountCents <= 0;
      const row = await closeInvoiceRow(tx, invoice.id, {
        number,
        status: nothingToPay ? 'paid' : 'unpaid',
        closedAt: now,
        dueAt: due,
        paidAt: nothingToPay ? now : null,
      });
      if (!row || nothingToPay) return Boolean(row);
      if (wallet.paymentPlan === 'prepaid') {
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

/** The open invoice a carried credit goes on: the next month's, or the current month's when that one is closed. */
async function carryTarget(tx: DbOrTx, brandId: string, next: string, current: string, currency: string): Promise<{ id: number; period: string }> {
  const invoice = await openInvoiceFor(tx, brandId, next, currency);
  if (invoice.status === 'open') return { id: invoice.id, period: next };
  return { id: (await openInvoiceFor(tx, brandId, current, currency)).id, period: current };
}

// The invoice mail in the dashboard's languages; each owner or admin gets it in their own.
const INVOICE_MAIL: Record<
  MailLanguage,
  {
    title: (v: InvoiceMailVars) => string;
    preheader: (v: InvoiceMailVars) => string;
    summary: (v: InvoiceMailVars) => string;
    next: (v: InvoiceMailVars) => string;
    action: (paid: boolean) => string;
    footer: string;
  }
> = {
  en: {
    title: (v) => `Invoice ${v.number} — ${v.total}`,
    preheader: (v) => (v.paid ? `Paid from your wallet: ${v.total}` : `Due by ${v.due}`),
    summary: (v) => `Your Rally invoice for ${v.period} (${v.brand}) is attached: ${v.lines} line${v.lines === 1 ? '' : 's'}, ${v.total} in total.`,
    next: (v) => (v.paid ? 'It was paid from your wallet; nothing is left to do.' : `Please pay it by ${v.due} on the Billing page.`),
    action: (paid) => (paid ? 'See your invoices' : 'Pay the invoice'),
    footer: 'You get this mail as an owner or admin of the brand on Rally.',
  },
  es: {
    title: (v) => `Factura ${v.number} — ${v.total}`,
    preheader: (v) => (v.paid ? `Pagada con tu billetera: ${v.total}` : `Vence el ${v.due}`),
    summary: (v) => `Adjuntamos tu factura de Rally de ${v.period} (${v.brand}): ${v.lines} ${v.lines === 1 ? 'línea' : 'líneas'}, ${v.total} en total.`,
    next: (v) => (v.paid ? 'Se pagó con tu billetera; no tienes que hacer nada.' : `Págala antes del ${v.due} en la página Facturación.`),
    action: (paid) => (paid ? 'Ver tus facturas' : 'Pagar la factura'),
    footer: 'Recibes este correo como propietario o administrador de la marca en Rally.',
  },
  fr: {
    title: (v) => `Facture ${v.number} — ${v.total}`,
    preheader: (v) => (v.paid ? `Payée depuis votre portefeuille : ${v.total}` : `À régler avant le ${v.due}`),
    summary: (v) => `Votre facture Rally de ${v.period} (${v.brand}) est jointe : ${v.lines} ${v.lines === 1 ? 'ligne' : 'lignes'}, ${v.total} au total.`,
    next: (v) => (v.paid ? 'Elle a été payée depuis votre portefeuille ; rien d’autre à faire.' : `Merci de la régler avant le ${v.due} sur la page Facturation.`),
    action: (paid) => (paid ? 'Voir vos factures' : 'Payer la facture'),
    footer: 'Vous recevez ce message en tant que propriétaire ou administrateur de la marque sur Rally.',
  },
};

interface InvoiceMailVars {
  number: string;
  total: string;
  period: string;
  brand: string;
  lines: number;
  due: string;
  paid: boolean;
}

/** "2026-01" as "January 2026" / "enero de 2026" / "janvier 2026". */
function monthName(period: string | null, lang: MailLanguage): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period ?? '');
  if (!match) return period ?? '';
  return new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

async function mailInvoice(db: Db, mailer: Mailer, invoice: InvoiceRow, publicUrl: string): Promise<void> {
  const [brand, lines, contacts, fresh] = await Promise.all([
    findBrandWallet(db, invoice.brandId),
    listInvoiceLines(db, invoice.id),
    billingContacts(db, invoice.brandId),
    lockInvoice(db, invoice.id),
  ]);
  const current = fresh ?? invoice;
  if (contacts.length === 0) return;
  const pdf = await renderInvoicePdf({ invoice: current, lines, buyer: current.buyer ?? buyerOf(brand.name, undefined), seller: current.seller ?? DEFAULT_SELLER });
  const paid = current.status === 'paid';
  // One mail per language, to that language's readers.
  const byLanguage = new Map<MailLanguage, string[]>();
  for (const c of contacts) byLanguage.set(mailLanguage(c.locale), [...(byLanguage.get(mailLanguage(c.locale)) ?? []), c.email]);
  for (const [lang, to] of byLanguage) {
    const s = INVOICE_MAIL[lang];
    const vars: InvoiceMailVars = {
      number: current.number ?? '',
      total: formatCents(current.amountCents, current.currency, lang),
      period: monthName(current.period, lang),
      brand: brand.name,
      lines: lines.length,
      due: current.dueAt ? new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(current.dueAt) : '',
      paid,
    };
    const email = await renderEmail({
      lang,
      title: s.title(vars),
      preheader: s.preheader(vars),
      paragraphs: [s.summary(vars), s.next(vars)],
      action: { label: s.action(paid), url: `${publicUrl.replace(/\/$/, '')}/billing` },
      footer: s.footer,
    });
    await mailer.send({
      to,
      subject: s.title(vars),
      text: email.text,
      html: email.html,
      attachments: [{ filename: `${current.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  }
}
