import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBundleRewardsQuery, ZCampaignRewardParams, ZRewardEndDateBody, ZRewardRead, ZSaveRewardBody } from '@rally/domain';
import { errorResponses } from '../../lib/error-responses.js';
import { getCampaignRewards } from '../builder/campaign-queries.js';
import { saveReward } from './save-reward.js';
import { updateRewardEndDate } from './update-reward-end-date.js';

const tags = ['rewards'];

export async function rewardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/api/reward/read/bundle-rewards',
    {
      schema: {
        tags,
        summary: "A campaign's rewards, prize and money first, with budget and code figures",
        querystring: ZBundleRewardsQuery,
        response: { 200: z.object({ items: z.array(ZRewardRead) }), ...errorResponses },
      },
    },
    async (request) => ({
      items: await getCampaignRewards({ db, actor: await app.actor(request), campaignId: request.query.bundleId }),
    }),
  );

  r.post(
    '/api/reward/write/save-reward',
    {
      schema: {
        tags,
        summary: 'Create (no id) or update a reward; every rule of its type, conditions and assignment is checked',
        body: ZSaveRewardBody,
        response: { 200: ZRewardRead, ...errorResponses },
      },
    },
    async (request) => saveReward({ db, actor: await app.actor(request), body: request.body }),
  );

  r.post(
    '/api/v3/bundle/:id/reward/:rewardId/update-end-date',
    {
      schema: {
        tags,
        summary: "Set when a code reward's codes expire (not before the campaign ends)",
        params: ZCampaignRewardParams,
        body: ZRewardEndDateBody,
        response: { 200: ZRewardRead, ...errorResponses },
      },
    },
    async (request) =>
      updateRewardEndDate({
        db,
        actor: await app.actor(request),
        campaignId: request.params.id,
        rewardId: request.params.rewardId,
        endDate: request.body.endDate,
        timeZone: request.body.timeZone,
      }),
  );
}
