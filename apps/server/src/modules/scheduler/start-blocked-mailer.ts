import type { FastifyBaseLogger } from 'fastify';
import { renderEmail } from '../../lib/email-template.js';
import type { Mailer } from '../../lib/mailer.js';

/** What the owner is told when a scheduled campaign could not start because its budget is unpaid. */
export interface StartBlockedNotice {
  campaignId: number;
  campaignName: string;
  brandId: string;
  /** Owed on the prepaid money budgets, and what the wallet held, in cents. */
  dueCents: number;
  walletBalanceCents: number;
  /** The campaign's creator, else the brand's owners. */
  recipients: string[];
}

export type NotifyStartBlocked = (notice: StartBlockedNotice) => Promise<void>;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Mails the notice through the app's mailer (SMTP, or the log without SMTP_URL). */
export function createStartBlockedMailer(opts: { mailer: Mailer; log: FastifyBaseLogger }): NotifyStartBlocked {
  return async (notice) => {
    if (notice.recipients.length === 0) {
      opts.log.info({ notice }, 'campaign start blocked: budget unpaid (no recipient to mail)');
      return;
    }
    const subject = `Campaign "${notice.campaignName}" did not start: budget unpaid`;
    const body = await renderEmail({
      lang: 'en',
      title: subject,
      paragraphs: [
        `Your campaign "${notice.campaignName}" (#${notice.campaignId}) reached its start time but could not start: ` +
          `its prepaid money budget is unpaid (${dollars(notice.dueCents)} due, wallet balance ${dollars(notice.walletBalanceCents)}).`,
        'It stays scheduled and starts as soon as the budget is paid from the campaign builder.',
      ],
    });
    try {
      await opts.mailer.send({ to: notice.recipients, subject, ...body });
    } catch (error) {
      // The block is committed and shown in the app; a mail server being down must not re-run the job.
      opts.log.error({ err: error, notice }, 'campaign start blocked: notice mail failed');
    }
  };
}
