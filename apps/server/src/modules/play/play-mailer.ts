import { renderEmail } from '../../lib/email-template.js';
import type { Mailer } from '../../lib/mailer.js';

/** Sends participants their sign-in codes through the app's mailer (SMTP, or the log in development). */
export interface PlayMailer {
  sendSignInCode(to: string, code: string): Promise<void>;
}

export function createPlayMailer(mailer: Mailer): PlayMailer {
  return {
    async sendSignInCode(to, code) {
      const body = await renderEmail({
        lang: 'en',
        title: `Your Rally sign-in code: ${code}`,
        preheader: `Your sign-in code is ${code}`,
        paragraphs: [
          `Your Rally sign-in code is ${code}. It is valid for 10 minutes.`,
          'If you did not ask for it, ignore this email.',
        ],
      });
      await mailer.send({ to, subject: `Your Rally sign-in code: ${code}`, ...body });
    },
  };
}
