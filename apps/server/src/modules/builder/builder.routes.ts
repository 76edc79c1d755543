import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZActivity,
  ZAddCampaignMissionBody,
  ZBuilderWriteResult,
  ZBundleIdBody,
  ZCampaignFieldsBody,
  ZCampaignIdParams,
  ZCampaignMission,
  ZCampaignMissionParams,
  ZCampaignRewardParams,
  ZFormData,
  ZPauseDetails,
  ZRewardRead,
  ZRewardTypes,
  ZUpdateCampaignMissionBody,
  type TFormData,
} from '@rally/domain';
import {
  addCampaignMission,
  deleteCampaignMission,
  deleteCampaignReward,
  endCampaign,
  updateCampaignFields,
  updateCampaignMission,
} from '../campaign/index.js';
import { getCampaignRewards } from '../reward/index.js';
import { getActivity, getCampaignMissions, getPauseDetails, getRewardTypes } from './campaign-queries.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses;

/** `gzip` listed in Accept-Encoding and not refused with q=0. */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}
const tags = ['builder'];

export async function builderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const formDataJson = app.caches.formData;

  r.get(
    '/api/v3/bundle/:id/form-data',
    {
      config: { permission: 'campaign:read' },
      schema: {
        tags,
        summary: 'Everything the builder shows: campaign, missions, rewards, partners, progress, warnings',
        params: ZCampaignIdParams,
        response: { 200: ZFormData, ...errors },
      },
    },
    async (request, reply) => {
      const entry = await formDataJson(await app.actor(request), request.params.id);
      // Already serialised (and validated against ZFormData) when it was cached.
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (acceptsGzip(request.headers['accept-encoding'])) {
        return reply.header('content-encoding', 'gzip').send(entry.gzip as unknown as TFormData);
      }
      return reply.send(entry.json as unknown as TFormData);
    },
  );

  r.post(
    '/api/v3/bundle/:id',
    {
      config: { permission: 'campaign:update' },
      schema: {
        tags,
        summary: 'Save the builder fields (name, type, shared switch) on a version; 409 when stale',
        params: ZCampaignIdParams,
        body: ZCampaignFieldsBody,
        response: { 200: ZBuilderWriteResult, ...errors },
      },
    },
    async (request) => ({
      campaign: await updateCampaignFields({
        db,
        renames: app.caches.renames,
        actor: await app.actor(request),
        campaignId: request.params.id,
        body: request.body,
      }),
    }),
  );

  r.get(
    '/api/v3/bundle/:id/mission',
    {
      config: { permission: 'campaign:read' },
      schema: {
        tags,
        summary: "The campaign's missions in order",
        params: ZCampaignIdParams,
        response: { 200: z.object({ items: z.array(ZCampaignMission) }), ...errors },
      },
    },
    async (request) => ({
      items: await getCampaignMissions({ db, actor: await app.actor(request), campaignId: request.params.id }),
    }),
  );

  r.post(
    '/api/v3/bundle/:id/mission',
    {
      config: { permission: 'campaign:update' },
      schema: {
        tags,
        summary: 'Add a library mission to the campaign with its settings',
        params: ZCampaignIdParams,
        body: ZAddCampaignMissionBody,
        response: { 201: ZBuilderWriteResult, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        campaign: await addCampaignMission({
          db,
          actor: await app.actor(request),
          campaignId: request.params.id,
          body: request.body,
        }),
      }),
  );

  r.post(
    '/api/v3/bundle/:id/mission/:missionId/update',
    {
      config: { permission: 'campaign:update' },
      schema: {
        tags,
        summary: "Update a campaign mission's settings or move it to another position (missionId = the entry id)",
        params: ZCampaignMissionParams,
        body: ZUpdateCampaignMissionBody,
        response: { 200: ZBuilderWriteResult, ...errors },
      },
    },
    async (request) => ({
      campaign: await updateCampaignMission({
        db,
        actor: await app.actor(request),
        campaignId: request.params.id,
        entryId: request.params.missionId,
        body: request.body,
      }),
    }),
  );

  r.post(
    '/api/v3/bundle/:id/mission/:missionId/delete',
    {
      config: { permission: 'campaign:update' },
      schema: {
        tags,
        summary: 'Remove a mission from a draft campaign (missionId = the entry id)',
        params: ZCampaignMissionParams,
        response: { 200: ZBuilderWriteResult, ...errors },
      },
    },
    async (request) => ({
      campaign: await deleteCampaignMission({
        db,
        actor: await app.actor(request),
        campaignId: request.params.id,
        entryId: request.params.missionId,
      }),
    }),
  );

  r.get(
    '/api/v3/bundle/:id/reward',
    {
      config: { permission: 'reward:read' },
      schema: {
        tags,
        summary: "The campaign's rewards, prize and money first",
        params: ZCampaignIdParams,
        response: { 200: z.object({ items: z.array(ZRewardRead) }), ...errors },
      },
    },
    async (request) => ({
      items: await getCampaignRewards({ db, actor: await app.actor(request), campaignId: request.params.id }),
    }),
  );

  r.post(
    '/api/v3/bundle/:id/reward/:rewardId/delete',
    {
      config: { permission: 'reward:delete' },
      schema: {
        tags,
        summary: 'Delete a reward of an editable campaign',
        params: ZCampaignRewardParams,
        response: { 200: ZBuilderWriteResult, ...errors },
      },
    },
    async (request) => ({
      campaign: await deleteCampaignReward({
        db,
        actor: await app.actor(request),
        campaignId: request.params.id,
        rewardId: request.params.rewardId,
      }),
    }),
  );

  r.post(
    '/api/v3/bundle/end-campaign',
    {
      config: { permission: 'campaign:launch' },
      schema: { tags, summary: 'End an active campaign now', body: ZBundleIdBody, response: { 200: ZBuilderWriteResult, ...errors } },
    },
    async (request) => ({
      campaign: await endCampaign({ db, actor: await app.actor(request), campaignId: request.body.bundleId }),
    }),
  );

  r.get(
    '/api/v4/bundle/:id/reward-types',
    {
      config: { permission: 'reward:read' },
      schema: {
        tags,
        summary: 'Reward types the wizard may offer for the campaign now',
        params: ZCampaignIdParams,
        response: { 200: ZRewardTypes, ...errors },
      },
    },
    async (request) => getRewardTypes({ db, actor: await app.actor(request), campaignId: request.params.id }),
  );

  r.get(
    '/api/campaign/bundle/:id/pause-details',
    {
      config: { permission: 'campaign:read' },
      schema: {
        tags,
        summary: 'What ending the campaign now would stop: status, dates, completions, unlocked rewards',
        params: ZCampaignIdParams,
        response: { 200: ZPauseDetails, ...errors },
      },
    },
    async (request) => getPauseDetails({ db, actor: await app.actor(request), campaignId: request.params.id }),
  );

  r.get(
    '/api/v3/bundle/:id/activity',
    {
      config: { permission: 'campaign:read' },
      schema: {
        tags,
        summary: 'Audit log of the campaign: who changed which fields when, old → new',
        params: ZCampaignIdParams,
        response: { 200: ZActivity, ...errors },
      },
    },
    async (request) => getActivity({ db, actor: await app.actor(request), campaignId: request.params.id }),
  );
}
