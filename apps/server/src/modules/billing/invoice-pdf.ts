import PDFDocument from 'pdfkit';
import { nameMoneyText, type TInvoiceParty } from '@rally/domain';
import type { InvoiceRow, NamedInvoiceLine } from './billing.repository.js';
import { formatCents } from './money.js';

export interface InvoicePdfInput {
  invoice: InvoiceRow;
  lines: NamedInvoiceLine[];
  /** Who the invoice is made out to: the brand's billing profile (as it stood at the close). */
  buyer: TInvoiceParty;
  /** Rally's legal details (SELLER_*). */
  seller: TInvoiceParty;
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '—');

/** A line's description with its campaign named (rows from before names were kept say "campaign 12"). */
export const lineDescription = (line: NamedInvoiceLine) => nameMoneyText(line.description, { campaignId: line.campaignId, campaignName: line.campaignName });

/**
 * The invoice as a PDF (pdfkit, built-in Helvetica: no font files): the seller and the buyer with their addresses
 * and tax ids, number, period, dates, the lines (each naming its campaign; tax and carried credit are lines too),
 * the total and what is due.
 */
export function renderInvoicePdf({ invoice, lines, buyer, seller }: InvoicePdfInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoice.number ?? invoice.id}`, Author: seller.legalName } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const money = (cents: number) => formatCents(cents, invoice.currency);
    const left = 50;
    const right = 310;

    doc.fontSize(22).font('Helvetica-Bold').text('Rally', { continued: false });
    doc.moveDown(0.5);
    doc.fontSize(16).text(`Invoice ${invoice.number ?? `(draft ${invoice.id})`}`);
    doc.moveDown(0.5);

    // Seller on the left, buyer on the right.
    const partiesTop = doc.y;
    const party = (title: string, p: TInvoiceParty, x: number) => {
      doc.font('Helvetica-Bold').fontSize(10).text(title, x, partiesTop, { width: 235 });
      doc.font('Helvetica').text(p.legalName, x, doc.y, { width: 235 });
      for (const line of p.addressLines) doc.text(line, x, doc.y, { width: 235 });
      if (p.taxId) doc.text(`Tax ID: ${p.taxId}`, x, doc.y, { width: 235 });
      if (p.email) doc.text(p.email, x, doc.y, { width: 235 });
      return doc.y;
    };
    const sellerBottom = party('From', seller, left);
    const buyerBottom = party('Billed to', buyer, right);
    doc.y = Math.max(sellerBottom, buyerBottom);
    doc.moveDown();

    doc.fontSize(10).font('Helvetica');
    doc.text(`Period: ${invoice.period ?? '—'} (UTC)`, left);
    doc.text(`Issued: ${day(invoice.closedAt)}`);
    doc.text(`Due: ${day(invoice.dueAt)}`);
    doc.text(`Status: ${invoice.status}${invoice.paidAt ? ` (paid ${day(invoice.paidAt)})` : ''}`);
    doc.moveDown();

    const amountX = 430;
    const header = doc.y;
    doc.font('Helvetica-Bold').text('Date', left, header).text('Description', left + 80, header).text('Amount', amountX, header, { width: 115, align: 'right' });
    doc.moveTo(left, doc.y + 2).lineTo(545, doc.y + 2).stroke();
    doc.moveDown(0.5).font('Helvetica');
    for (const line of lines) {
      const y = doc.y;
      doc.text(day(line.createdAt), left, y, { width: 75 });
      doc.text(lineDescription(line), left + 80, y, { width: 290 });
      const after = doc.y;
      doc.text(money(line.amountCents), amountX, y, { width: 115, align: 'right' });
      doc.y = Math.max(after, doc.y);
      doc.moveDown(0.3);
    }
    doc.moveTo(left, doc.y + 2).lineTo(545, doc.y + 2).stroke();
    doc.moveDown(0.5).font('Helvetica-Bold');
    const totalY = doc.y;
    doc.text('Total', left + 80, totalY).text(money(invoice.amountCents), amountX, totalY, { width: 115, align: 'right' });
    doc.moveDown(0.3);
    const dueY = doc.y;
    const due = invoice.status === 'unpaid' ? invoice.amountCents : 0;
    doc.text('Amount due', left + 80, dueY).text(money(due), amountX, dueY, { width: 115, align: 'right' });
    doc.moveDown(2).font('Helvetica').fontSize(9).text(`Amounts in ${invoice.currency}. Questions about this invoice: ${seller.email ?? 'reply to the mail it came with'}.`, left);
    doc.end();
  });
}
