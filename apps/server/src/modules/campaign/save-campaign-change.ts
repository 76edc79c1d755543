import { computeProgress, isEditableStatus, statusAfterPartnerAnswers } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import type { RequestActor } from '../auth/index.js';
import { settleCampaignMoney } from '../billing/index.js';
import type { CampaignRow } from './campaign.mapper.js';
import { loadProgressFacts, recordAudit, updateCampaignRow, type CampaignSet } from './campaign.repository.js';

export type CampaignChangeEntry = { field: string; old: unknown; new: unknown };

export interface SaveCampaignChangeOptions {
  tx: DbOrTx;
  actor: RequestActor;
  /** The campaign as locked (or created) at the start of the transaction. */
  campaign: CampaignRow;
  action: string;
  set?: CampaignSet;
  changes?: CampaignChangeEntry[];
}

/**
 * The last step of every campaign write (editCampaign's, and duplicate's for the copy it creates): the
 * server recomputes progress from what is stored (never from the client), bumps the version and records
 * who changed what, all in the caller's transaction.
 */
export async function saveCampaignChange(options: SaveCampaignChangeOptions): Promise<CampaignRow> {
  const { tx, actor, campaign } = options;
  const facts = await loadProgressFacts(tx, campaign.id);
  // A shared draft whose every partner rejected is `rejected`, and a draft again once that is no longer so (R78).
  const byPartners = options.set?.status === undefined ? statusAfterPartnerAnswers(campaign.status, facts.partners) : campaign.status;
  const set = byPartners === campaign.status ? (options.set ?? {}) : { ...options.set, status: byPartners };
  const statusChange = byPartners === campaign.status ? [] : [{ field: 'status', old: campaign.status, new: byPartners }];
  const progress = computeProgress({
    mode: 'builder',
    type: set.type ?? campaign.type,
    sharedCampaign: set.sharedCampaign ?? campaign.sharedCampaign,
    name: set.name ?? campaign.name,
    ...facts,
    viewer: { brandId: actor.brandId, isRetailer: false },
  });
  const row = await updateCampaignRow(tx, campaign.id, { ...set, completionProgress: progress.percent });
  // A campaign that is not live keeps only the money its budgets still need; the rest goes back to whoever paid
  // it, in this transaction (decision 0021): a lowered budget, a removed or changed money reward, a partner gone.
  const moneyBack = isEditableStatus(row.status)
    ? await settleCampaignMoney(tx, { campaign: row, why: WHY[options.action] ?? 'the campaign changed', createdBy: actor.userId })
    : { totalCents: 0 };
  const refunded = moneyBack.totalCents > 0 ? [{ field: 'budgetRefunded', old: 0, new: moneyBack.totalCents }] : [];
  // A write that changed nothing leaves no audit entry: the activity panel shows only real changes.
  const changes = [...(options.changes ?? []), ...statusChange, ...refunded].filter((c) => !sameValue(c.old, c.new));
  if (progress.percent !== campaign.completionProgress) {
    changes.push({ field: 'completionProgress', old: campaign.completionProgress, new: progress.percent });
  }
  if (changes.length > 0) {
    await recordAudit(tx, { brandId: campaign.brandId, campaignId: campaign.id, userId: actor.userId, action: options.action, changes });
  }
  return row;
}

/** Why money went back, as the ledger row says it. */
const WHY: Record<string, string> = {
  update: 'the campaign changed',
  'reward.update': 'the reward changed',
  'reward.delete': 'the reward was removed',
  'reward.fill': 'the reward changed',
  'partners.update': 'the partners changed',
  'partner.removed': 'the partner was removed',
};

const sameValue = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
