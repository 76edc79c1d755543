import type { z } from 'zod';
import {
  isMissionSelectable,
  missionSubtypeErrors,
  pageMeta,
  PAGE_SIZES,
  type TMission,
  type TMissionBody,
  type ZAvailableMissionsQuery,
  type ZMissionListQuery,
  type ZMissionUpdateBody,
} from '@rally/domain';
import type { Db } from '../../db/client.js';
import type { missions } from '../../db/schema/index.js';
import { invalid, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { findCampaign } from '../campaign/index.js';
import { findMission, insertItems, insertMission, listItemRows, listMissionRows, lockMission, toApiMission } from './mission.repository.js';
import { refreshMissionStatus } from './refresh-mission-status.js';

interface Base {
  db: Db;
  actor: RequestActor;
}

export async function listMissions({ db, actor, query }: Base & { query: z.infer<typeof ZMissionListQuery> }) {
  const perPage = query.perPage ?? PAGE_SIZES.missions;
  const { rows, totalCount } = await listMissionRows(db, actor.brandId, {
    ...query,
    offset: (query.currentPage - 1) * perPage,
    limit: perPage,
  });
  return { items: rows, _meta: pageMeta(totalCount, query.currentPage, perPage) };
}

export async function getMission({ db, actor, missionId }: Base & { missionId: number }): Promise<TMission> {
  const row = await findMission(db, actor.brandId, missionId);
  if (!row) throw notFound('Mission');
  return toApiMission(row, (await listItemRows(db, row.id)).length);
}

export async function createMission({ db, actor, body }: Base & { body: TMissionBody }): Promise<TMission> {
  const subtypeErrors = missionSubtypeErrors(body);
  if (subtypeErrors.length > 0) throw invalid(subtypeErrors);
  return db.transaction(async (tx) => {
    const row = await insertMission(tx, {
      brandId: actor.brandId,
      title: body.title,
      description: body.description,
      type: body.type,
      subtype: body.subtype,
      media: body.media,
      imageUrl: body.media?.imageUrl ?? body.media?.videoArgs?.thumbUrl ?? null,
    });
    return toApiMission(await refreshMissionStatus(tx, row), 0);
  });
}

export async function updateMission({
  db,
  actor,
  missionId,
  body,
}: Base & { missionId: number; body: z.infer<typeof ZMissionUpdateBody> }): Promise<TMission> {
  return db.transaction(async (tx) => {
    const mission = await lockMission(tx, actor.brandId, missionId);
    if (!mission) throw notFound('Mission');
    // The subtype is checked against the type the mission will have after this edit.
    const subtypeErrors = missionSubtypeErrors({ type: body.type ?? mission.type, subtype: body.subtype ?? mission.subtype });
    if (subtypeErrors.length > 0) throw invalid(subtypeErrors);
    const patch: Partial<typeof missions.$inferInsert> = { ...body };
    if (body.media !== undefined) patch.imageUrl = body.media?.imageUrl ?? body.media?.videoArgs?.thumbUrl ?? null;
    const row = await refreshMissionStatus(tx, mission, patch as Partial<typeof mission>);
    return toApiMission(row, (await listItemRows(tx, row.id)).length);
  });
}

/** A copy of a library mission with its items, as a new mission of the brand. */
export async function duplicateMission({ db, actor, missionId }: Base & { missionId: number }): Promise<TMission> {
  return db.transaction(async (tx) => {
    const source = await findMission(tx, actor.brandId, missionId);
    if (!source) throw notFound('Mission');
    const copy = await insertMission(tx, {
      brandId: actor.brandId,
      title: `Copy of ${source.title}`.slice(0, 120),
      description: source.description,
      type: source.type,
      subtype: source.subtype,
      media: source.media,
      imageUrl: source.imageUrl,
    });
    const items = await listItemRows(tx, source.id);
    await insertItems(
      tx,
      items.map((i) => ({ brandId: actor.brandId, missionId: copy.id, kind: i.kind, title: i.title, order: i.order, data: i.data })),
    );
    return toApiMission(await refreshMissionStatus(tx, { ...copy, status: 'incomplete' }), items.length);
  });
}

/** Missions a campaign may take: its type, 5 a page, in-use ones flagged not selectable. */
export async function listAvailableMissions({
  db,
  actor,
  campaignId,
  query,
}: Base & { campaignId: number; query: z.infer<typeof ZAvailableMissionsQuery> }) {
  const campaign = await findCampaign(db, actor.brandId, campaignId);
  if (!campaign) throw notFound('Campaign');
  const perPage = query.perPage ?? PAGE_SIZES.missions;
  const { rows, totalCount } = await listMissionRows(db, actor.brandId, {
    filter: query.filter,
    type: query.type ?? campaign.type,
    offset: (query.currentPage - 1) * perPage,
    limit: perPage,
  });
  return {
    items: rows.map((m) => ({ ...m, selectable: isMissionSelectable(m.status, m.id === query.current) })),
    _meta: pageMeta(totalCount, query.currentPage, perPage),
  };
}

