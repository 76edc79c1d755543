import { ERROR_CODES, isComplete, PARTNER_MESSAGES } from '@rally/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { conflict } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { editCampaign, findBrand } from '../campaign/index.js';
import { brandOwners, listPartnerRows, sendPendingInvites } from './partner.repository.js';
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
  const { result: sent, campaign } = await editCampaign({ db, actor, permission: 'campaign:update', campaignId }, async (tx, { campaign }) => {
    await assertManagesPartners(tx, actor, campaign);
    const partners = await listPartnerRows(tx, campaign.id);
    if (partners.length === 0) throw conflict('Add a partner first', ERROR_CODES.conflict, [{ path: 'partnersId', message: PARTNER_MESSAGES.noPartners }]);
    if (!isComplete(campaign.completionProgress)) {
      throw conflict('Complete the campaign before sending invites', ERROR_CODES.illegalTransition, [{ path: 'completionProgress', message: PARTNER_MESSAGES.progress }]);
    }
    const sent = await sendPendingInvites(tx, campaign.id);
    // Nobody left to invite: nothing changed, so no version bump and no audit row.
    if (sent.length === 0) return { action: 'partners.invite', unchanged: true, result: sent };
    return { action: 'partners.invite', changes: [{ field: 'invites', old: null, new: sent.map((s) => s.partnerBrandId) }], result: sent };
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
