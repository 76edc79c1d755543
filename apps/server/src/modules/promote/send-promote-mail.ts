import type { FastifyInstance } from 'fastify';
import type { TPromoteTemplate } from '@rally/domain';
import { renderPromoteMail } from './promote-mail.js';
import { brandName, findBrandCampaign, isUnsubscribed, markDelivery, queuedDeliveries, sendsWithQueued } from './promote.repository.js';
import { unsubscribeToken } from './unsubscribe-token.js';

export const PROMOTE_SEND_JOB = 'promote.send';

/**
 * Mails the queued deliveries of one promote request, one by one, marking each sent or failed: a retry or a
 * restart (which re-queues every request with queued deliveries) never mails an address twice.
 */
export function registerPromoteJob(app: FastifyInstance, o: { publicUrl: string; secret: string }) {
  const db = app.database.db;
  app.jobs.register<{ sendId: number }>(PROMOTE_SEND_JOB, async ({ sendId }) => {
    const queued = await queuedDeliveries(db, sendId);
    const first = queued[0];
    if (!first) return;
    const campaign = await findBrandCampaign(db, first.brand_id, first.campaign_id);
    const brand = (await brandName(db, first.brand_id)) ?? '';
    if (!campaign) return;
    for (const d of queued) {
      // An address may unsubscribe while its request waits.
      if (await isUnsubscribed(db, d.brand_id, d.email)) {
        await markDelivery(db, d.id, 'unsubscribed', null);
        continue;
      }
      const unsubscribeUrl = `${o.publicUrl}/unsubscribe/promote?t=${unsubscribeToken(o.secret, d.brand_id, d.email)}`;
      try {
        const mail = await renderPromoteMail({
          template: d.template as TPromoteTemplate,
          language: (['en', 'es', 'fr'].includes(d.language) ? d.language : 'en') as 'en' | 'es' | 'fr',
          storeName: d.store_name,
          brandName: brand,
          campaignName: campaign.name,
          endDate: campaign.end_date ? new Date(campaign.end_date) : null,
          timeZone: campaign.time_zone,
          playUrl: `${o.publicUrl}/play`,
          unsubscribeUrl,
        });
        const result = await app.mailer.send({
          to: d.email,
          subject: d.subject,
          text: mail.text,
          html: mail.html,
          headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
        await markDelivery(db, d.id, result.delivered ? 'sent' : 'failed', result.delivered ? null : 'no mail server configured (SMTP_URL)');
      } catch (error) {
        await markDelivery(db, d.id, 'failed', error instanceof Error ? error.message.slice(0, 500) : 'mail failed');
      }
    }
  });
  app.jobs.onStart(async () => {
    for (const sendId of await sendsWithQueued(db)) await app.jobs.send(PROMOTE_SEND_JOB, { sendId }, { singletonKey: `promote:${sendId}` });
  });
}
