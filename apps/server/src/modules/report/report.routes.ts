import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCampaignIdParams, ZCampaignReport, ZConsumerReportBody, ZReportQuery } from '@rally/domain';
import { errorResponses } from '../../lib/error-responses.js';
import { getCampaignReport } from './get-campaign-report.js';
import { READ_ONLY_ROUTE } from '../../lib/revision-watch.js';

export async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/api/v3/bundle/:id/report',
    {
      config: { permission: 'report:read' },
      schema: {
        tags: ['report'],
        summary: "A campaign's figures: totals, per mission, per reward and per day",
        description:
          'Any status of a campaign of the current brand. storeKey (a store id of the brand) narrows every figure to that store; an unknown store answers 400 naming storeKey.',
        params: ZCampaignIdParams,
        querystring: ZReportQuery,
        response: { 200: ZCampaignReport, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      return getCampaignReport({ db, actor, campaignId: request.params.id, storeKey: request.query.storeKey });
    },
  );

  r.post(
    '/api/completion/bundle/consumer-report',
    {
      config: { ...READ_ONLY_ROUTE, permission: 'report:read' },
      schema: {
        tags: ['report'],
        summary: 'The report of a consumer campaign (spec §7 completion service)',
        description:
          'Same figures as GET /api/v3/bundle/{id}/report; a campaign of another type answers 400 naming bundleId.',
        body: ZConsumerReportBody,
        response: { 200: ZCampaignReport, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      return getCampaignReport({ db, actor, campaignId: request.body.bundleId, consumerOnly: true });
    },
  );
}
