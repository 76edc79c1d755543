import {
  ERROR_CODES,
  inviteAnswerProblem,
  isEditableStatus,
  PARTNER_MESSAGES,
  partnerShareCents,
  walletShortBy,
  type InviteAnswer,
  type TInviteStatus,
} from '@rally/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { findBrandWallet, PaymentDueError } from '../billing/index.js';
import { editCampaign, findBrand } from '../campaign/index.js';
import { assignedRewards, brandOwners, findInvitedCampaign, setInviteStatus } from './partner.repository.js';
import { sendPartnerMail } from './partner-mail.js';

export interface AnswerInviteOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
  answer: InviteAnswer;
  /** A rejection's reason, as the partner wrote it. */
  reason?: string | undefined;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * POST /api/v5/bundle-partner/accept-invite | reject-invite (spec §4, §6), by the invited brand only.
 * The campaign row is locked first, so an accept and a reject racing each other queue up and the
 * second finds the invite answered (409). Accepting needs every assigned reward filled and, on a
 * prepaid plan, a wallet that covers the brand's budget share (402 with dueCents: the payment form
 * tops it up); the money itself moves at launch, with every other brand's slice, all or nothing.
 */
export async function answerInvite({ db, actor, campaignId, answer, reason, mailer, log, publicUrl }: AnswerInviteOptions) {
  const lock = async (tx: Tx) => {
    const found = await findInvitedCampaign(tx, actor.brandId, campaignId, true);
    if (!found || found.campaign.brandId === actor.brandId) throw notFound('Invitation');
    return found;
  };
  const { campaign: answered, result } = await editCampaign({ db, actor, permission: 'campaign:update', campaignId, status: 'any', lock }, async (tx, { campaign, invite }) => {
    if (!isEditableStatus(campaign.status)) {
      throw conflict(`The campaign is ${campaign.status}`, ERROR_CODES.illegalTransition, [{ path: 'bundleId', message: `cannot answer while ${campaign.status}` }]);
    }
    const assigned = await assignedRewards(tx, campaign.id, actor.brandId);
    const problem = inviteAnswerProblem({
      inviteStatus: invite.inviteStatus as TInviteStatus | null,
      answer,
      assignedFill: assigned.map((a) => a.rp.fillStatus),
    });
    if (problem) {
      const fields =
        problem === PARTNER_MESSAGES.fillFirst
          ? assigned.filter((a) => a.rp.fillStatus !== 'filled').map((a) => ({ path: `rewards.${a.rp.rewardId}`, message: problem }))
          : [{ path: 'bundleId', message: problem }];
      throw conflict(problem === PARTNER_MESSAGES.fillFirst ? 'Fill your rewards first' : 'The invite is already answered', ERROR_CODES.conflict, fields);
    }
    const share = partnerShareCents(assigned.map((a) => ({ type: a.type, budget: a.rp.budgetCents, paid: a.rp.paidCents })));
    if (answer === 'accept' && share.unpaid > 0) {
      // Committing the brand's money is for members who may pay from its wallet.
      requirePermission(actor, 'wallet:pay');
      // Lock the wallet's row: a payment racing this check waits for it.
      const brand = await findBrandWallet(tx, actor.brandId, true);
      const short = walletShortBy(brand.paymentPlan, brand.walletBalanceCents, share.unpaid);
      if (short > 0) {
        throw new PaymentDueError(short, `The wallet holds ${dollars(brand.walletBalanceCents)}; your share is ${dollars(share.unpaid)}`, [
          { path: 'budget', message: `wallet is ${dollars(short)} short of your share ${dollars(share.unpaid)}` },
        ]);
      }
    }
    const status: TInviteStatus = answer === 'accept' ? 'ACCEPTED' : 'REJECTED';
    const why = answer === 'reject' ? reason?.trim() || null : null;
    await setInviteStatus(tx, invite.id, status, why);
    // The owner's progress, warnings and status follow the answer (a rejection can reopen the partner step; the
    // last one makes the campaign `rejected`), and the activity log says who answered, when and why.
    return {
      action: `partners.${answer}`,
      changes: [
        { field: 'partner', old: null, new: (await findBrand(tx, actor.brandId))?.name ?? actor.brandId },
        { field: 'inviteStatus', old: invite.inviteStatus, new: status },
        ...(why ? [{ field: 'rejectionReason', old: null, new: why }] : []),
      ],
      result: { status, share },
    };
  });
  const [owner, partner] = await Promise.all([findBrand(db, answered.brandId), findBrand(db, actor.brandId)]);
  await sendPartnerMail(mailer, log, {
    kind: answer === 'accept' ? 'accepted' : 'rejected',
    recipients: await brandOwners(db, [answered.brandId]),
    vars: { campaign: answered.name || `#${answered.id}`, owner: owner?.name ?? '', partner: partner?.name ?? '', reason: reason?.trim() ?? '' },
    url: `${publicUrl}/campaign/${answered.id}`,
  });
  return { inviteStatus: result.status, proposedBudget: result.share.budget };
}
