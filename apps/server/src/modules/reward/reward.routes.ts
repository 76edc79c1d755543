import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CODE_FILE_LIMITS,
  CODE_TEMPLATE_CSV,
  ERROR_CODES,
  ZAddRewardCodesBody,
  ZBundleRewardsQuery,
  ZCampaignRewardParams,
  ZGenerateCodesBody,
  ZGenerateCodesResult,
  ZRewardEndDateBody,
  ZStockAlerts,
  ZStockAlertsBody,
  ZRewardRead,
  ZIdParam,
  ZSaveRewardBody,
  type TRewardRead,
  type TSaveRewardBody,
} from '@rally/domain';
import { appError, invalid } from '../../lib/app-error.js';
import { errorResponses, fileReadingResponses, rateLimitedResponse } from '../../lib/error-responses.js';
import { fileOfRequest, multipartFailure, writeFilePart } from '../../lib/multipart-upload.js';
import type { Db } from '../../db/client.js';
import type { RequestActor } from '../auth/index.js';
import { getCampaignRewards } from './get-campaign-rewards.js';
import { saveReward } from './save-reward.js';
import { updateRewardEndDate } from './update-reward-end-date.js';
import { addRewardCodes, uploadCodes, uploadedCodesJson } from './upload-codes.js';
import { fileResponse } from '../../lib/api-docs.js';
import { Readable } from 'node:stream';
import { rewardCodesCsv } from './export-reward-codes.js';
import { generateRewardCodes } from './generate-reward-codes.js';
import { registerStockAlertJobs } from './stock-alert-jobs.js';
import { getStockAlerts, setStockAlerts } from './stock-alerts.js';

const tags = ['rewards'];

const ZCodeCounts = z.object({
  added: z.number().int(),
  duplicatesInFile: z.number().int(),
  duplicatesExisting: z.number().int(),
  emptyRows: z.number().int(),
});

/**
 * save-reward by an invited partner brand: the partner module's isInvitedTo and fillPartnerReward, passed in by app.ts.
 * The arrow points partner → reward (a partner fills a reward with this module's repositories and code handling), so
 * this module names only the shape it calls.
 */
export interface PartnerFill {
  isInvitedTo(db: Db, brandId: string, campaignId: number): Promise<boolean>;
  fillPartnerReward(input: { db: Db; actor: RequestActor; body: TSaveRewardBody; dataDir: string }): Promise<TRewardRead>;
}

export interface RewardRoutesOptions {
  dataDir: string;
  partnerFill: PartnerFill;
  /** Low-stock mail (decision 0031): links in the mail, and how often the crossings are read. */
  stockAlerts: { publicUrl: string; sweepSeconds: number };
}

export async function rewardRoutes(app: FastifyInstance, opts: RewardRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  registerStockAlertJobs({ db, jobs: app.jobs, mailer: app.mailer, log: app.log, ...opts.stockAlerts });

  r.get(
    '/api/reward/read/bundle-rewards',
    {
      config: { permission: 'reward:read' },
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
      config: { permission: 'reward:update' },
      schema: {
        tags,
        summary: 'Create (no id) or update a reward; every rule of its type, conditions and assignment is checked',
        body: ZSaveRewardBody,
        // 429: a kept code file named by uploadedCodes.fileUrl is read again, in the parse pool.
        response: { 200: ZRewardRead, ...errorResponses, 429: rateLimitedResponse },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      // An invited partner brand fills the reward assigned to it on the retailer's shared campaign.
      const { isInvitedTo, fillPartnerReward } = opts.partnerFill;
      if (await isInvitedTo(db, actor.brandId, request.body.bundleId)) return fillPartnerReward({ db, actor, body: request.body, dataDir: opts.dataDir });
      return saveReward({ db, actor, body: request.body, dataDir: opts.dataDir });
    },
  );

  r.post(
    '/api/v3/bundle/:id/reward/:rewardId/update-end-date',
    {
      config: { permission: 'reward:update' },
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

  r.post(
    '/api/v3/bundle/upload-excel-codes',
    {
      config: { permission: 'reward:update' },
      schema: {
        tags,
        summary: 'Read a .xlsx, .xls or .csv of codes (multipart "file", optional "rewardId" first); ≤ 20 MB, ≤ 1,000,000 rows',
        consumes: ['multipart/form-data'],
        multipartFields: z.object({ rewardId: ZIdParam.optional().describe('The code reward the file is for (checked against its codes); sent before the file') }),
        response: {
          200: z.object({ fileName: z.string(), fileUrl: z.string(), codes: z.array(z.string()), summary: ZCodeCounts }),
          ...errorResponses,
          ...fileReadingResponses,
        },
      },
    },
    async (request, reply) => {
      const actor = await app.actor(request);
      const part = await fileOfRequest(request, { fileSize: CODE_FILE_LIMITS.bytes });
      // The file goes to disk as it arrives (decision 0007 §11); the fields are read once it is there, as before.
      const receive = async (target: string) => {
        await writeFilePart(part, target).catch((error: { statusCode?: number }) => {
          if (error.statusCode === 413) {
            throw appError(ERROR_CODES.payloadTooLarge, 'A code file is at most 20 MB', [{ path: 'file', message: 'at most 20 MB' }]);
          }
          throw multipartFailure(error);
        });
        const field = part.fields.rewardId;
        if (field === undefined) return { rewardId: undefined };
        // The same id rule as a path's (digits only, 1..2147483647); a repeated or file field is no id either.
        const parsed = ZIdParam.safeParse(!Array.isArray(field) && 'value' in field ? field.value : null);
        if (!parsed.success) throw invalid([{ path: 'rewardId', message: parsed.error.issues[0]?.message ?? 'a reward id' }]);
        return { rewardId: parsed.data };
      };
      // Whatever the outcome, what is left of the body is drained.
      const uploaded = await uploadCodes({ db, actor, dataDir: opts.dataDir, fileName: part.filename, receive }).finally(() => part.file.resume());
      // The 200 body above, streamed as JSON by uploadedCodesJson a slice of codes at a time (a million codes at most;
      // decision 0007). Fastify sends a stream as it is; the type provider only knows objects.
      return reply.type('application/json; charset=utf-8').send(uploadedCodesJson(uploaded) as never);
    },
  );

  r.post(
    '/api/v3/bundle/add-reward-codes',
    {
      config: { permission: 'reward:update' },
      schema: {
        tags,
        summary: "Add codes to a code reward; duplicates (in the list or the reward's) are dropped and counted. Without codes, uploadedCodes.fileUrl names a kept upload whose codes are added",
        body: ZAddRewardCodesBody,
        response: { 200: ZCodeCounts, ...errorResponses, 429: rateLimitedResponse },
      },
      bodyLimit: 64 * 1024 * 1024,
    },
    async (request) =>
      addRewardCodes({
        db,
        actor: await app.actor(request),
        rewardId: request.body.rewardId,
        codes: request.body.uploadedCodes.codes,
        fileUrl: request.body.uploadedCodes.fileUrl,
        dataDir: opts.dataDir,
      }),
  );

  r.post(
    '/api/v3/bundle/:id/reward/:rewardId/generate-codes',
    {
      config: { permission: 'reward:update' },
      schema: {
        tags,
        summary: "Generate codes into a code reward's pool from a pattern: prefix, length, alphabet, count (≤ 100,000 per call)",
        description:
          'Characters are drawn with a cryptographic random source. Codes are unique within the reward: a draw that meets a code the reward already has (uploaded or generated) is drawn again (counted in `regenerated`). The pattern must allow at least 1,000 times the count (400 naming `length` otherwise).',
        params: ZCampaignRewardParams,
        body: ZGenerateCodesBody.meta({ example: { prefix: 'SPRING-', length: 8, alphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789', count: 5000 } }),
        response: { 200: ZGenerateCodesResult.meta({ example: { added: 5000, regenerated: 0, availableCodes: 5000 } }), ...errorResponses },
      },
    },
    async (request) =>
      generateRewardCodes({ db, actor: await app.actor(request), campaignId: request.params.id, rewardId: request.params.rewardId, pattern: request.body }),
  );

  r.get(
    '/api/v3/bundle/:id/reward/:rewardId/codes.csv',
    {
      config: { permission: 'reward:read' },
      schema: {
        tags,
        summary: "A code reward's pool as CSV: every code (uploaded or generated), available or issued and when (streamed)",
        params: ZCampaignRewardParams,
        response: { 200: fileResponse('code,status,issued_at,added_at — one row per code', ['text/csv']), ...errorResponses },
      },
    },
    async (request, reply) => {
      const rows = await rewardCodesCsv(db, await app.actor(request), request.params.id, request.params.rewardId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reward-${request.params.rewardId}-codes.csv"`)
        .send(Readable.from(rows));
    },
  );

  r.get(
    '/api/v3/bundle/:id/reward/:rewardId/stock-alerts',
    {
      config: { permission: 'reward:read' },
      schema: {
        tags,
        summary: "A reward's low-stock thresholds (codes left, budget left) and what is left now",
        params: ZCampaignRewardParams,
        response: { 200: ZStockAlerts, ...errorResponses },
      },
    },
    async (request) => getStockAlerts({ db, actor: await app.actor(request), campaignId: request.params.id, rewardId: request.params.rewardId }),
  );

  r.put(
    '/api/v3/bundle/:id/reward/:rewardId/stock-alerts',
    {
      config: { permission: 'reward:update' },
      schema: {
        tags,
        summary: "Set a reward's low-stock thresholds: mail to owners and admins and the codes.low / budget.low webhook once each time what is left falls under one",
        description: 'null turns an alert off. A threshold above what is left now counts as crossed already: the next alert comes after a refill to the threshold or above.',
        params: ZCampaignRewardParams,
        body: ZStockAlertsBody.meta({ example: { codesBelow: 100, budgetBelowCents: null } }),
        response: { 200: ZStockAlerts, ...errorResponses },
      },
    },
    async (request) =>
      setStockAlerts({ db, actor: await app.actor(request), campaignId: request.params.id, rewardId: request.params.rewardId, body: request.body }),
  );

  r.get(
    '/api/v3/bundle/codes-template.csv',
    { config: { permission: 'public' }, schema: { tags, summary: 'A template code file (one code per row, leading zeros kept; no brand data, so no session needed)', response: { 200: fileResponse('The template as CSV', ['text/csv']) } } },
    async (_request, reply) =>
      reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="codes-template.csv"').send(CODE_TEMPLATE_CSV),
  );
}
