import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PLAY_CODE_TTL_SECONDS,
  ZCampaignIdParams,
  ZErrorBody,
  ZOk,
  ZAddReceiptBody,
  ZAddReceiptResult,
  ZPlayCampaignDetail,
  ZPlayCampaignList,
  ZPlayCompletionBody,
  ZPlayCompletionParams,
  ZPlayCompletionResult,
  ZPlayMyRewards,
  ZPlayPasswordSignInBody,
  ZPlayRank,
  ZPlayRankQuery,
  ZPlayRequestCodeBody,
  ZPlayRequestCodeResponse,
  ZPlaySession,
  ZPlayUnlock,
  ZPlayUnlockParams,
  ZPlayUpload,
  ZPlayVerifyCodeBody,
  ZPlayAccounts,
  ZPlayAccountsBody,
  ZPrizeUserFormBody,
  type TAddReceiptResult,
} from '@rally/domain';
import { notFound } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { PHOTO_LIMITS } from '../../lib/image-upload.js';
import { fileOfRequest } from '../../lib/multipart-upload.js';
import type { KnownDevices } from '../auth/index.js';
import { participantKey, recordCompletion } from '../engine/index.js';
import { createDiskStorage } from '../media/index.js';
import { addReceipt, attachReceipt, queueReceiptReview, type SmartReviewDeps } from '../smart-review/index.js';
import { campaignReachingMe, getMyCampaign, getMyRank, listMyCampaigns } from './play-campaigns.js';
import type { PlayMailer } from './play-mailer.js';
import { listMyRewards, submitPrizeForm } from './play-rewards.js';
import {
  clearPlayCookie,
  deletePlaySession,
  forgetPlaySession,
  playTokenOf,
  resolvePlayActor,
  setPlayCookie,
  type PlayActor,
} from './play-session.js';
import { uploadBelongsTo } from './play.repository.js';
import { listSignInAccounts, passwordSignIn, registerSignInJobs, requestSignInCode, verifySignInCode } from './sign-in.js';
import { uploadPhoto } from './upload-photo.js';
import path from 'node:path';
import { idempotencyKeyHeader, idempotencyKeyOf } from '../../lib/idempotency-key.js';

export interface PlayRoutesOptions {
  mailer: PlayMailer;
  secureCookies: boolean;
  dataDir: string;
  signInRateLimit: { max: number; timeWindow: number };
  /** Browsers that signed in with a password before get past the account's back-off (decision 0016). */
  knownDevices: KnownDevices;
  /** Smart review: receipts of sales entries are linked to their completion and read (or queued for a person). */
  smartReview?: SmartReviewDeps;
  /** Called after a new completion is recorded (the public page mails a consumer the codes it was issued). */
  afterCompletion?: (event: { actor: PlayActor; completionId: number; unlockedCodes: number; acceptLanguage: string | undefined }) => Promise<void>;
}

const tags = ['play'];
const security = [{ playSession: [] }];

/** The participant API: store users and consumers, with their own session cookie; no dashboard session reaches it. */
export async function playRoutes(app: FastifyInstance, opts: PlayRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const storage = createDiskStorage(path.join(opts.dataDir, 'play-uploads'));
  // The app's caches (decision 0015): participant sessions and reaches, and the engine's contest standings and pages.
  const { play: playCaches, engine: engineCaches } = app.caches;
  const actor = (request: Parameters<typeof resolvePlayActor>[2]) => resolvePlayActor(db, playCaches.sessions, request);
  const sr = opts.smartReview;
  // Sign-in codes are made and mailed by a background job, after the answer (decision 0016).
  registerSignInJobs(app.jobs, db, opts.mailer);

  r.post(
    '/api/play/auth/request-code',
    {
      config: { permission: 'public', rateLimit: opts.signInRateLimit },
      schema: {
        tags,
        summary: 'Mail a six-digit sign-in code (same answer whether the email is known or not)',
        description:
          'A consumer signing in for the first time sends `join` with a consumer campaign\'s public uid, name and country. The mail leaves from the job queue after the answer. At most 3 codes per email in a row, then 429 with Retry-After (1 minute, doubling up to 15).',
        body: ZPlayRequestCodeBody,
        response: { 200: ZPlayRequestCodeResponse, 400: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) => {
      await requestSignInCode(db, app.jobs, request.body);
      return { ok: true as const, expiresInSeconds: PLAY_CODE_TTL_SECONDS };
    },
  );

  r.post(
    '/api/play/auth/verify-code',
    {
      config: { permission: 'public', rateLimit: opts.signInRateLimit },
      schema: {
        tags,
        summary: 'Sign in with the mailed code; sets the rally_play_session cookie',
        description: '`?framed=1` (the embeddable public page inside another site) sets it SameSite=None; Secure; Partitioned.',
        querystring: z.object({ framed: z.enum(['1']).optional() }).strict(),
        body: ZPlayVerifyCodeBody,
        response: { 200: ZPlaySession, 400: ZErrorBody, 401: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) => {
      const { token, actor: a } = await verifySignInCode(db, request.body);
      setPlayCookie(reply, token, opts.secureCookies, request.query.framed === '1');
      return { participant: a.participant };
    },
  );

  r.post(
    '/api/play/auth/accounts',
    {
      config: { permission: 'public', rateLimit: opts.signInRateLimit },
      schema: {
        tags,
        summary: "The participant accounts an email's code (left unused) or password opens, to choose one before signing in",
        description: 'An email may belong to store users of several stores or brands and to consumers (product rule R63); verify-code and sign-in take the chosen `account`.',
        body: ZPlayAccountsBody,
        response: { 200: ZPlayAccounts, 400: ZErrorBody, 401: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) => ({
      accounts: await listSignInAccounts(db, request.body, opts.knownDevices.proofOf(request, 'play-password', request.body.email)),
    }),
  );

  r.post(
    '/api/play/auth/sign-in',
    {
      config: { permission: 'public', rateLimit: opts.signInRateLimit },
      schema: { tags, summary: 'Password sign-in for store users that have one (demo store users: demo1234)', body: ZPlayPasswordSignInBody, response: { 200: ZPlaySession, 400: ZErrorBody, 401: ZErrorBody, 429: ZErrorBody } },
    },
    async (request, reply) => {
      const device = opts.knownDevices.proofOf(request, 'play-password', request.body.email);
      const { token, actor: a } = await passwordSignIn(db, request.body, device);
      setPlayCookie(reply, token, opts.secureCookies);
      opts.knownDevices.remember(request, reply, 'play-password', request.body.email);
      return { participant: a.participant };
    },
  );

  r.post(
    '/api/play/auth/sign-out',
    { config: { permission: 'participant' }, schema: { tags, summary: 'End the participant session', response: { 200: ZOk } } },
    async (request, reply) => {
      const token = playTokenOf(request);
      if (token) {
        await deletePlaySession(db, token);
        forgetPlaySession(playCaches.sessions, token);
      }
      clearPlayCookie(reply, opts.secureCookies);
      return { ok: true as const };
    },
  );

  r.get('/api/play/me', { config: { permission: 'participant' }, schema: { tags, security, summary: 'The signed-in participant', response: { 200: ZPlaySession, 401: ZErrorBody } } }, async (request) => ({
    participant: (await actor(request)).participant,
  }));

  r.get(
    '/api/play/campaigns',
    { config: { permission: 'participant' }, schema: { tags, security, summary: 'Active campaigns that reach me (scope / countries)', response: { 200: ZPlayCampaignList, ...errorResponses } } },
    async (request) => listMyCampaigns(db, await actor(request)),
  );

  r.get(
    '/api/play/campaigns/:id',
    {
      config: { permission: 'participant' },
      schema: {
        tags,
        security,
        summary: 'One campaign that reaches me: missions with my progress and entries left, rewards with codes and budget left',
        params: ZCampaignIdParams,
        response: { 200: ZPlayCampaignDetail, ...errorResponses },
      },
    },
    async (request) => getMyCampaign(db, await actor(request), request.params.id),
  );

  r.post(
    '/api/play/campaigns/:id/missions/:campaignMissionId/completions',
    {
      config: { permission: 'participant' },
      schema: {
        tags,
        security,
        summary: 'Submit a completion (Idempotency-Key header required; a replay answers the first result)',
        description:
          '`kind` must be the mission\'s submissionKind. 201 with the completion and the rewards it unlocked; a replayed key answers 200 with the first body and replayed: true; the same key with another body is 409 IDEMPOTENCY_KEY_REUSED.',
        params: ZPlayCompletionParams,
        headers: idempotencyKeyHeader('this submission'),
        body: ZPlayCompletionBody,
        response: { 200: ZPlayCompletionResult, 201: ZPlayCompletionResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const a = await actor(request);
      const parsedData = idempotencyKeyOf(request);
      // Only a campaign that reaches me (scope: my store, a group of it, all stores; consumers: my country).
      await campaignReachingMe(db, playCaches.reaches, a, request.params.id);
      const pending: { receipt: TAddReceiptResult | null } = { receipt: null };
      const { result, created } = await recordCompletion({
        db,
        caches: engineCaches,
        participant: a,
        campaignId: request.params.id,
        campaignMissionId: request.params.campaignMissionId,
        body: request.body,
        idempotencyKey: parsedData,
        uploadExists: (id) => uploadBelongsTo(db, participantKey(a), id),
        // A sale with a receipt stays pending, linked to its receipt row (smart review).
        ...(sr
          ? {
              onPendingReceipt: async (tx, receipt) => {
                pending.receipt = await attachReceipt(tx, sr, receipt);
              },
            }
          : {}),
      });
      // Read by OCR after commit (smart review on); a person reviews it otherwise.
      if (sr && pending.receipt?.status === 'queued') await queueReceiptReview(sr.jobs, pending.receipt.receiptId);
      if (created && opts.afterCompletion) {
        await opts.afterCompletion({
          actor: a,
          completionId: result.completion.id,
          unlockedCodes: result.unlocked.filter((u) => u.code !== null).length,
          acceptLanguage: request.headers['accept-language'],
        });
      }
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  r.post(
    '/api/play/uploads',
    {
      config: { permission: 'participant' },
      schema: {
        tags,
        security,
        summary: 'Upload a photo (receipt or photo field) as multipart field "file": an image by its content (JPEG, PNG, WebP, GIF, AVIF, TIFF), ≤ 10 MB, ≤ 40 megapixels',
        consumes: ['multipart/form-data'],
        response: { 201: ZPlayUpload, 413: ZErrorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      const a = await actor(request);
      const part = await fileOfRequest(request, { fileSize: PHOTO_LIMITS.bytes });
      return reply.status(201).send(await uploadPhoto({ db, storage }, a, part));
    },
  );

  r.post(
    '/api/play/receipt-scan/add-receipt',
    {
      config: { permission: 'participant' },
      schema: {
        tags,
        security,
        summary: 'add-receipt (spec §7): attach a receipt photo (`master`, an upload id) to one of my sales entries waiting for review (`completionsId`)',
        description: 'The entry stays pending until the receipt is reviewed: read by OCR when the brand\'s smart review is on, by a person otherwise. A second call replaces the photo while it is not decided yet.',
        body: ZAddReceiptBody,
        response: { 200: ZAddReceiptResult, ...errorResponses },
      },
    },
    async (request) => {
      const a = await actor(request);
      if (!sr) throw notFound('Receipt scanning');
      return addReceipt(sr, { brandId: a.brandId, participantKey: participantKey(a) }, request.body);
    },
  );

  r.get(
    '/api/play/rewards',
    { config: { permission: 'participant' }, schema: { tags, security, summary: 'Everything I unlocked: revealed codes, money earned, prizes with their form', response: { 200: ZPlayMyRewards, ...errorResponses } } },
    async (request) => listMyRewards(db, await actor(request)),
  );

  r.post(
    '/api/play/rewards/:unlockId/prize-form',
    {
      config: { permission: 'participant' },
      schema: { tags, security, summary: 'Fill the delivery form of a prize I unlocked', params: ZPlayUnlockParams, body: ZPrizeUserFormBody, response: { 200: ZPlayUnlock, ...errorResponses } },
    },
    async (request) => submitPrizeForm(db, await actor(request), request.params.unlockId, request.body),
  );

  r.get(
    '/api/play/campaigns/:id/rank',
    {
      config: { permission: 'participant' },
      schema: { tags, security, summary: 'My rank in the campaign\'s contest, with the top rows the contest shows', params: ZCampaignIdParams, querystring: ZPlayRankQuery, response: { 200: ZPlayRank, ...errorResponses } },
    },
    async (request) => getMyRank(db, { reaches: playCaches.reaches, contests: engineCaches }, await actor(request), request.params.id, request.query.top),
  );
}
