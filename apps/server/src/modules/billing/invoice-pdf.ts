import PDFDocument from 'pdfkit';
import type { InvoiceLineRow, InvoiceRow } from './billing.repository.js';
import { formatCents } from './money.js';

export interface InvoicePdfInput {
  invoice: InvoiceRow;
  lines: InvoiceLineRow[];
  brandName: string;
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '—');

/** The invoice as a PDF (pdfkit, built-in Helvetica: no font files): number, brand, period, lines, total, due date. */
export function renderInvoicePdf({ invoice, lines, brandName }: InvoicePdfInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoice.number ?? invoice.id}`, Author: 'Rally' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const money = (cents: number) => formatCents(cents, invoice.currency);

    doc.fontSize(22).font('Helvetica-Bold').text('Rally', { continued: false });
    doc.moveDown(0.5);
    doc.fontSize(16).text(`Invoice ${invoice.number ?? `(draft ${invoice.id})`}`);
    doc.moveDown(0.5).fontSize(10).font('Helvetica');
    doc.text(`Billed to: ${brandName}`);
    doc.text(`Period: ${invoice.period ?? '—'} (UTC)`);
    doc.text(`Issued: ${day(invoice.closedAt)}`);
    doc.text(`Due: ${day(invoice.dueAt)}`);
    doc.text(`Status: ${invoice.status}${invoice.paidAt ? ` (paid ${day(invoice.paidAt)})` : ''}`);
    doc.moveDown();

    const left = 50;
    const amountX = 430;
    const header = doc.y;
    doc.font('Helvetica-Bold').text('Date', left, header).text('Description', left + 80, header).text('Amount', amountX, header, { width: 115, align: 'right' });
    doc.moveTo(left, doc.y + 2).lineTo(545, doc.y + 2).stroke();
    doc.moveDown(0.5).font('Helvetica');
    for (const line of lines) {
      const y = doc.y;
      doc.text(day(line.createdAt), left, y, { width: 75 });
      doc.text(line.description, left + 80, y, { width: 290 });
      const after = doc.y;
      doc.text(money(line.amountCents), amountX, y, { width: 115, align: 'right' });
      doc.y = Math.max(after, doc.y);
      doc.moveDown(0.3);
    }
    doc.moveTo(left, doc.y + 2).lineTo(545, doc.y + 2).stroke();
    doc.moveDown(0.5).font('Helvetica-Bold');
    const totalY = doc.y;
    doc.text('Total', left + 80, totalY).text(money(invoice.amountCents), amountX, totalY, { width: 115, align: 'right' });
    doc.moveDown(2).font('Helvetica').fontSize(9).text(`Amounts in ${invoice.currency}. Questions about this invoice: reply to the mail it came with.`, left);
    doc.end();
  });
}
