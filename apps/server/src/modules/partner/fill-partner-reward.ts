import {
  canActOnReward,
  ERROR_CODES,
  isCodeReward,
  isEditableStatus,
  validateRewardDetails,
  type TRewardRead,
  type TSaveRewardBody,
} from '@rally/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { editCampaign, findBrand } from '../campaign/index.js';
import { findReward, insertCodes, keptUploadCodes, listRewardCodes, listRewardsForCampaign, newCodesForReward, updateReward } from '../reward/index.js';
import { findInvitedCampaign, listRewardPartners, markRewardFilled } from './partner.repository.js';

/** Whether the brand was invited to this campaign (not its own): its save-reward is a partner fill. */
export async function isInvitedTo(db: DbOrTx, brandId: string, campaignId: number): Promise<boolean> {
  const found = await findInvitedCampaign(db, brandId, campaignId);
  return found !== undefined && found.campaign.brandId !== brandId;
}

/**
 * save-reward by an invited partner brand (spec §6, product rule R41): it fills only a reward assigned
 * to it (filledByPartners and its brand among the reward's partners), of the type the retailer chose,
 * while its invite is open. A shared discount needs title and description only (spec §5); other types
 * follow their own rules; a money reward keeps the retailer's amount and the proposed budget.
 * Its partner entry becomes filled.
 */
export async function fillPartnerReward({
  db,
  actor,
  body,
  dataDir,
}: {
  db: Db;
  actor: RequestActor;
  body: TSaveRewardBody;
  /** Where upload-excel-codes keeps code files: uploadedCodes.fileUrl without codes names one of this brand's. */
  dataDir: string;
}): Promise<TRewardRead> {
  // The route has found this brand invited to the campaign; a kept upload is parsed before the transaction (seconds
  // for a million rows).
  const fromFile = body.uploadedCodes && isCodeReward(body.type) ? await keptUploadCodes(dataDir, actor.brandId, body.uploadedCodes) : null;
  const lock = (tx: Tx) => findInvitedCampaign(tx, actor.brandId, body.bundleId, true);
  const { result } = await editCampaign({ db, actor, permission: 'reward:update', campaignId: body.bundleId, status: 'any', lock }, async (tx, { campaign, invite }) => {
    if (!body.id) throw invalid([{ path: 'id', message: 'a partner fills a reward the retailer created' }]);
    const reward = await findReward(tx, campaign.brandId, campaign.id, body.id);
    if (!reward) throw notFound('Reward');
    const entries = await listRewardPartners(tx, [reward.id]);
    const view = { filledByPartners: reward.filledByPartners, partners: entries.map((e) => ({ brandId: e.partnerBrandId, fillStatus: e.fillStatus })) };
    // Another brand's reward, or the retailer's own: nothing this brand may touch.
    if (!reward.filledByPartners || !canActOnReward(view, actor.brandId)) throw notFound('Reward');
    if (!isEditableStatus(campaign.status) || invite.inviteStatus !== 'SENT') {
      throw conflict('The invite is answered; its rewards are fixed', ERROR_CODES.illegalTransition, [{ path: 'id', message: 'the invite is already answered' }]);
    }
    if (body.type !== reward.type) throw invalid([{ path: 'type', message: `the retailer chose ${reward.type}` }]);

    const existingCodes = await listRewardCodes(tx, reward.id);
    const { codes: newCodes, count: newCodeCount } = await newCodesForReward(fromFile, body.uploadedCodes?.codes, existingCodes);
    const brand = await findBrand(tx, actor.brandId);
    const money = reward.type === 'money';
    const fields = money
      ? []
      : validateRewardDetails(
          {
            type: reward.type,
            title: body.title,
            description: body.description,
            percentageDiscount: body.percentageDiscount,
            linkToShop: body.linkToShop,
            codeCount: existingCodes.length + newCodeCount,
            noFinePrint: body.noFinePrint,
            finePrint: body.finePrint,
            valueCents: body.value,
            totalAvailable: body.totalAvailable,
            imageUrl: body.imageUrl,
            suppliedByPartner: reward.type === 'discount',
          },
          { paymentPlan: brand?.paymentPlan ?? 'prepaid' },
        );
    if (fields.length > 0) throw invalid(fields);

    if (!money) {
      const usesCodes = isCodeReward(reward.type);
      await updateReward(tx, reward.id, {
          title: (body.title ?? '').trim(),
          description: (body.description ?? '').trim(),
          percentageDiscount: reward.type === 'discount' ? (body.percentageDiscount ?? null) : null,
          linkToShop: usesCodes ? (body.linkToShop?.trim() ?? null) : null,
          codesFileUrl: usesCodes ? (body.uploadedCodes?.fileUrl ?? reward.codesFileUrl) : null,
          codesFileName: usesCodes ? (body.uploadedCodes?.fileName ?? reward.codesFileName) : null,
          noFinePrint: body.noFinePrint ?? false,
          finePrint: body.noFinePrint ? null : (body.finePrint?.trim() ?? null),
          ...(reward.type === 'prize'
            ? { valueCents: body.value ?? null, totalAvailable: body.totalAvailable ?? null, imageUrl: body.imageUrl ?? null, imageArgs: body.imageArgs ?? null }
            : {}),
          updatedAt: new Date(),
        });
      if (usesCodes && newCodeCount > 0) await insertCodes(tx, campaign.brandId, reward.id, newCodes);
    }
    await markRewardFilled(tx, reward.id, actor.brandId);
    const all = await listRewardsForCampaign(tx, campaign.brandId, campaign.id);
    const saved = all.find((r) => r.id === reward.id)!;
    return {
      action: 'reward.fill',
      changes: [{ field: `rewards.${reward.id}.fill.${actor.brandId}`, old: 'pending', new: 'filled' }],
      result: { ...saved, partners: saved.partners.filter((p) => p.brandId === actor.brandId) },
    };
  });
  return result;
}
