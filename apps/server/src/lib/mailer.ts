import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export interface MailMessage {
  to: string | string[];
  subject: string;
  /** The plain-text part; every mail has one. */
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  replyTo?: string;
}

export interface MailResult {
  /** False when no SMTP server is configured and the mail was only logged. */
  delivered: boolean;
  messageId?: string;
}

/** The one way the server sends mail. Modules receive it as `app.mailer`; none opens its own transport. */
export interface Mailer {
  send(message: MailMessage): Promise<MailResult>;
  close(): void;
}

export interface CreateMailerOptions {
  /** smtp://… or smtps://…; unset → messages are written to the log (development without a mail server). */
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}

export function createMailer({ smtpUrl, from, log }: CreateMailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(message) {
      const to = Array.isArray(message.to) ? message.to : [message.to];
      if (to.length === 0) return { delivered: false };
      if (!transport) {
        // Development without SMTP_URL: the text part is what a developer needs to follow a link or a code.
        log.info({ mail: { to, subject: message.subject, text: message.text } }, 'mail (no SMTP_URL: not sent)');
        return { delivered: false };
      }
      const info = await transport.sendMail({
        from,
        to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
        headers: message.headers,
        replyTo: message.replyTo,
      });
      return { delivered: true, messageId: info.messageId };
    },
    close() {
      transport?.close();
    },
  };
}
