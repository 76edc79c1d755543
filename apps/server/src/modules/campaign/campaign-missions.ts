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
import type { Db, DbOrTx } from '../../db/client.js';
import { appError, conflict, invalid, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { toApiCampaign, type CampaignRow } from './campaign.mapper.js';
import {
  countMissionItems,
  deleteMissionEntries,
  deleteMissionRewards,
  findBrandMission,
  findMissionEntry,
  insertMissionEntry,
  listMissionEntryIds,
  updateMissionEntry,
  writeMissionOrder,
} from './campaign.repository.js';
import { editCampaign } from './edit-campaign.js';

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

/** A mission entry of the campaign, or 404. */
async function findEntry(tx: DbOrTx, campaignId: number, entryId: number) {
  const entry = await findMissionEntry(tx, campaignId, entryId);
  if (!entry) throw notFound('Campaign mission');
  return entry;
}

export interface AddCampaignMissionOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
  body: TAddCampaignMissionBody;
}

export async function addCampaignMission({ db, actor, campaignId, body }: AddCampaignMissionOptions): Promise<TCampaign> {
  const { campaign: saved } = await editCampaign({ db, actor, permission: 'campaign:update', campaignId }, async (tx, { campaign }) => {
    const mission = await findBrandMission(tx, actor.brandId, body.missionId);
    if (!mission) throw notFound('Mission');
    if (mission.type !== campaign.type) {
      throw invalid([{ path: 'missionId', message: `a ${mission.type} mission cannot go in a ${campaign.type} campaign` }]);
    }
    if (mission.status === 'pending_launch') {
      throw conflict('This mission is in use by a campaign about to launch', ERROR_CODES.missionInUse, [
        { path: 'missionId', message: 'in use' },
      ]);
    }
    const existing = await listMissionEntryIds(tx, campaign.id);
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
    checkSettings(campaign, await countMissionItems(tx, mission.id), values);
    const entry = await insertMissionEntry(tx, { brandId: actor.brandId, campaignId: campaign.id, missionId: mission.id, order: existing.length, ...values });
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
      checkSettings(campaign, await countMissionItems(tx, entry.missionId), merged);
      await updateMissionEntry(tx, entry.id, merged);
      for (const key of Object.keys(settings) as (keyof typeof settings)[]) {
        changes.push({ field: `missions.${entry.id}.${key}`, old: entry[key], new: merged[key] });
      }
    }
    if (order !== undefined) {
      const ids = await listMissionEntryIds(tx, campaign.id);
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
    await deleteMissionRewards(tx, campaign.id, [entry.missionId]);
    await deleteMissionEntries(tx, campaign.id, [entry.id]);
    await writeMissionOrder(tx, campaign.id, await listMissionEntryIds(tx, campaign.id));
    return { action: 'mission.delete', changes: [{ field: 'missions', old: { id: entry.id, missionId: entry.missionId }, new: null }] };
  });
  return toApiCampaign(saved);
}
