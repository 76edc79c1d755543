import { ERROR_CODES, isComplete, PARTNER_MESSAGES } from '@rally/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { conflict } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { lockEditableCampaign, saveCampaignChange } from '../builder/index.js';
import { brandOwners, findBrand, listPartnerRows, sendPendingInvites } from './partner.repository.js';
import { sendPartnerMail } from './partner-mail.js';
import { assertManagesPartners } from './save-partners.js';

export interface SendInvitesOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/**
 * PUT /api/v5/bundle-partner/{id}/send-invite: partners not yet invited become SENT (spec §2: Send
 * invite only at 100 %), then each one's owners get the invite mail in their language.
 */
export async function sendInvites({ db, actor, campaignId, mailer, log, publicUrl }: SendInvitesOptions) {
  requirePermission(actor, 'campaign:update');
  const { sent, campaign } = await db.transaction(async (tx) => {
    const campaign = await lockEditableCampaign(tx, actor.brandId, campaignId);
    await assertManagesPartners(tx, actor, campaign);
    const partners = await listPartnerRows(tx, campaign.id);
    if (partners.length === 0) throw conflict('Add a partner first', ERROR_CODES.conflict, [{ path: 'partnersId', message: PARTNER_MESSAGES.noPartners }]);
    if (!isComplete(campaign.completionProgress)) {
      throw conflict('Complete the campaign before sending invites', ERROR_CODES.illegalTransition, [{ path: 'completionProgress', message: PARTNER_MESSAGES.progress }]);
    }
    const sent = await sendPendingInvites(tx, campaign.id);
    if (sent.length > 0) {
      await saveCampaignChange({ tx, actor, campaign, action: 'partners.invite', changes: [{ field: 'invites', old: null, new: sent.map((s) => s.partnerBrandId) }] });
    }
    return { sent, campaign };
  });
  const owner = await findBrand(db, campaign.brandId);
  let mailed = 0;
  for (const { partnerBrandId } of sent) {
    const recipients = await brandOwners(db, [partnerBrandId]);
    mailed += await sendPartnerMail(mailer, log, {
      kind: 'invite',
      recipients,
      vars: { campaign: campaign.name || `#${campaign.id}`, owner: owner?.name ?? '', partner: recipients[0]?.brandName ?? '' },
      url: `${publicUrl}/campaign-view/${campaign.id}`,
    });
  }
  return { status: 'SENT' as const, sent: sent.length, mailed };
}
