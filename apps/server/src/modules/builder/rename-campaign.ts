import { sql } from 'drizzle-orm';
import { computeProgress, EDITABLE_STATUSES, ERROR_CODES, isEditableStatus, type TCampaign } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, notFound, staleVersion } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/request-context.js';
import { findCampaign, invalidateCampaignPages } from '../campaign/campaign.repository.js';
import { toApiCampaign } from '../campaign/campaign.mapper.js';
import { loadProgressFacts } from './builder.repository.js';

export interface RenameCampaignOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
  name: string;
  version: number;
}

/**
 * The autosave of a name edit — the builder's most frequent write — without a row lock: the
 * campaign and its progress facts are read, the new progress computed, and then one statement
 * updates the row only if it is still at the version the edit was made on and writes the audit
 * entry with it. A write that got in between moved the version, so this one matches no row and
 * answers 409, exactly as the locked path would. Two round trips instead of six, none holding a
 * lock while the application works.
 */
export async function renameCampaign({ db, actor, campaignId, name, version }: RenameCampaignOptions): Promise<TCampaign> {
  const [campaign, facts] = await Promise.all([findCampaign(db, actor.brandId, campaignId), loadProgressFacts(db, campaignId)]);
  if (!campaign) throw notFound('Campaign');
  if (!isEditableStatus(campaign.status)) {
    throw conflict(`A campaign that is ${campaign.status} can no longer be edited`, ERROR_CODES.illegalTransition, [
      { path: 'status', message: `not editable while ${campaign.status}` },
    ]);
  }
  if (campaign.version !== version) throw staleVersion();
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
  const editable = sql.join(
    EDITABLE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await db.execute(sql`
    with updated as (
      update campaigns
         set name = ${name}, completion_progress = ${progress.percent}, version = version + 1, updated_at = now()
       where id = ${campaign.id} and brand_id = ${actor.brandId} and version = ${version}
         and status::text in (${editable})
      returning id, brand_id, version, updated_at
    ), audit as (
      insert into campaign_audit (brand_id, campaign_id, user_id, action, changes)
      select brand_id, id, ${actor.userId}, 'update', ${JSON.stringify(changes)}::jsonb from updated
    )
    select version, updated_at from updated`);
  const [row] = (rows as unknown as { rows: { version: number; updated_at: Date | string }[] }).rows;
  if (!row) throw staleVersion();
  if (name !== campaign.name) invalidateCampaignPages(campaign.brandId);
  return toApiCampaign({
    ...campaign,
    name,
    completionProgress: progress.percent,
    version: Number(row.version),
    updatedAt: new Date(row.updated_at),
  });
}
