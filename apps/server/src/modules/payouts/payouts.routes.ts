import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_CODES,
  ZApprovePayoutsBody,
  ZApprovePayoutsResult,
  ZErrorBody,
  ZMyPayouts,
  ZPayout,
  ZPayoutDetails,
  ZPayoutDetailsBody,
  ZPayoutList,
  ZPayoutListQuery,
  ZPayoutSettings,
  ZPayoutSettingsBody,
  ZRequestPayoutBody,
} from '@rally/domain';
import { fileResponse } from '../../lib/api-docs.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { participantKey } from '../engine/index.js';
import { resolvePlayActor } from '../play/index.js';
import { approvePayouts } from './approve-payouts.js';
import { handlePayoutEvent } from './handle-payout-event.js';
import type { PayoutProvider } from './payout-provider.js';
import { getPayoutSettings, updatePayoutSettings } from './payout-settings.js';
import { unsentPending } from './payouts.repository.js';
import { getMyPayouts, listPayouts, payoutsCsv, type PayoutParticipant } from './payouts-reads.js';
import { requestPayout } from './request-payout.js';
import { savePayoutDetails } from './save-payout-details.js';
import { sendPayout } from './send-payout.js';
import { idempotencyKeyHeader, idempotencyKeyOf } from '../../lib/idempotency-key.js';

export interface PayoutRoutesOptions {
  provider: PayoutProvider;
  /** How often payouts left unsent (a crash between the request and the provider call) are sent again. */
  sweepEverySeconds?: number;
}

const playTags = ['play'];
const security = [{ playSession: [] }];
const tags = ['payouts'];

/** Payouts: participants' balances, details and requests under /api/play; the brand's list, approval and rules. */
export async function payoutRoutes(app: FastifyInstance, options: PayoutRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const { provider } = options;
  const participant = async (request: FastifyRequest): Promise<PayoutParticipant> => {
    const a = await resolvePlayActor(db, app.caches.play.sessions, request);
    return { key: participantKey(a), homeBrandId: a.brandId, name: a.participant.name, email: a.participant.email || null };
  };

  app.jobs.every('payouts.send-unsent', options.sweepEverySeconds ?? 60, async () => {
    for (const id of await unsentPending(db, new Date(Date.now() - 60_000), 50)) await sendPayout(db, provider, id, app.log);
  });

  r.get(
    '/api/play/payouts',
    { config: { permission: 'participant' }, schema: { tags: playTags, security, summary: 'My balance per brand, where my payouts go, and my payouts', response: { 200: ZMyPayouts, ...errorResponses } } },
    async (request) => getMyPayouts(db, await participant(request), provider.testMode),
  );

  r.post(
    '/api/play/payouts/details',
    {
      config: { permission: 'participant' },
      schema: { tags: playTags, security, summary: 'Set where my payouts go: PayPal (email) or bank transfer (IBAN and holder)', body: ZPayoutDetailsBody, response: { 200: ZPayoutDetails, ...errorResponses } },
    },
    async (request) => savePayoutDetails(db, await participant(request), request.body),
  );

  r.post(
    '/api/play/payouts',
    {
      config: { permission: 'participant' },
      schema: {
        tags: playTags,
        security,
        summary: 'Ask for my whole balance at a brand (Idempotency-Key header required; a replay answers the first payout)',
        description:
          '201 with the payout: paid at once in the sandbox, pending while a provider delivers it, requested when the brand approves payouts. 409 when the balance is below the brand\'s minimum (or was just paid out by another request); 400 naming payoutDetails when no details are set.',
        headers: idempotencyKeyHeader('this request'),
        body: ZRequestPayoutBody,
        response: { 200: ZPayout, 201: ZPayout, ...errorResponses },
      },
    },
    async (request, reply) => {
      const who = await participant(request);
      const keyData = idempotencyKeyOf(request);
      const { payout, created } = await requestPayout({ db, provider, who, brandId: request.body.brandId, idempotencyKey: keyData, log: request.log });
      return reply.status(created ? 201 : 200).send(payout);
    },
  );

  r.get(
    '/api/payouts',
    {
      config: { permission: 'billing:read' },
      schema: { tags, summary: "The brand's payouts, newest first (500), with totals by status", querystring: ZPayoutListQuery, response: { 200: ZPayoutList, ...errorResponses } },
    },
    async (request) => listPayouts(db, await app.actor(request), request.query),
  );

  r.get(
    '/api/payouts.csv',
    {
      config: { permission: 'billing:read' },
      schema: {
        tags,
        summary: 'The filtered payouts as CSV (formula-like text cells neutralised with a leading apostrophe)',
        querystring: ZPayoutListQuery,
        response: { 200: fileResponse('The payouts as CSV', ['text/csv']), ...errorResponses },
      },
    },
    async (request, reply) => {
      const csv = await payoutsCsv(db, await app.actor(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payouts-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(`\uFEFF${csv}`);
    },
  );

  r.post(
    '/api/payouts/approve',
    {
      config: { permission: 'billing:manage' },
      schema: {
        tags,
        summary: 'Approve a batch of requested payouts (the listed ids, or all requested) and send them',
        body: ZApprovePayoutsBody,
        response: { 200: ZApprovePayoutsResult, ...errorResponses },
      },
    },
    async (request) => approvePayouts({ db, provider, actor: await app.actor(request), ids: request.body.ids, log: request.log }),
  );

  r.get(
    '/api/payouts/settings',
    { config: { permission: 'billing:read' }, schema: { tags, summary: "The brand's payout rules and provider", response: { 200: ZPayoutSettings, ...errorResponses } } },
    async (request) => getPayoutSettings(db, await app.actor(request), provider),
  );

  r.put(
    '/api/payouts/settings',
    {
      config: { permission: 'billing:manage' },
      schema: { tags, summary: 'Set the minimum payout and whether the brand approves payouts', body: ZPayoutSettingsBody, response: { 200: ZPayoutSettings, ...errorResponses } },
    },
    async (request) => updatePayoutSettings(db, await app.actor(request), provider, request.body),
  );

  // Tremendous signs the exact bytes it sent: this route reads its body raw (its own parser, in its own scope).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payouts/tremendous/webhook',
      {
        // Tremendous's own call: its Tremendous-Webhook-Signature is the check.
        config: { permission: 'public' },
        schema: {
          tags,
          summary: "Tremendous's callback (REWARDS.DELIVERY.SUCCEEDED / FAILED), verified by its Tremendous-Webhook-Signature",
          description:
            'Idempotent by event uuid, and a payout is paid or returned once: a replayed callback changes nothing. A missing or forged signature answers 400 naming tremendous-webhook-signature.',
          response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), 400: ZErrorBody, 404: ZErrorBody },
        },
      },
      async (request) => {
        if (provider.name !== 'tremendous') throw notFound('Tremendous webhook (Tremendous is not configured)');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        let event;
        try {
          event = provider.verifyCallback(raw, request.headers);
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw new AppError(400, ERROR_CODES.validation, 'The callback signature does not verify', [
            { path: provider.signatureHeader ?? 'signature', message: error instanceof Error ? error.message : 'invalid signature' },
          ]);
        }
        return { received: true as const, outcome: await handlePayoutEvent(db, provider, event, request.log) };
      },
    );
  });
}
