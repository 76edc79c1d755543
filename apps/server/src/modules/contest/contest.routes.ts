import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAssignPrizeBody,
  ZAssignPrizeResult,
  ZCampaignIdParams,
  ZContestRankData,
  ZContestRankDataBody,
  ZPrizeList,
  ZPrizeUserFormQueryBody,
  ZPrizeUserFormResult,
} from '@rally/domain';
import { errorResponses } from '../../lib/error-responses.js';
import { READ_ONLY_ROUTE } from '../../lib/revision-watch.js';
import { assignPrize, getContestRankData, getPrizeList, getPrizeUserForm } from './contest.js';

/** Spec §7 contest and prize calls (dashboard session, current brand). */
export async function contestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['contest'];

  r.post(
    '/api/v4/bundle/:id/contest-rank-data',
    {
      config: { ...READ_ONLY_ROUTE, permission: 'report:read' },
      schema: {
        tags,
        summary: "A contest campaign's leaderboard: users or stores ranked by submissions or sales amount",
        description: 'Filters: storeIds, groupIds, countryCodes, from/to (epoch seconds), campaignMissionId. Fields the display flags hide are null.',
        params: ZCampaignIdParams,
        body: ZContestRankDataBody,
        response: { 200: ZContestRankData, ...errorResponses },
      },
    },
    async (request) => getContestRankData(db, app.caches.engine, await app.actor(request), request.params.id, request.body),
  );

  r.get(
    '/api/v4/bundle/:id/prize-list',
    { config: { permission: 'reward:read' }, schema: { tags, summary: "A campaign's prizes with candidates awaiting assignment and winners", params: ZCampaignIdParams, response: { 200: ZPrizeList, ...errorResponses } } },
    async (request) => getPrizeList(db, await app.actor(request), request.params.id),
  );

  r.post(
    '/api/reward/write/assign-prize',
    {
      config: { permission: 'reward:update' },
      schema: {
        tags,
        summary: 'Assign a prize to a winner, once',
        description: 'With unlockId that awaiting unlock becomes assigned; without, an assigned unlock is made for userId. 409 ALREADY_ASSIGNED when it is, or none is left.',
        body: ZAssignPrizeBody,
        response: { 200: ZAssignPrizeResult, ...errorResponses },
      },
    },
    async (request) => assignPrize(db, await app.actor(request), request.body),
  );

  r.post(
    '/api/reward/read/prize/user-form',
    {
      config: { ...READ_ONLY_ROUTE, permission: 'reward:read' },
      schema: { tags, summary: "A prize winner's delivery form (null until filled)", body: ZPrizeUserFormQueryBody, response: { 200: ZPrizeUserFormResult, ...errorResponses } },
    },
    async (request) => getPrizeUserForm(db, await app.actor(request), request.body),
  );
}
