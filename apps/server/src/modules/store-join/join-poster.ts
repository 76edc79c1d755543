import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

export interface JoinPosterInput {
  storeName: string;
  brandName: string;
  url: string;
}

/**
 * A printable A4 poster for the staff room: the store, a QR code of its join link (qrcode's module matrix drawn as
 * vector squares, so it prints sharp at any size) and the link itself for those who type it.
 */
export function renderJoinPoster({ storeName, brandName, url }: JoinPosterInput): Promise<Buffer> {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Join ${storeName} on Rally`, Author: 'Rally' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const width = doc.page.width - 100;
    doc.font('Helvetica-Bold').fontSize(30).text(`Join ${storeName}`, { align: 'center', width });
    doc.moveDown(0.3).font('Helvetica').fontSize(16).text(`${brandName} on Rally`, { align: 'center', width });
    doc.moveDown(0.8).fontSize(13).text('Scan the code with your phone, sign up with your email, and start taking part in your store\'s campaigns.', { align: 'center', width });
    const size = qr.modules.size;
    const side = 300;
    const cell = side / (size + 8);
    const x0 = (doc.page.width - side) / 2 + 4 * cell;
    const y0 = doc.y + 30 + 4 * cell;
    for (let r = 0; r < size; r++)
      for (let c = 0; c < size; c++) if (qr.modules.get(r, c)) doc.rect(x0 + c * cell, y0 + r * cell, cell, cell);
    doc.fill('#000000');
    doc.y = y0 + (size + 4) * cell + 20;
    doc.x = 50;
    doc.fontSize(11).fillColor('#333333').text(url, { align: 'center', width, link: url });
    doc.moveDown(0.5).fontSize(10).text('Your manager approves new members; you will see when you are in.', { align: 'center', width });
    doc.end();
  });
}
