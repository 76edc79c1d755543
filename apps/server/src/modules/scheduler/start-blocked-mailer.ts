import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

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

/** Mails the notice over SMTP when SMTP_URL is set, and logs it otherwise (development). */
export function createStartBlockedMailer(opts: { smtpUrl?: string | undefined; from: string; log: FastifyBaseLogger }): NotifyStartBlocked {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return async (notice) => {
    const subject = `Campaign "${notice.campaignName}" did not start: budget unpaid`;
    const text =
      `Your campaign "${notice.campaignName}" (#${notice.campaignId}) reached its start time but could not start: ` +
      `its prepaid money budget is unpaid (${dollars(notice.dueCents)} due, wallet balance ${dollars(notice.walletBalanceCents)}).\n\n` +
      'It stays scheduled and starts as soon as the budget is paid from the campaign builder.';
    if (!transport || notice.recipients.length === 0) {
      opts.log.info({ notice }, 'campaign start blocked: budget unpaid (not mailed: no SMTP_URL or no recipient)');
      return;
    }
    try {
      await transport.sendMail({ from: opts.from, to: notice.recipients, subject, text });
    } catch (error) {
      // The block is committed and shown in the app; a mail server being down must not re-run the job.
      opts.log.error({ err: error, notice }, 'campaign start blocked: notice mail failed');
    }
  };
}
