import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddBudgetBody,
  ZAddBudgetResult,
  ZBudgetStatus,
  ZBundleIdParams,
  ZCampaignIdParams,
  ZErrorBody,
  ZOk,
  ZStatusBody,
  ZStatusChangeResult,
} from '@rally/domain';
import { invalid } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { deleteCampaign } from '../campaign/index.js';
import { addBudget } from './add-budget.js';
import { changeCampaignStatus, type CalculateReach, type CheckPlaces } from './change-campaign-status.js';
import { getBudgetStatus } from './get-budget-status.js';

const errors = { ...errorResponses, 402: ZErrorBody };

export interface LaunchRoutesOptions {
  calculateReach: CalculateReach;
  checkPlaces: CheckPlaces;
}

export async function launchRoutes(app: FastifyInstance, options: LaunchRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.put(
    '/api/campaign/:bundleId/status',
    {
      config: { permission: 'campaign:launch' },
      schema: {
        tags: ['launch'],
        summary: 'Launch now, schedule, reschedule or delete a campaign',
        description:
          'action launch | schedule | reschedule with the launch form (spec §3), or action delete. Legal transitions only (409); needs campaign:launch (403); a launch now with unpaid prepaid money budgets answers 402 BUDGET_UNPAID.',
        params: ZBundleIdParams,
        body: ZStatusBody,
        response: { 200: z.union([ZStatusChangeResult, ZOk]), ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      const body = request.body;
      if (body.bundleId !== request.params.bundleId) {
        throw invalid([{ path: 'bundleId', message: 'must match the campaign in the path' }]);
      }
      if (body.action === 'delete') {
        await deleteCampaign({ db, actor, campaignId: body.bundleId });
        return { ok: true as const };
      }
      return changeCampaignStatus({
        db,
        actor,
        campaignId: body.bundleId,
        form: body,
        scheduler: app.scheduler,
        calculateReach: options.calculateReach,
        checkPlaces: options.checkPlaces,
      });
    },
  );

  r.get(
    '/api/v3/bundle/:id/budget-status',
    {
      config: { permission: 'wallet:read' },
      schema: {
        tags: ['launch'],
        summary: 'What a launch still owes on money budgets (cents), and the wallet balance',
        params: ZCampaignIdParams,
        response: { 200: ZBudgetStatus, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      return getBudgetStatus({ db, actor, campaignId: request.params.id });
    },
  );

  r.post(
    '/api/v3/bundle/add-budget',
    {
      config: { permission: 'wallet:pay' },
      schema: {
        tags: ['launch'],
        summary: "Pay money rewards' budgets from the wallet (cents)",
        body: ZAddBudgetBody,
        response: { 200: ZAddBudgetResult, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      return addBudget({ db, actor, body: request.body, replaceJobs: (id, jobs) => app.scheduler.replaceJobs(id, jobs) });
    },
  );
}
