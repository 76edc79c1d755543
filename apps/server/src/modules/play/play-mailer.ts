import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** Sends participants their sign-in codes: over SMTP when SMTP_URL is set, to the log otherwise (development). */
export interface PlayMailer {
  sendSignInCode(to: string, code: string): Promise<void>;
}

export function createPlayMailer(opts: { smtpUrl?: string | undefined; from: string; log: FastifyBaseLogger }): PlayMailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async sendSignInCode(to, code) {
      const subject = `Your Rally sign-in code: ${code}`;
      const text = `Your Rally sign-in code is ${code}. It is valid for 10 minutes.\n\nIf you did not ask for it, ignore this email.`;
      if (!transport) {
        opts.log.info({ to, code }, 'play sign-in code (no SMTP_URL: not mailed)');
        return;
      }
      await transport.sendMail({ from: opts.from, to, subject, text });
    },
  };
}
