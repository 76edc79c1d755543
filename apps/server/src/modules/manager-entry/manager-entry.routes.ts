import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZColleagueCompletionParams,
  ZPlayColleagues,
  ZPlayCompletionBody,
  ZPlayCompletionResult,
} from '@rally/domain';
import { errorResponses } from '../../lib/error-responses.js';
import { resolvePlayActor } from '../play/index.js';
import type { SmartReviewDeps } from '../smart-review/index.js';
import { enterForColleague, listColleagues } from './enter-for-colleague.js';
import { idempotencyKeyHeader, idempotencyKeyOf } from '../../lib/idempotency-key.js';

export interface ManagerEntryRoutesOptions {
  /** Smart review: a sale's receipt is linked to its completion and read, as on the participant's own submit. */
  smartReview?: SmartReviewDeps;
}

const tags = ['play'];
const security = [{ playSession: [] }];

/** A store manager's entries for colleagues of the same store, in /play (decision 0025). */
export async function managerEntryRoutes(app: FastifyInstance, opts: ManagerEntryRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const { play: playCaches, engine } = app.caches;
  const actor = (request: Parameters<typeof resolvePlayActor>[2]) => resolvePlayActor(db, playCaches.sessions, request);

  r.get(
    '/api/play/colleagues',
    {
      config: { permission: 'participant' },
      schema: { tags, security, summary: 'The colleagues of my store a manager may enter for (403 naming role for anyone but a store manager)', response: { 200: ZPlayColleagues, ...errorResponses } },
    },
    async (request) => listColleagues(db, await actor(request)),
  );

  r.post(
    '/api/play/colleagues/:colleagueId/campaigns/:id/missions/:campaignMissionId/completions',
    {
      config: { permission: 'participant' },
      schema: {
        tags,
        security,
        summary: "A store manager records a completion (a sale…) for a colleague of the same store: it counts as the colleague's",
        description:
          'Idempotency-Key as on a participant\'s own submit. 201 with the colleague\'s completion and unlocks; the completion is marked entered by the manager. 403 naming role (not a store manager) or colleagueId (not of my store); 409 naming colleagueId (deactivated or waiting).',
        params: ZColleagueCompletionParams,
        headers: idempotencyKeyHeader('this entry'),
        body: ZPlayCompletionBody,
        response: { 200: ZPlayCompletionResult, 201: ZPlayCompletionResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const manager = await actor(request);
      const keyData = idempotencyKeyOf(request);
      const { result, created } = await enterForColleague({
        db,
        engine,
        reaches: playCaches.reaches,
        manager,
        colleagueId: request.params.colleagueId,
        campaignId: request.params.id,
        campaignMissionId: request.params.campaignMissionId,
        body: request.body,
        idempotencyKey: keyData,
        ...(opts.smartReview ? { smartReview: opts.smartReview } : {}),
      });
      return reply.status(created ? 201 : 200).send(result);
    },
  );
}
