import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZMarkNotificationsReadBody,
  ZNotificationChoices,
  ZNotificationChoicesBody,
  ZNotificationList,
  ZNotificationListQuery,
  ZOk,
  ZPushKey,
  ZPushSubscriptionBody,
  ZPushUnsubscribeBody,
} from '@rally/domain';
import { z } from 'zod';
import type { VapidKeys } from '../../config/vapid.js';
import { errorResponses } from '../../lib/error-responses.js';
import type { Mailer } from '../../lib/mailer.js';
import { resolvePlayActor } from '../play/index.js';
import { listNotifications, markNotificationsRead } from './list-notifications.js';
import { getNotificationChoices, saveNotificationChoices } from './notification-choices.js';
import { registerNotificationJobs } from './notification-jobs.js';
import { removePushSubscription, savePushSubscription } from './push-subscriptions.js';
import { createPushSender, type PushSender } from './web-push-sender.js';

export interface NotificationRoutesOptions {
  vapid: VapidKeys;
  mailer: Mailer;
  publicUrl: string;
  sweepSeconds: number;
  /** Plain-http push endpoints on this machine (tests' local push service); never in production. */
  allowLoopbackPush: boolean;
  /** The push transport (tests may pass one with a shorter timeout). */
  push?: PushSender;
}

const tags = ['play'];
const security = [{ playSession: [] }];

/** A participant's inbox, notification choices and Web Push subscriptions under /api/play/notifications. */
export async function notificationRoutes(app: FastifyInstance, opts: NotificationRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const actor = (request: Parameters<typeof resolvePlayActor>[2]) => resolvePlayActor(db, app.caches.play.sessions, request);
  registerNotificationJobs({
    db,
    jobs: app.jobs,
    mailer: opts.mailer,
    push: opts.push ?? createPushSender(opts.vapid),
    log: app.log,
    publicUrl: opts.publicUrl,
    sweepSeconds: opts.sweepSeconds,
  });

  r.get(
    '/api/play/notifications',
    {
      config: { permission: 'participant' },
      schema: {
        tags,
        security,
        summary: 'My inbox, newest first (30 a page; `before`: the last id of the previous page), with the unread count',
        querystring: ZNotificationListQuery,
        response: { 200: ZNotificationList, ...errorResponses },
      },
    },
    async (request) => listNotifications(db, await actor(request), request.query.before),
  );

  r.post(
    '/api/play/notifications/read',
    {
      config: { permission: 'participant' },
      schema: {
        tags,
        security,
        summary: 'Mark inbox items read (`ids`), or all of them (no ids)',
        body: ZMarkNotificationsReadBody,
        response: { 200: z.object({ unread: z.number().int() }), ...errorResponses },
      },
    },
    async (request) => markNotificationsRead(db, await actor(request), request.body),
  );

  r.get(
    '/api/play/notifications/choices',
    {
      config: { permission: 'participant' },
      schema: { tags, security, summary: 'My notification choices: each kind × push and mail (the inbox always gets every item)', response: { 200: ZNotificationChoices, ...errorResponses } },
    },
    async (request) => getNotificationChoices(db, await actor(request)),
  );

  r.post(
    '/api/play/notifications/choices',
    {
      config: { permission: 'participant' },
      schema: {
        tags,
        security,
        summary: 'Save notification choices (the ones sent; the others stay)',
        description: 'Mail can be turned on only by a participant with an email address (400 naming the choice otherwise).',
        body: ZNotificationChoicesBody,
        response: { 200: ZNotificationChoices, ...errorResponses },
      },
    },
    async (request) => saveNotificationChoices(db, await actor(request), request.body),
  );

  r.get(
    '/api/play/notifications/push-key',
    {
      config: { permission: 'participant' },
      schema: { tags, security, summary: "The server's VAPID public key: the applicationServerKey for pushManager.subscribe", response: { 200: ZPushKey, ...errorResponses } },
    },
    async (request) => {
      await actor(request);
      return { publicKey: opts.vapid.publicKey };
    },
  );

  r.post(
    '/api/play/notifications/push-subscriptions',
    {
      config: { permission: 'participant' },
      schema: {
        tags,
        security,
        summary: "Keep this browser's push subscription (PushSubscription.toJSON()) for me",
        description: 'The endpoint must be https (a push service). Sending the same endpoint again replaces its keys; a browser shared by two people pushes to the last one who subscribed.',
        body: ZPushSubscriptionBody,
        response: { 201: ZOk, ...errorResponses },
      },
    },
    async (request, reply) => {
      await savePushSubscription(db, await actor(request), request.body, { allowLoopbackHttp: opts.allowLoopbackPush });
      return reply.status(201).send({ ok: true as const });
    },
  );

  r.post(
    '/api/play/notifications/push-subscriptions/remove',
    {
      config: { permission: 'participant' },
      schema: { tags, security, summary: "Stop pushing to this browser (its endpoint)", body: ZPushUnsubscribeBody, response: { 200: ZOk, ...errorResponses } },
    },
    async (request) => {
      await removePushSubscription(db, await actor(request), request.body.endpoint);
      return { ok: true as const };
    },
  );
}
