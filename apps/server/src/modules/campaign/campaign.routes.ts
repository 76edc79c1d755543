import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZBundleIdBody,
  ZCampaign,
  ZCampaignIdParams,
  ZCampaignList,
  ZCampaignListQuery,
  ZCreateDraftBody,
  ZOk,
  ZStatusSummary,
} from '@rally/domain';
import { createDraft } from './create-draft.js';
import { deleteCampaign } from './delete-campaign.js';
import { duplicateCampaign } from './duplicate-campaign.js';
import { getStatusSummary } from './get-status-summary.js';
import { listCampaigns } from './list-campaigns.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses;

export async function campaignRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/api/campaign/bundle',
    {
      config: { permission: 'campaign:read' },
      schema: {
        tags: ['campaign'],
        summary: 'Campaigns of the current brand: filter by status and name, sort, page',
        querystring: ZCampaignListQuery,
        response: { 200: ZCampaignList, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      return listCampaigns({ db, anchors: app.caches.campaignPages, brandId: actor.brandId, query: request.query });
    },
  );

  r.get(
    '/api/campaign/status-summary',
    { config: { permission: 'campaign:read' }, schema: { tags: ['campaign'], summary: 'Campaign counts per status', response: { 200: ZStatusSummary, ...errors } } },
    async (request) => {
      const actor = await app.actor(request);
      return getStatusSummary({ db, brandId: actor.brandId });
    },
  );

  r.post(
    '/api/campaign/create-draft',
    {
      config: { permission: 'campaign:create' },
      schema: {
        tags: ['campaign'],
        summary: 'Create a draft campaign of a type',
        body: ZCreateDraftBody,
        response: { 201: ZCampaign, ...errors },
      },
    },
    async (request, reply) => {
      const actor = await app.actor(request);
      return reply.status(201).send(await createDraft({ db, actor, type: request.body.type }));
    },
  );

  r.post(
    '/api/campaign/:id/duplicate',
    {
      config: { permission: 'campaign:create' },
      schema: {
        tags: ['campaign'],
        summary: 'Duplicate a campaign as a new draft',
        params: ZCampaignIdParams,
        response: { 201: ZCampaign, ...errors },
      },
    },
    async (request, reply) => {
      const actor = await app.actor(request);
      return reply.status(201).send(await duplicateCampaign({ db, actor, campaignId: request.params.id }));
    },
  );

  r.post(
    '/api/v3/bundle/delete-campaign',
    {
      config: { permission: 'campaign:delete' },
      schema: {
        tags: ['campaign'],
        summary: 'Delete a campaign',
        body: ZBundleIdBody,
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      await deleteCampaign({ db, actor, campaignId: request.body.bundleId });
      return { ok: true as const };
    },
  );
}
