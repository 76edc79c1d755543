import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from './mailer.js';
import { renderEmail } from './email-template.js';
import { startSmtpCapture, type SmtpCapture } from '../testing/smtp-capture.js';

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(() => smtp.close());

describe('mailer', () => {
  it('delivers HTML, text and attachments over SMTP', async () => {
    const log = { info() {} } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Rally <no-reply@rally.test>', log });
    const body = await renderEmail({
      lang: 'en',
      title: 'Your invoice',
      paragraphs: ['Invoice R-2026-11-0001 is ready.'],
    });
    const result = await mailer.send({
      to: 'owner@brand.test',
      subject: 'Invoice R-2026-11-0001',
      ...body,
      attachments: [{ filename: 'invoice.pdf', content: Buffer.from('%PDF-1.7 test'), contentType: 'application/pdf' }],
    });
    mailer.close();
    expect(result.delivered).toBe(true);
    const mail = await smtp.waitFor((m) => m.subject === 'Invoice R-2026-11-0001');
    expect(mail.to).toEqual(['owner@brand.test']);
    expect(mail.text).toContain('Invoice R-2026-11-0001 is ready.');
    expect(mail.html).toContain('Invoice R-2026-11-0001 is ready.');
    expect(mail.attachments[0]?.filename).toBe('invoice.pdf');
  });

  it('writes the mail to the log instead when no SMTP server is configured', async () => {
    const logged: unknown[] = [];
    const log = { info: (obj: unknown) => logged.push(obj) } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ from: 'x@rally.test', log });
    const result = await mailer.send({ to: 'a@b.test', subject: 'Code', text: 'Your code is 123456' });
    expect(result.delivered).toBe(false);
    expect(JSON.stringify(logged)).toContain('Your code is 123456');
  });
});
