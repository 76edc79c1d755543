import { computeProgress, type TCampaign } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound, staleVersion } from '../../lib/app-error.js';
import { createCache, type Cache } from '../../lib/cache.js';
import type { RequestActor } from '../auth/index.js';
import { toApiCampaign } from './campaign.mapper.js';
import { findCampaignWithProgressFacts, renameAtVersion } from './campaign.repository.js';
import { assertEditable } from './edit-campaign.js';

export interface RenameCampaignOptions {
  db: Db;
  /** The app's memo of last renames (app.caches.renames). */
  renames: RenameMemo;
  actor: RequestActor;
  campaignId: number;
  name: string;
  version: number;
}

type CampaignRow = NonNullable<Awaited<ReturnType<typeof findCampaignWithProgressFacts>>>['campaign'];
type ProgressFacts = NonNullable<Awaited<ReturnType<typeof findCampaignWithProgressFacts>>>['facts'];

/**
 * What the last rename in this process read and wrote, per campaign. campaigns.cache_rev moves
 * (triggers, migration 0005) on any change to the row or to the rows progress is computed from, so
 * while it is unchanged these are still the campaign and its facts: the next rename of it, made on
 * the version this one returned, skips the read and makes its update conditional on that revision.
 * Nothing needs to invalidate it: the update itself checks the revision (decision 0015). 2,000 campaigns, the least
 * recently renamed dropped first.
 */
export type RenameMemo = Cache<number, { campaign: CampaignRow; facts: ProgressFacts }>;
export const createRenameMemo = (): RenameMemo => createCache({ maxEntries: 2_000 });

/**
 * The autosave of a name edit — the builder's most frequent write — without a row lock: the
 * campaign and its progress facts are read in one prepared statement, the new progress computed, and then one statement
 * updates the row only if it is still at the version the edit was made on and writes the audit
 * entry with it. A write that got in between moved the version, so this one matches no row and
 * answers 409, exactly as the locked path would. Two round trips instead of six, none holding a
 * lock while the application works — and one for the next keystroke's save (see lastRenames).
 */
export async function renameCampaign({ db, renames: remembered, actor, campaignId, name, version }: RenameCampaignOptions): Promise<TCampaign> {
  const last = remembered.get(campaignId);
  if (last && last.campaign.brandId === actor.brandId && last.campaign.version === version) {
    const saved = await saveRename({ db, remembered, actor, name, version, ...last, atRev: last.campaign.cacheRev });
    if (saved) return saved;
  }
  remembered.delete(campaignId);
  const found = await findCampaignWithProgressFacts(db, actor.brandId, campaignId);
  if (!found) throw notFound('Campaign');
  const { campaign, facts } = found;
  assertEditable(campaign);
  if (campaign.version !== version) throw staleVersion();
  const saved = await saveRename({ db, remembered, actor, name, version, campaign, facts, atRev: null });
  if (!saved) throw staleVersion();
  return saved;
}

interface SaveRenameOptions {
  db: Db;
  remembered: RenameMemo;
  actor: RequestActor;
  name: string;
  version: number;
  campaign: CampaignRow;
  facts: ProgressFacts;
  /** Only if the campaign is still at this revision (null: whatever its revision). */
  atRev: number | null;
}

/** Progress from the facts, then the conditional update with its audit row; undefined when no row matched. */
async function saveRename({ db, remembered, actor, name, version, campaign, facts, atRev }: SaveRenameOptions): Promise<TCampaign | undefined> {
  const progress = computeProgress({
    mode: 'builder',
    type: campaign.type,
    sharedCampaign: campaign.sharedCampaign,
    name,
    ...facts,
    viewer: { brandId: actor.brandId, isRetailer: false },
  });
  const changes: { field: string; old: unknown; new: unknown }[] = [];
  if (name !== campaign.name) changes.push({ field: 'name', old: campaign.name, new: name });
  if (progress.percent !== campaign.completionProgress) {
    changes.push({ field: 'completionProgress', old: campaign.completionProgress, new: progress.percent });
  }
  const row = await renameAtVersion(db, {
    id: campaign.id,
    brandId: actor.brandId,
    version,
    rev: atRev,
    name,
    progress: progress.percent,
    userId: actor.userId,
    changes,
  });
  if (!row) return undefined;
  // now() is the statement's time in both rows.
  const renamed = { ...campaign, name, completionProgress: progress.percent, version: version + 1, updatedAt: row.at, cacheRev: row.rev };
  remembered.set(campaign.id, { campaign: renamed, facts });
  return toApiCampaign(renamed);
}
