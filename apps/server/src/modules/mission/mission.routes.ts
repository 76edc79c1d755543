import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAvailableMissions,
  ZAvailableMissionsQuery,
  ZCampaignIdParams,
  ZItemOrderBody,
  ZMission,
  ZMissionBody,
  ZMissionItem,
  ZMissionItemBody,
  ZMissionItemParams,
  ZMissionList,
  ZMissionListQuery,
  ZMissionUpdateBody,
} from '@rally/domain';
import {
  createMission,
  duplicateMission,
  getMission,
  listAvailableMissions,
  listMissions,
  updateMission,
} from './mission-library.js';
import { createMissionItem, deleteMissionItem, getMissionItems, reorderMissionItem, updateMissionItem } from './mission-items.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses;
const tags = ['missions'];
const ZItems = z.object({ items: z.array(ZMissionItem) });

export async function missionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/api/v3/mission',
    { config: { permission: 'mission:read' }, schema: { tags, summary: "The brand's mission library: search, type, status, pages of 5", querystring: ZMissionListQuery, response: { 200: ZMissionList, ...errors } } },
    async (request) => listMissions({ db, actor: await app.actor(request), query: request.query }),
  );
  r.post(
    '/api/v3/mission',
    { config: { permission: 'mission:create' }, schema: { tags, summary: 'Create a library mission', body: ZMissionBody, response: { 201: ZMission, ...errors } } },
    async (request, reply) => reply.status(201).send(await createMission({ db, actor: await app.actor(request), body: request.body })),
  );
  r.get(
    '/api/v3/mission/:id',
    { config: { permission: 'mission:read' }, schema: { tags, summary: 'One library mission', params: ZCampaignIdParams, response: { 200: ZMission, ...errors } } },
    async (request) => getMission({ db, actor: await app.actor(request), missionId: request.params.id }),
  );
  r.post(
    '/api/v3/mission/:id/update',
    { config: { permission: 'mission:update' }, schema: { tags, summary: "Update a mission's title, description, type or media", params: ZCampaignIdParams, body: ZMissionUpdateBody, response: { 200: ZMission, ...errors } } },
    async (request) => updateMission({ db, actor: await app.actor(request), missionId: request.params.id, body: request.body }),
  );
  r.get(
    '/api/v3/mission/:id/duplicate',
    // A GET by the spec, yet it writes: only the app's own requests run it (plugins/csrf.ts).
    { config: { stateChanging: true, permission: 'mission:create' }, schema: { tags, summary: 'Duplicate a mission with its items', params: ZCampaignIdParams, response: { 200: ZMission, ...errors } } },
    async (request) => duplicateMission({ db, actor: await app.actor(request), missionId: request.params.id }),
  );
  r.get(
    '/api/v3/mission/:id/items',
    { config: { permission: 'mission:read' }, schema: { tags, summary: "A mission's items in order, with the rewards using each", params: ZCampaignIdParams, response: { 200: ZItems, ...errors } } },
    async (request) => ({ items: await getMissionItems({ db, actor: await app.actor(request), missionId: request.params.id }) }),
  );
  r.post(
    '/api/v3/mission/:id/item/create',
    { config: { permission: 'mission:update' }, schema: { tags, summary: 'Add an item (question, survey option or form field)', params: ZCampaignIdParams, body: ZMissionItemBody, response: { 201: ZItems, ...errors } } },
    async (request, reply) =>
      reply.status(201).send({ items: await createMissionItem({ db, actor: await app.actor(request), missionId: request.params.id, body: request.body }) }),
  );
  r.post(
    '/api/v3/mission/:id/item/:itemId/update',
    { config: { permission: 'mission:update' }, schema: { tags, summary: 'Edit an item', params: ZMissionItemParams, body: ZMissionItemBody, response: { 200: ZItems, ...errors } } },
    async (request) => ({
      items: await updateMissionItem({ db, actor: await app.actor(request), missionId: request.params.id, itemId: request.params.itemId, body: request.body }),
    }),
  );
  r.post(
    '/api/v3/mission/:id/item/:itemId/update-order',
    { config: { permission: 'mission:update' }, schema: { tags, summary: 'Move an item to a position', params: ZMissionItemParams, body: ZItemOrderBody, response: { 200: ZItems, ...errors } } },
    async (request) => ({
      items: await reorderMissionItem({ db, actor: await app.actor(request), missionId: request.params.id, itemId: request.params.itemId, order: request.body.order }),
    }),
  );
  r.post(
    '/api/v3/mission/:id/item/:itemId/delete',
    { config: { permission: 'mission:update' }, schema: { tags, summary: 'Delete an item no reward uses', params: ZMissionItemParams, response: { 200: ZItems, ...errors } } },
    async (request) => ({
      items: await deleteMissionItem({ db, actor: await app.actor(request), missionId: request.params.id, itemId: request.params.itemId }),
    }),
  );
  r.get(
    '/api/v3/bundle/:id/available-missions',
    {
      config: { permission: 'mission:read' },
      schema: {
        tags,
        summary: 'Missions the campaign may take (its type), 5 a page; in-use ones not selectable unless current',
        params: ZCampaignIdParams,
        querystring: ZAvailableMissionsQuery,
        response: { 200: ZAvailableMissions, ...errors },
      },
    },
    async (request) => listAvailableMissions({ db, actor: await app.actor(request), campaignId: request.params.id, query: request.query }),
  );
}
