import type { FastifyInstance } from 'fastify';
import { renderEmail } from '../../lib/email-template.js';
import { fill, PUBLIC_MESSAGES, type PublicLanguage } from './public-page-messages.js';
import { issuedCodesOf } from './public-page.repository.js';

export const REWARD_CODE_MAIL_JOB = 'public-page.reward-code-mail';

export interface RewardCodeMailJob {
  consumerId: number;
  completionId: number;
  lang: PublicLanguage;
}

/**
 * A consumer sees the code on the page and also gets it by mail (issue 17): the mail is sent by a background
 * job after the completion's transaction, so a slow mail server never holds the submit; one job per completion.
 */
export function registerRewardCodeMail(app: FastifyInstance, publicUrl: string) {
  app.jobs.register<RewardCodeMailJob>(REWARD_CODE_MAIL_JOB, async ({ consumerId, completionId, lang }) => {
    const codes = await issuedCodesOf(app.database.db, consumerId, completionId);
    const first = codes[0];
    if (!first) return;
    const m = PUBLIC_MESSAGES[lang] ?? PUBLIC_MESSAGES.en;
    const url = `${publicUrl}/campaign/${first.public_uid}`;
    const mail = await renderEmail({
      lang,
      title: fill(m.mailSubject, { campaign: first.campaign_name }),
      preheader: codes.map((c) => c.code).join(', '),
      paragraphs: [
        fill(m.mailIntro, { name: first.name, campaign: first.campaign_name }),
        ...codes.map((c) => [fill(m.mailCodeLine, { title: c.title, code: c.code }), c.fine_print ?? ''].filter(Boolean).join(' — ')),
      ],
      action: { label: m.mailOpen, url: first.link_to_shop ?? url },
      footer: fill(m.mailFooter, { campaign: first.campaign_name }),
    });
    await app.mailer.send({ to: first.email, subject: fill(m.mailSubject, { campaign: first.campaign_name }), text: mail.text, html: mail.html });
  });
}

/** Queues the mail of what a consumer's new completion was issued (called by the participant API after a submit). */
export async function queueRewardCodeMail(app: FastifyInstance, job: RewardCodeMailJob): Promise<void> {
  await app.jobs.send(REWARD_CODE_MAIL_JOB, job, { singletonKey: `reward-code-mail:${job.completionId}` });
}
