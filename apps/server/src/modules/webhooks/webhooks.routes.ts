import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WEBHOOK_DELIVERY,
  ZCreateWebhookEndpointBody,
  ZUpdateWebhookEndpointBody,
  ZWebhookEndpoint,
  ZWebhookEndpointList,
  ZWebhookEndpointParams,
  ZWebhookEndpointWithSecret,
  ZWebhookMessage,
  ZWebhookMessageList,
  ZWebhookMessageParams,
} from '@rally/domain';
import { errorResponses } from '../../lib/error-responses.js';
import type { Mailer } from '../../lib/mailer.js';
import { createWebhookEndpoint, type WebhookSettings } from './create-webhook-endpoint.js';
import { deleteWebhookEndpoint, rotateWebhookSecret, updateWebhookEndpoint } from './change-webhook-endpoint.js';
import { listWebhookEndpoints, listWebhookMessages } from './list-webhooks.js';
import { replayWebhookMessage } from './replay-webhook-message.js';
import { DISABLED_MAIL_JOB, registerWebhookDispatcher, type WebhookDispatcher } from './webhook-dispatcher.js';
import { mailEndpointDisabled } from './webhook-disabled-mail.js';
import { createSecretBox } from './webhook-secret.js';
import { createWebhookSender } from './webhook-sender.js';

export interface WebhookOptions {
  /** AUTH_SECRET: the signing secrets' encryption key is derived from it. */
  authSecret: string;
  /** WEBHOOK_ALLOW_PRIVATE_URLS. */
  allowPrivate: boolean;
  sweepSeconds: number;
  mailer: Mailer;
  publicUrl: string;
  /** The benchmark may shorten the delivery policy (timeout). */
  policy?: typeof WEBHOOK_DELIVERY;
}

export interface Webhooks {
  settings: WebhookSettings;
  dispatcher: WebhookDispatcher;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook dispatcher of this process and the endpoints' settings (decision 0029). */
    webhooks: Webhooks;
  }
}

/**
 * The dispatcher delivering the outbox, registered on the job queue, and the mail job for an endpoint turned off
 * after failures. app.ts makes it once and decorates the app with it (tests wait on the dispatcher).
 */
export function createWebhooks(app: FastifyInstance, opts: WebhookOptions): Webhooks {
  const db = app.database.db;
  const policy = opts.policy ?? WEBHOOK_DELIVERY;
  const settings = { box: createSecretBox(opts.authSecret), allowPrivate: opts.allowPrivate };
  const sender = createWebhookSender({ allowPrivate: opts.allowPrivate, timeoutMs: policy.timeoutMs, responseBodyChars: policy.responseBodyChars, maxSockets: 64 });
  const dispatcher = registerWebhookDispatcher({ db, jobs: app.jobs, log: app.log, box: settings.box, sender, sweepSeconds: opts.sweepSeconds, policy });
  app.addHook('onClose', () => dispatcher.stop());
  app.jobs.register<{ endpointId: number }>(DISABLED_MAIL_JOB, ({ endpointId }) =>
    mailEndpointDisabled({ db, mailer: opts.mailer, publicUrl: opts.publicUrl, endpointId }),
  );
  return { settings, dispatcher };
}

const tags = ['webhooks'];
const SECRET_ONCE =
  'The signing secret (`whsec_…`, Standard Webhooks) is in this answer only. The server keeps it encrypted (AES-256-GCM under a key derived from AUTH_SECRET) to sign deliveries.';

/**
 * The dashboard's webhooks screen (settings): owners and admins manage the brand's endpoints, read the delivery log
 * and replay a message (decision 0029).
 */
export async function webhookRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const { settings, dispatcher } = app.webhooks;

  r.get(
    '/api/webhooks',
    {
      config: { permission: 'webhook:manage' },
      schema: { tags, summary: "The brand's webhook endpoints (newest first; never their secrets) and the events one may subscribe to", response: { 200: ZWebhookEndpointList, ...errorResponses } },
    },
    async (request) => listWebhookEndpoints(db, await app.actor(request)),
  );

  r.post(
    '/api/webhooks',
    {
      config: { permission: 'webhook:manage' },
      schema: {
        tags,
        summary: 'Create a webhook endpoint: an https URL (public: private, loopback and link-local addresses are refused) and the events it receives',
        description: SECRET_ONCE,
        body: ZCreateWebhookEndpointBody.meta({ example: { url: 'https://hooks.example.com/rally', description: 'CRM', events: ['reward.unlocked', 'code.issued'] } }),
        response: { 201: ZWebhookEndpointWithSecret, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createWebhookEndpoint({ db, actor: await app.actor(request), body: request.body, settings })),
  );

  r.patch(
    '/api/webhooks/:endpointId',
    {
      config: { permission: 'webhook:manage' },
      schema: {
        tags,
        summary: "Change an endpoint's URL, description or events, or turn it off (`enabled: false`) or on again",
        params: ZWebhookEndpointParams,
        body: ZUpdateWebhookEndpointBody.meta({ example: { enabled: true } }),
        response: { 200: ZWebhookEndpoint, ...errorResponses },
      },
    },
    async (request) => updateWebhookEndpoint({ db, actor: await app.actor(request), endpointId: request.params.endpointId, body: request.body, settings }),
  );

  r.delete(
    '/api/webhooks/:endpointId',
    {
      config: { permission: 'webhook:manage' },
      schema: { tags, summary: 'Delete an endpoint, its waiting messages and its delivery log', params: ZWebhookEndpointParams, response: { 204: z.null().describe('Deleted'), ...errorResponses } },
    },
    async (request, reply) => {
      await deleteWebhookEndpoint({ db, actor: await app.actor(request), endpointId: request.params.endpointId });
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/webhooks/:endpointId/rotate',
    {
      config: { permission: 'webhook:manage' },
      schema: {
        tags,
        summary: 'Rotate the signing secret: the new one signs from now on, the previous one also signs for 24 hours (two signatures in `webhook-signature`)',
        description: SECRET_ONCE,
        params: ZWebhookEndpointParams,
        response: { 201: ZWebhookEndpointWithSecret, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await rotateWebhookSecret({ db, actor: await app.actor(request), endpointId: request.params.endpointId, settings })),
  );

  r.get(
    '/api/webhooks/:endpointId/messages',
    {
      config: { permission: 'webhook:manage' },
      schema: {
        tags,
        summary: "The endpoint's delivery log: its latest 50 messages with each attempt's request, response (truncated) and duration",
        params: ZWebhookEndpointParams,
        response: { 200: ZWebhookMessageList, ...errorResponses },
      },
    },
    async (request) => listWebhookMessages(db, await app.actor(request), request.params.endpointId),
  );

  r.post(
    '/api/webhooks/:endpointId/messages/:messageId/replay',
    {
      config: { permission: 'webhook:manage' },
      schema: {
        tags,
        summary: 'Send a message again with its original id and body (delivered, given up or still retrying); 409 while the endpoint is off',
        params: ZWebhookMessageParams,
        response: { 202: ZWebhookMessage, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(202).send(
        await replayWebhookMessage({
          db,
          actor: await app.actor(request),
          endpointId: request.params.endpointId,
          messageId: request.params.messageId,
          onQueued: () => void dispatcher.sweep(),
        }),
      ),
  );
}
