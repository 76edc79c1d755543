import { ERROR_CODES, isEditableStatus, type TPermission } from '@rally/domain';
import type { Db, Tx } from '../../db/client.js';
import { conflict, notFound, staleVersion } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import type { CampaignRow } from './campaign.mapper.js';
import { lockCampaign, type CampaignSet } from './campaign.repository.js';
import { saveCampaignChange, type CampaignChangeEntry } from './save-campaign-change.js';

/** What a change did to the campaign: the audit action, the campaign's own columns it sets, and the entries to record. */
export interface CampaignEdit<T> {
  action: string;
  set?: CampaignSet;
  changes?: CampaignChangeEntry[];
  /** The change wrote nothing after all: no version bump, no audit row. */
  unchanged?: boolean;
  /** What the use case answers besides the saved campaign. */
  result?: T;
}

export interface EditCampaignOptions<L extends { campaign: CampaignRow }> {
  db: Db;
  actor: RequestActor;
  /** Checked before the transaction opens; null when the change checks its own (it depends on the body). */
  permission: TPermission | null;
  campaignId: number;
  /** The version the edit was made on: another one is a 409 (the builder's autosave). */
  version?: number;
  /**
   * 'editable' (the builder's writes): 409 once the campaign is past its editable statuses. 'any': the change
   * checks the status itself (launch, end, budget, reward expiry, a partner's answer).
   */
  status?: 'editable' | 'any';
  /**
   * How the campaign row is found and locked. By default the actor's brand's campaign (another brand's is a 404);
   * a partner's write locks the campaign it was invited to and passes the invite along.
   */
  lock?: (tx: Tx) => Promise<L | undefined>;
}

/** The change itself, in the transaction with the campaign row locked; it returns what it did. */
export type CampaignChange<T, L> = (tx: Tx, locked: L) => Promise<CampaignEdit<T>>;

/**
 * The campaign's one unit of work: every write to a campaign or what it holds (name, type, missions, rewards,
 * partners, status, budget) locks the campaign row, so writes to one campaign queue up; checks the actor may make
 * it and the campaign may still take it; applies the change; then recomputes progress from what is stored, bumps
 * the version and writes the audit row (saveCampaignChange) — all in one transaction.
 */
export async function editCampaign<T, L extends { campaign: CampaignRow } = { campaign: CampaignRow }>(
  options: EditCampaignOptions<L>,
  change: CampaignChange<T, L>,
): Promise<{ campaign: CampaignRow; result: T }> {
  const { db, actor, campaignId } = options;
  if (options.permission) requirePermission(actor, options.permission);
  return db.transaction(async (tx) => {
    const locked = options.lock ? await options.lock(tx) : await lockOwn<L>(tx, actor.brandId, campaignId);
    if (!locked) throw notFound('Campaign');
    const { campaign } = locked;
    if ((options.status ?? 'editable') === 'editable') assertEditable(campaign);
    if (options.version !== undefined && campaign.version !== options.version) throw staleVersion();
    const edit = await change(tx, locked);
    if (edit.unchanged) return { campaign, result: edit.result as T };
    const saved = await saveCampaignChange({ tx, actor, campaign, action: edit.action, set: edit.set, changes: edit.changes });
    return { campaign: saved, result: edit.result as T };
  });
}

async function lockOwn<L extends { campaign: CampaignRow }>(tx: Tx, brandId: string, campaignId: number): Promise<L | undefined> {
  const campaign = await lockCampaign(tx, brandId, campaignId);
  return campaign ? ({ campaign } as L) : undefined;
}

/** 409 once the campaign is past its editable statuses (the builder's guard). */
export function assertEditable(campaign: CampaignRow): void {
  if (!isEditableStatus(campaign.status)) {
    throw conflict(`A campaign that is ${campaign.status} can no longer be edited`, ERROR_CODES.illegalTransition, [
      { path: 'status', message: `not editable while ${campaign.status}` },
    ]);
  }
}
