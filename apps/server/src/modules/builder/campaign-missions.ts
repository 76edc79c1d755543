import { and, count, eq } from 'drizzle-orm';
import {
  canAddMission,
  canDeleteMission,
  ERROR_CODES,
  forcedEntries,
  moveInOrder,
  SHARED_DATA_OPTIONS,
  validateMissionSettings,
  type TAddCampaignMissionBody,
  type TCampaign,
  type TUpdateCampaignMissionBody,
} from '@rally/domain';
import type { Db, Tx } from '../../db/client.js';
import { campaignMissions, missionItems, missions, rewards } from '../../db/schema/index.js';
import { appError, conflict, invalid, notFound } from '../../lib/app-error.js';
import { writeOrder } from '../../lib/sql-helpers.js';
import type { RequestActor } from '../auth/index.js';
import { editCampaign, toApiCampaign, type CampaignRow } from '../campaign/index.js';

async function itemCountOf(tx: Tx, missionId: number) {
  const [row] = await tx.select({ n: count() }).from(missionItems).where(eq(missionItems.missionId, missionId));
  return row?.n ?? 0;
}

function checkSettings(
  campaign: CampaignRow,
  itemCount: number,
  settings: Omit<TAddCampaignMissionBody, 'missionId'>,
) {
  const fields = validateMissionSettings({
    campaignType: campaign.type,
    sharedCampaign: campaign.sharedCampaign,
    itemCount,
    ...settings,
  });
  if (fields.length > 0) throw invalid(fields);
}

/** Renumbers the campaign's missions 0..n-1 in the given order. */
async function writeMissionOrder(tx: Tx, campaignId: number, ids: number[]) {
  await writeOrder(tx, campaignMissions, { id: campaignMissions.id, order: campaignMissions.order, parent: campaignMissions.campaignId }, campaignId, ids);
}

/** A mission entry of the campaign, or 404. */
async function findEntry(tx: Tx, campaignId: number, entryId: number) {
  const [entry] = await tx
    .select()
    .from(campaignMissions)
    .where(and(eq(campaignMissions.campaignId, campaignId), eq(campaignMissions.id, entryId)));
  if (!entry) throw notFound('Campaign mission');
  return entry;
}

async function orderedIds(tx: Tx, campaignId: number) {
  const rows = await tx
    .select({ id: campaignMissions.id })
    .from(campaignMissions)
    .where(eq(campaignMissions.campaignId, campaignId))
    .orderBy(campaignMissions.order, campaignMissions.id);
  return rows.map((r) => r.id);
}

export interface AddCampaignMissionOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
  body: TAddCampaignMissionBody;
}

export async function addCampaignMission({ db, actor, campaignId, body }: AddCampaignMissionOptions): Promise<TCampaign> {
  const { campaign: saved } = await editCampaign({ db, actor, permission: 'campaign:update', campaignId }, async (tx, { campaign }) => {
    const [mission] = await tx
      .select()
      .from(missions)
      .where(and(eq(missions.brandId, actor.brandId), eq(missions.id, body.missionId)));
    if (!mission) throw notFound('Mission');
    if (mission.type !== campaign.type) {
      throw invalid([{ path: 'missionId', message: `a ${mission.type} mission cannot go in a ${campaign.type} campaign` }]);
    }
    if (mission.status === 'pending_launch') {
      throw conflict('This mission is in use by a campaign about to launch', ERROR_CODES.missionInUse, [
        { path: 'missionId', message: 'in use' },
      ]);
    }
    const existing = await orderedIds(tx, campaign.id);
    if (!canAddMission({ type: campaign.type, missionCount: existing.length })) {
      throw conflict('Only learning campaigns take more than one mission', ERROR_CODES.missionLimit, [
        { path: 'missionId', message: 'one mission per campaign' },
      ]);
    }
    const { missionId: _m, ...settings } = body;
    const forced = forcedEntries(campaign.type);
    const values = {
      ...settings,
      ...(forced ?? {}),
      // Shared data: all options selected by default on create (product rule R24).
      sharedData: settings.sharedData ?? (campaign.sharedCampaign ? [...SHARED_DATA_OPTIONS] : []),
    };
    checkSettings(campaign, await itemCountOf(tx, mission.id), values);
    const [entry] = await tx
      .insert(campaignMissions)
      .values({ brandId: actor.brandId, campaignId: campaign.id, missionId: mission.id, order: existing.length, ...values })
      .onConflictDoNothing()
      .returning();
    if (!entry) throw conflict('This mission is already in the campaign', ERROR_CODES.conflict, [{ path: 'missionId', message: 'already added' }]);
    return { action: 'mission.add', changes: [{ field: 'missions', old: null, new: { id: entry.id, missionId: mission.id, title: mission.title } }] };
  });
  return toApiCampaign(saved);
}

export interface UpdateCampaignMissionOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
  /** The campaign-mission entry id. */
  entryId: number;
  body: TUpdateCampaignMissionBody;
}

export async function updateCampaignMission(options: UpdateCampaignMissionOptions): Promise<TCampaign> {
  const { db, actor, campaignId, entryId, body } = options;
  const { campaign: saved } = await editCampaign({ db, actor, permission: 'campaign:update', campaignId }, async (tx, { campaign }) => {
    const entry = await findEntry(tx, campaign.id, entryId);
    const { order, ...settings } = body;
    const changes: { field: string; old: unknown; new: unknown }[] = [];
    const hasSettings = Object.keys(settings).length > 0;
    if (hasSettings) {
      const merged = {
        maxEntriesPerUser: settings.maxEntriesPerUser !== undefined ? settings.maxEntriesPerUser : entry.maxEntriesPerUser,
        maxEntriesPerStore: settings.maxEntriesPerStore !== undefined ? settings.maxEntriesPerStore : entry.maxEntriesPerStore,
        contest: settings.contest !== undefined ? settings.contest : entry.contest,
        passingGrade: settings.passingGrade !== undefined ? settings.passingGrade : entry.passingGrade,
        sharedData: settings.sharedData ?? (entry.sharedData as TUpdateCampaignMissionBody['sharedData']),
        ...(forcedEntries(campaign.type) ?? {}),
      };
      checkSettings(campaign, await itemCountOf(tx, entry.missionId), merged);
      await tx.update(campaignMissions).set(merged).where(eq(campaignMissions.id, entry.id));
      for (const key of Object.keys(settings) as (keyof typeof settings)[]) {
        changes.push({ field: `missions.${entry.id}.${key}`, old: entry[key], new: merged[key] });
      }
    }
    if (order !== undefined) {
      const ids = await orderedIds(tx, campaign.id);
      const next = moveInOrder(ids, entry.id, order);
      await writeMissionOrder(tx, campaign.id, next);
      changes.push({ field: 'missions.order', old: ids, new: next });
    }
    return { action: order !== undefined && !hasSettings ? 'mission.reorder' : 'mission.update', changes };
  });
  return toApiCampaign(saved);
}

export interface DeleteCampaignMissionOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
  entryId: number;
}

export async function deleteCampaignMission({ db, actor, campaignId, entryId }: DeleteCampaignMissionOptions): Promise<TCampaign> {
  const { campaign: saved } = await editCampaign({ db, actor, permission: 'campaign:update', campaignId }, async (tx, { campaign }) => {
    const entry = await findEntry(tx, campaign.id, entryId);
    if (!canDeleteMission(campaign.status)) {
      throw appError(ERROR_CODES.illegalTransition, 'Missions can be removed only while the campaign is a draft', [
        { path: 'status', message: `not a draft (${campaign.status})` },
      ]);
    }
    await tx
      .delete(rewards)
      .where(and(eq(rewards.campaignId, campaign.id), eq(rewards.scope, 'mission'), eq(rewards.missionId, entry.missionId)));
    await tx.delete(campaignMissions).where(eq(campaignMissions.id, entry.id));
    await writeMissionOrder(tx, campaign.id, await orderedIds(tx, campaign.id));
    return { action: 'mission.delete', changes: [{ field: 'missions', old: { id: entry.id, missionId: entry.missionId }, new: null }] };
  });
  return toApiCampaign(saved);
}
