import {
  isSuppliedByPartner,
  applyRewardScope,
  moneyRewardTitle,
  canAddReward,
  ERROR_CODES,
  isCodeReward,
  isScopeChoiceOffered,
  offersAssignment,
  offersConditions,
  REWARD_MESSAGES,
  validateAssignment,
  validateConditions,
  validateRewardDetails,
  validateRewardScope,
  type TErrorField,
  type TRewardRead,
  type TSaveRewardBody,
} from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { countMissionsAndRewards, countPartners, editCampaign, findBrand, findCampaign, listMissionEntries, listMissionItemIds } from '../campaign/index.js';
import { insertCodes } from './reward-codes.repository.js';
import { newCodesForReward } from './new-codes.js';
import {
  deleteRewardCodes,
  findReward,
  insertReward,
  listOtherAssignments,
  listRewardCodes,
  listRewardsForCampaign,
  updateReward,
} from './reward.repository.js';
import { keptUploadCodes } from './upload-codes.js';

export interface SaveRewardOptions {
  db: Db;
  actor: RequestActor;
  body: TSaveRewardBody;
  /** Where upload-excel-codes keeps code files: uploadedCodes.fileUrl without codes names one of them. */
  dataDir: string;
}

/**
 * Creates or updates a reward: the spec's rules for its type, its conditions and
 * its assignment are checked with the same domain functions the wizard uses, and
 * the fields a type does not use are cleared, so changing type resets them.
 */
export async function saveReward({ db, actor, body, dataDir }: SaveRewardOptions): Promise<TRewardRead> {
  const permission = body.id ? 'reward:update' : 'reward:create';
  // A kept upload is parsed before the transaction (seconds for a million rows), once the campaign is known to be
  // this brand's: another brand's id is a 404 whatever the body holds.
  let fromFile: Awaited<ReturnType<typeof keptUploadCodes>> = null;
  if (body.uploadedCodes && isCodeReward(body.type)) {
    requirePermission(actor, permission);
    if (!(await findCampaign(db, actor.brandId, body.bundleId))) throw notFound('Campaign');
    fromFile = await keptUploadCodes(dataDir, actor.brandId, body.uploadedCodes);
  }
  const { result } = await editCampaign({ db, actor, permission, campaignId: body.bundleId }, async (tx, { campaign }) => {
    const brand = await findBrand(tx, actor.brandId);
    const existing = body.id ? await findReward(tx, campaign.brandId, campaign.id, body.id) : undefined;
    if (body.id && !existing) throw notFound('Reward');

    const entries = await listMissionEntries(tx, campaign.id);
    if (!existing) {
      const { rewards: rewardCount } = await countMissionsAndRewards(tx, campaign.id);
      if (!canAddReward({ type: campaign.type, missionCount: entries.length, rewardCount })) {
        throw conflict(
          entries.length === 0 ? 'Add a mission before rewards' : 'A consumer campaign takes one reward',
          ERROR_CODES.rewardLimit,
          [{ path: 'type', message: REWARD_MESSAGES.completeAllSections }],
        );
      }
    }

    // Campaign scope clears the mission; mission scope must name one of this campaign's missions,
    // which only the database knows here (the wizard checks against the missions it loaded).
    const scoped = applyRewardScope({ scope: body.scope, missionId: body.missionId ?? null }, body.scope);
    const fields: TErrorField[] = validateRewardScope({
      ...scoped,
      campaignMissionIds: entries.map((e) => e.missionId),
      scopeOffered: isScopeChoiceOffered(campaign.type),
    });

    // Items sold in the campaign's itemSold missions: what dynamic cash rows and assignments pick from.
    const itemSoldMissionIds = entries.filter((e) => e.subtype === 'itemSold').map((e) => e.missionId);
    const soldItemIds = await listMissionItemIds(tx, itemSoldMissionIds);

    const existingCodes = existing ? await listRewardCodes(tx, existing.id) : [];
    const { codes: newCodes, count: newCodeCount } = await newCodesForReward(fromFile, body.uploadedCodes?.codes, existingCodes);
    const partnerCount = campaign.sharedCampaign ? await countPartners(tx, campaign.id) : 0;
    const suppliedByPartner = isSuppliedByPartner({
      isShared: body.isShared,
      filledByPartners: body.filledByPartners,
      sharedCampaign: campaign.sharedCampaign,
      partnerCount,
    });
    fields.push(
      ...validateRewardDetails(
        {
          type: body.type,
          title: body.title,
          description: body.description,
          amountCents: body.amount,
          budgetCents: body.budget,
          dynamicActive: body.dynamicActive,
          dynamicAmounts: body.dynamicAmounts,
          percentageDiscount: body.percentageDiscount,
          linkToShop: body.linkToShop,
          codeCount: existingCodes.length + newCodeCount,
          noFinePrint: body.noFinePrint,
          finePrint: body.finePrint,
          valueCents: body.value,
          totalAvailable: body.totalAvailable,
          imageUrl: body.imageUrl,
          suppliedByPartner,
        },
        { paymentPlan: brand?.paymentPlan ?? 'prepaid', soldItemIds: body.dynamicActive ? soldItemIds : undefined },
      ),
    );

    const flow = {
      rewardType: body.type,
      campaignType: campaign.type,
      consumer: campaign.type === 'consumer',
      sharedCampaign: campaign.sharedCampaign,
      viewMode: false,
      isRetailer: brand?.isRetailer ?? false,
    };
    const conditionsOffered = offersConditions(flow);
    // Money is always unlocked by one completion; where conditions are not offered they keep their defaults.
    // Money defaults to unlimited (product rule R31); other types to one per user.
    const isUnlimited = conditionsOffered ? (body.isUnlimited ?? body.type === 'money') : body.type === 'money';
    const completionsToUnlock = conditionsOffered && body.type !== 'money' ? (body.completionsToUnlock ?? 1) : 1;
    const maxPerUser = isUnlimited ? 1 : conditionsOffered ? (body.maxPerUser ?? 1) : 1;
    if (conditionsOffered) fields.push(...validateConditions({ type: body.type, completionsToUnlock, maxPerUser, isUnlimited }));

    const assignment = offersAssignment(flow) ? (body.assignment ?? null) : null;
    if (offersAssignment(flow)) {
      fields.push(...validateAssignment(assignment));
      const picked = assignment?.itemsId ?? [];
      if (picked.length > 0) {
        const others = await listOtherAssignments(tx, campaign.id, existing?.id);
        for (const other of others) {
          const taken = (other.assignment?.itemsId ?? []).filter((id) => picked.includes(id));
          if (taken.length > 0) {
            fields.push({ path: 'assignment.itemsId', message: `items ${taken.join(', ')} are already assigned to "${other.title}"` });
          }
        }
      }
    }
    if (fields.length > 0) throw invalid(fields);

    const usesCodes = isCodeReward(body.type);
    const values = {
      type: body.type,
      // An untitled money reward is named by its amount ("$25 cash"), so no screen reads "Money · Money".
      title:
        (body.title ?? '').trim() ||
        (body.type === 'money' && !body.dynamicActive && body.amount ? moneyRewardTitle(body.amount, brand?.currency ?? 'USD') : ''),
      description: (body.description ?? '').trim(),
      isShared: body.isShared ?? false,
      filledByPartners: suppliedByPartner,
      completionsToUnlock,
      maxPerUser,
      isUnlimited,
      scope: scoped.scope,
      missionId: scoped.missionId,
      itemsId: body.itemsId ?? [],
      assignment: assignment ? { ...assignment, itemsId: assignment.itemsId ?? [] } : null,
      amountCents: body.type === 'money' || body.type === 'gift_card' ? (body.dynamicActive ? null : (body.amount ?? null)) : null,
      budgetCents: body.type === 'money' ? (body.budget ?? null) : null,
      dynamicActive: body.type === 'money' ? (body.dynamicActive ?? false) : false,
      dynamicAmounts: body.type === 'money' && body.dynamicActive ? (body.dynamicAmounts ?? []) : [],
      percentageDiscount: body.type === 'discount' ? (body.percentageDiscount ?? null) : null,
      linkToShop: usesCodes ? (body.linkToShop?.trim() ?? null) : null,
      codesFileUrl: usesCodes ? (body.uploadedCodes?.fileUrl ?? existing?.codesFileUrl ?? null) : null,
      codesFileName: usesCodes ? (body.uploadedCodes?.fileName ?? existing?.codesFileName ?? null) : null,
      noFinePrint: body.type === 'money' ? false : (body.noFinePrint ?? false),
      // "No fine print" clears the text.
      finePrint: body.type === 'money' || body.noFinePrint ? null : (body.finePrint?.trim() ?? null),
      valueCents: body.type === 'prize' ? (body.value ?? null) : null,
      totalAvailable: body.type === 'prize' ? (body.totalAvailable ?? null) : null,
      imageUrl: body.type === 'prize' ? (body.imageUrl ?? null) : null,
      imageArgs: body.type === 'prize' ? (body.imageArgs ?? null) : null,
      updatedAt: new Date(),
    };
    const saved = existing
      ? await updateReward(tx, existing.id, values)
      : await insertReward(tx, { ...values, brandId: actor.brandId, campaignId: campaign.id });
    if (!usesCodes && existing) await deleteRewardCodes(tx, saved.id);
    if (usesCodes && newCodeCount > 0) await insertCodes(tx, actor.brandId, saved.id, newCodes);
    const all = await listRewardsForCampaign(tx, actor.brandId, campaign.id);
    return {
      action: existing ? 'reward.update' : 'reward.create',
      changes: [{ field: 'rewards', old: existing ? { id: existing.id, type: existing.type, title: existing.title } : null, new: { id: saved.id, type: saved.type, title: saved.title } }],
      result: all.find((r) => r.id === saved.id)!,
    };
  });
  return result;
}
