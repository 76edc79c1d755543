import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCampaign,
  ZCampaignIdParams,
  ZCampaignReport,
  ZCampaignRewardParams,
  ZGenerateCodesBody,
  ZGenerateCodesResult,
  ZStockAlerts,
  ZStockAlertsBody,
  ZPlayCompletionResult,
  ZStaffInviteBody,
  ZStaffMember,
  ZStatusChangeResult,
  ZV1CampaignPage,
  ZV1CompletionBody,
  ZV1Consumer,
  ZV1ConsumerBody,
  ZV1CreateCampaignBody,
  ZV1LaunchBody,
  ZV1PageQuery,
  ZV1UnlockPage,
  ZV1UnlocksQuery,
  type TApiKeyScope,
} from '@rally/domain';
import { errorResponses } from '../../lib/error-responses.js';
import { fileResponse } from '../../lib/api-docs.js';
import { recordActivity } from '../activity/index.js';
import { actorOfApiClient, touchApiKey } from '../api-keys/index.js';
import { endCampaign } from '../campaign/index.js';
import { changeCampaignStatus, type CalculateReach, type CheckPlaces } from '../launch/index.js';
import { getCampaignReport } from '../report/index.js';
import { generateRewardCodes, getStockAlerts, rewardCodesCsv, setStockAlerts } from '../reward/index.js';
import { salesApiRoutes, type SalesFileDeps } from '../sales/index.js';
import { deactivateStaff, upsertStaffMember } from '../staff/index.js';
import { createCampaign } from './create-campaign.js';
import { getCampaign } from './get-campaign.js';
import { listCampaignsPage } from './list-campaigns-page.js';
import { listUnlocksPage } from './list-unlocks-page.js';
import { recordCompletionFor } from './record-completion-for.js';
import { deactivateConsumer } from './deactivate-consumer.js';
import { upsertConsumer } from './upsert-consumer.js';
import { idempotencyKeyHeader, idempotencyKeyOf } from '../../lib/idempotency-key.js';

export interface PublicApiOptions {
  /** Calls per key per window (API_KEY_RATE_LIMIT, API_KEY_RATE_WINDOW_MS). */
  rateLimit: { max: number; timeWindow: number };
  calculateReach: CalculateReach;
  checkPlaces: CheckPlaces;
  /** Sales from the POS (decision 0030): its routes are registered here, with this plugin's key check, limit and log. */
  sales: SalesFileDeps;
}

const tags = ['public API v1'];


const CAMPAIGN_EXAMPLE = {
  id: 42,
  publicUid: 'k3j9x2',
  name: 'Spring sell-out',
  type: 'general',
  status: 'draft',
  sharedCampaign: false,
  brandId: 'b_acme',
  finishCriteria: [],
  startDate: null,
  endDate: null,
  timeZone: 'America/New_York',
  createdAt: 1790000000,
  updatedAt: 1790000000,
  completionProgress: 20,
  kpi: { reach: { groups: 0, stores: 0, users: 0 } },
  scope: { type: 'all', pks: [] },
  version: 1,
};

/**
 * The public API (/api/v1, decision 0028): what a brand's own systems (POS, CRM, scripts) call with an API key.
 * Each route names its scope (config.apiScope, checked with the key by plugins/route-access.ts) and runs the same use
 * case as the dashboard's route, with the key as the actor (its changes are logged under the key's name). Every call
 * is limited per key and leaves one line in the brand's activity log.
 */
export async function publicApiRoutes(app: FastifyInstance, opts: PublicApiOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const keyOf = async (request: FastifyRequest) => `api-key:${(await app.apiClient(request)).keyId}`;
  const access = (apiScope: TApiKeyScope) => ({
    permission: 'api-key' as const,
    apiScope,
    rateLimit: { max: opts.rateLimit.max, timeWindow: opts.rateLimit.timeWindow, keyGenerator: keyOf },
  });
  const actorOf = async (request: FastifyRequest) => actorOfApiClient(await app.apiClient(request));

  // One activity line per call that its key authenticated (refused keys leave none: they name no brand), and the
  // key's last use. After the answer is sent, so the log never slows a call; a failure to log is logged.
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.config.permission !== 'api-key') return;
    const client = await app.apiClient(request).catch(() => null);
    if (!client) return;
    try {
      await recordActivity(db, {
        brandId: client.brandId,
        actor: { kind: 'api_key', keyId: client.keyId, name: client.name },
        action: 'api_key.called',
        subject: { type: 'api_key', id: client.keyId, label: `${request.method} ${request.routeOptions.url ?? request.url} → ${reply.statusCode}` },
      });
      await touchApiKey(db, client.keyId);
    } catch (error) {
      request.log.error({ err: error }, 'api key call not logged');
    }
  });

  r.get(
    '/api/v1/campaigns',
    {
      config: access('campaigns:read'),
      schema: {
        tags,
        summary: "The brand's campaigns, oldest first, a page at a time (send nextCursor back as cursor)",
        querystring: ZV1PageQuery,
        response: { 200: ZV1CampaignPage.meta({ example: { items: [CAMPAIGN_EXAMPLE], nextCursor: 'WzQyXQ' } }), ...errorResponses },
      },
    },
    async (request) => listCampaignsPage(db, await actorOf(request), request.query),
  );

  r.get(
    '/api/v1/campaigns/:id',
    {
      config: access('campaigns:read'),
      schema: { tags, summary: 'One campaign of the brand', params: ZCampaignIdParams, response: { 200: ZCampaign.meta({ example: CAMPAIGN_EXAMPLE }), ...errorResponses } },
    },
    async (request) => getCampaign(db, await actorOf(request), request.params.id),
  );

  r.post(
    '/api/v1/campaigns',
    {
      config: access('campaigns:write'),
      schema: {
        tags,
        summary: 'Create a draft campaign from a template (a campaign type) or as a copy of one of the brand\'s campaigns',
        description: '`{ "template": "general" }` starts from the type\'s settings; `{ "copyOf": 42 }` copies campaign 42 (missions, rewards and unissued codes; not its schedule, payments or partners).',
        body: ZV1CreateCampaignBody.meta({ example: { template: 'general' } }),
        response: { 201: ZCampaign, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createCampaign(db, await actorOf(request), request.body)),
  );

  r.post(
    '/api/v1/campaigns/:id/launch',
    {
      config: access('campaigns:write'),
      schema: {
        tags,
        summary: 'Launch or schedule a complete campaign (the dashboard\'s launch form, same rules)',
        description:
          'action `launch` starts now, `schedule` at startDate (epoch seconds); a money campaign\'s budgets are paid from the wallet (402 BUDGET_UNPAID when it does not cover them). A campaign not complete yet is 409.',
        params: ZCampaignIdParams,
        body: ZV1LaunchBody.meta({ example: { action: 'launch', endDate: 1793000000, timeZone: 'America/New_York', scope: 'all' } }),
        response: { 200: ZStatusChangeResult, 402: errorResponses[409], ...errorResponses },
      },
    },
    async (request) =>
      changeCampaignStatus({
        db,
        actor: await actorOf(request),
        campaignId: request.params.id,
        form: { ...request.body, bundleId: request.params.id },
        scheduler: app.scheduler,
        calculateReach: opts.calculateReach,
        checkPlaces: opts.checkPlaces,
      }),
  );

  r.post(
    '/api/v1/campaigns/:id/end',
    {
      config: access('campaigns:write'),
      schema: {
        tags,
        summary: 'End an active campaign now (the budget nobody won goes back to the wallet)',
        params: ZCampaignIdParams,
        response: { 200: ZCampaign, ...errorResponses },
      },
    },
    async (request) => endCampaign({ db, actor: await actorOf(request), campaignId: request.params.id }),
  );

  r.post(
    '/api/v1/completions',
    {
      config: access('completions:write'),
      schema: {
        tags,
        summary: "Enter a completion on a participant's behalf (Idempotency-Key header required; a replay answers the first result)",
        description:
          'The participant (a store user or consumer of the brand) must be reached by the campaign; the submission is what /play sends for the mission (`kind` is its submission kind). Rewards it unlocks are issued as for the participant\'s own submit. 201 with the completion; the same Idempotency-Key again answers 200 with the first body and replayed: true; with another body 409 IDEMPOTENCY_KEY_REUSED.',
        headers: idempotencyKeyHeader('this completion'),
        body: ZV1CompletionBody.meta({
          example: { participant: { kind: 'store_user', id: 812 }, campaignId: 42, campaignMissionId: 7, submission: { kind: 'itemSold', items: [{ itemId: 31, quantity: 2 }] } },
        }),
        response: { 200: ZPlayCompletionResult, 201: ZPlayCompletionResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const keyData = idempotencyKeyOf(request);
      const { result, created } = await recordCompletionFor({
        db,
        client: await app.apiClient(request),
        caches: { engine: app.caches.engine, reaches: app.caches.play.reaches },
        body: request.body,
        idempotencyKey: keyData,
      });
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  r.put(
    '/api/v1/staff',
    {
      config: access('participants:write'),
      schema: {
        tags,
        summary: 'Add or update a store employee by email address: created active at the store (201), or updated (200)',
        description:
          'The person with this address (any case) is the same person: name, store, role and language are set, and a deactivated person is active again. No invitation mail is sent. A join request still waiting for the brand\'s decision is 409.',
        body: ZStaffInviteBody.meta({ example: { storeId: 12, email: 'jamie@store.example', name: 'Jamie Doe', role: 'staff', locale: 'en' } }),
        response: { 200: ZStaffMember, 201: ZStaffMember, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { member, created } = await upsertStaffMember({ db, actor: await actorOf(request), person: request.body });
      return reply.status(created ? 201 : 200).send(member);
    },
  );

  r.post(
    '/api/v1/staff/:id/deactivate',
    {
      config: access('participants:write'),
      schema: {
        tags,
        summary: 'Deactivate a store employee: signed out of /play now, no longer counted or reached (what they completed stays)',
        params: ZCampaignIdParams,
        response: { 200: ZStaffMember, ...errorResponses },
      },
    },
    async (request) => deactivateStaff({ db, actor: await actorOf(request), id: request.params.id }),
  );

  const CONSUMER_EXAMPLE = {
    id: 3051,
    externalRef: 'crm-88412',
    email: 'alex@example.com',
    name: 'Alex Rivera',
    countryCode: 'US',
    locale: 'en',
    active: true,
    createdAt: 1790000000,
  } as const;

  r.put(
    '/api/v1/consumers',
    {
      config: access('participants:write'),
      schema: {
        tags,
        summary: "Add or update a consumer by the brand's reference (externalRef) or email address: created (201), or updated and active again (200)",
        description:
          'The consumer with this externalRef — else with this address — is the same person: address, name, country, language and reference are set, and a deactivated consumer is active again. The same body twice changes nothing the second time. A reference and an address that name two different consumers is 409 naming the field. The consumer signs in to /play with the address; no mail is sent.',
        body: ZV1ConsumerBody.meta({ example: { externalRef: 'crm-88412', email: 'alex@example.com', name: 'Alex Rivera', countryCode: 'US', locale: 'en' } }),
        response: { 200: ZV1Consumer.meta({ example: CONSUMER_EXAMPLE }), 201: ZV1Consumer.meta({ example: CONSUMER_EXAMPLE }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { consumer, created } = await upsertConsumer({ db, actor: await actorOf(request), person: request.body });
      return reply.status(created ? 201 : 200).send(consumer);
    },
  );

  r.post(
    '/api/v1/consumers/:id/deactivate',
    {
      config: access('participants:write'),
      schema: {
        tags,
        summary: 'Deactivate a consumer: signed out of /play now, no sign-in, entries or notifications (what they completed and won stays)',
        params: ZCampaignIdParams,
        response: { 200: ZV1Consumer.meta({ example: { ...CONSUMER_EXAMPLE, active: false } }), ...errorResponses },
      },
    },
    async (request) => {
      const consumer = await deactivateConsumer({ db, actor: await actorOf(request), id: request.params.id });
      // Their sessions this process keeps answer 401 at once; another process's within its 5 s (decision 0015).
      const sessions = app.caches.play.sessions;
      for (const [key, cached] of [...sessions.entries()]) if (cached.kind === 'consumer' && cached.id === consumer.id) sessions.delete(key);
      return consumer;
    },
  );

  // A code reward's pool and a reward's low-stock alerts (decision 0031): the dashboard's use cases, the key as actor.
  r.post(
    '/api/v1/campaigns/:id/rewards/:rewardId/generate-codes',
    {
      config: access('campaigns:write'),
      schema: {
        tags,
        summary: "Generate codes into a code reward's pool from a pattern: prefix, length, alphabet, count (≤ 100,000 per call)",
        description:
          'Drawn with a cryptographic random source, unique within the reward: a draw that meets a code the reward already has (uploaded or generated) is drawn again (`regenerated`). The pattern must allow at least 1,000 times the count (400 naming `length`).',
        params: ZCampaignRewardParams,
        body: ZGenerateCodesBody.meta({ example: { prefix: 'SPRING-', length: 8, alphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789', count: 5000 } }),
        response: { 200: ZGenerateCodesResult.meta({ example: { added: 5000, regenerated: 0, availableCodes: 5000 } }), ...errorResponses },
      },
    },
    async (request) =>
      generateRewardCodes({ db, actor: await actorOf(request), campaignId: request.params.id, rewardId: request.params.rewardId, pattern: request.body }),
  );

  r.get(
    '/api/v1/campaigns/:id/rewards/:rewardId/codes.csv',
    {
      config: access('campaigns:read'),
      schema: {
        tags,
        summary: "A code reward's pool as CSV: every code (uploaded or generated), available or issued and when (streamed)",
        params: ZCampaignRewardParams,
        response: { 200: fileResponse('code,status,issued_at,added_at — one row per code', ['text/csv']), ...errorResponses },
      },
    },
    async (request, reply) => {
      const rows = await rewardCodesCsv(db, await actorOf(request), request.params.id, request.params.rewardId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reward-${request.params.rewardId}-codes.csv"`)
        .send(Readable.from(rows));
    },
  );

  r.put(
    '/api/v1/campaigns/:id/rewards/:rewardId/stock-alerts',
    {
      config: access('campaigns:write'),
      schema: {
        tags,
        summary: "Set a reward's low-stock thresholds (codes left, budget left in cents; null: none): mail and the codes.low / budget.low webhook once per crossing",
        params: ZCampaignRewardParams,
        body: ZStockAlertsBody.meta({ example: { codesBelow: 100, budgetBelowCents: null } }),
        response: { 200: ZStockAlerts.meta({ example: { codesBelow: 100, budgetBelowCents: null, codesLeft: 4200, budgetLeftCents: null, codesLow: false, budgetLow: false } }), ...errorResponses },
      },
    },
    async (request) =>
      setStockAlerts({ db, actor: await actorOf(request), campaignId: request.params.id, rewardId: request.params.rewardId, body: request.body }),
  );

  r.get(
    '/api/v1/campaigns/:id/rewards/:rewardId/stock-alerts',
    {
      config: access('campaigns:read'),
      schema: { tags, summary: "A reward's low-stock thresholds and what is left now", params: ZCampaignRewardParams, response: { 200: ZStockAlerts, ...errorResponses } },
    },
    async (request) => getStockAlerts({ db, actor: await actorOf(request), campaignId: request.params.id, rewardId: request.params.rewardId }),
  );

  r.get(
    '/api/v1/unlocks',
    {
      config: access('reports:read'),
      schema: {
        tags,
        summary: 'Rewards unlocked and codes issued, in the order they happened, a page at a time (optionally of one campaign)',
        querystring: ZV1UnlocksQuery,
        response: {
          200: ZV1UnlockPage.meta({
            example: {
              items: [{ id: 9001, campaignId: 42, rewardId: 5, participant: { kind: 'store_user', id: 812 }, completionId: 77001, code: 'SPRING-4F7K', amountCents: null, unlockedAt: 1790003600 }],
              nextCursor: null,
            },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => listUnlocksPage(db, await actorOf(request), request.query),
  );

  await salesApiRoutes(app, { deps: opts.sales, access, apiClient: (request) => app.apiClient(request) });

  r.get(
    '/api/v1/campaigns/:id/report',
    {
      config: access('reports:read'),
      schema: {
        tags,
        summary: "A campaign's report: totals, per mission, per reward and per day (the dashboard's figures)",
        params: ZCampaignIdParams,
        response: { 200: ZCampaignReport, ...errorResponses },
      },
    },
    async (request) => getCampaignReport({ db, actor: await actorOf(request), campaignId: request.params.id }),
  );
}
