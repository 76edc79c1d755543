import type { FastifyBaseLogger } from 'fastify';
import { CAMPAIGN_ENDING_NOTICE_SECONDS, defaultChoice, notificationText, type TNotificationData } from '@rally/domain';
import type { Db } from '../../db/client.js';
import type { BackgroundJobs } from '../../lib/background-jobs.js';
import { renderEmail } from '../../lib/email-template.js';
import type { Mailer } from '../../lib/mailer.js';
import {
  claimDeliveries,
  deletePushEndpoints,
  finishDeliveries,
  hasOpenDeliveries,
  insertDeliveries,
  insertEndingEvents,
  insertPersonNotification,
  insertReachNotifications,
  lockPendingEvent,
  markEventFannedOut,
  pendingEventIds,
  subjectDetails,
  type ClaimedDelivery,
} from './notifications.repository.js';
import type { PushSender } from './web-push-sender.js';

export const FAN_OUT_JOB = 'notification-fan-out';
export const DELIVER_JOB = 'notification-deliver';

export interface NotificationJobDeps {
  db: Db;
  jobs: BackgroundJobs;
  mailer: Mailer;
  push: PushSender;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** How often the outbox is read for new events. */
  sweepSeconds: number;
  /** Deliveries taken per round, and pushes in flight at once. */
  batchSize?: number;
  concurrency?: number;
}

/** A delivery is given up after this many tries (each retried 5 minutes after the last). */
const MAX_ATTEMPTS = 5;
/** A push waits this long at the push service for a browser that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

const epoch = (d: Date | string | null) => (d === null ? null : Math.floor(new Date(d).getTime() / 1000));

/**
 * The notification pipeline (decision 0026), all of it job work, none of it in the request that caused the event:
 * a sweep reads the outbox the database triggers wrote and queues one fan-out job per event; the fan-out writes
 * one inbox item per person (unique per event and person, so a retried job adds nothing) and each person's
 * deliveries by their choices, in one transaction with marking the event done; delivery jobs take deliveries in
 * batches and send push and mail.
 */
export function registerNotificationJobs(deps: NotificationJobDeps): void {
  const { jobs, db, log } = deps;
  jobs.register<{ eventId: number }>(FAN_OUT_JOB, async ({ eventId }) => {
    const channels = await fanOutEvent(db, eventId);
    for (const channel of channels) await jobs.send(DELIVER_JOB, { channel }, { singletonKey: `deliver:${channel}` });
  });
  jobs.register<{ channel: 'push' | 'mail' }>(DELIVER_JOB, ({ channel }) => deliverAll(deps, channel));
  jobs.every('notification-outbox', deps.sweepSeconds, async () => {
    for (const eventId of await pendingEventIds(db, 200)) await jobs.send(FAN_OUT_JOB, { eventId }, { singletonKey: `event:${eventId}` });
    // Deliveries left behind (a restart of the in-process queue, a worker that stopped): their job again.
    for (const channel of ['push', 'mail'] as const)
      if (await hasOpenDeliveries(db, channel)) await jobs.send(DELIVER_JOB, { channel }, { singletonKey: `deliver:${channel}` });
  });
  // Campaigns ending within 24 hours get their event once (its key); checked every minute.
  jobs.every('notification-ending', 60, async () => {
    await insertEndingEvents(db, CAMPAIGN_ENDING_NOTICE_SECONDS);
  });
  log.debug('notification jobs registered');
}

/** Fans one event out; answers the channels that got deliveries. An event already done (or being done) does nothing. */
export async function fanOutEvent(db: Db, eventId: number): Promise<('push' | 'mail')[]> {
  return db.transaction(async (tx) => {
    const e = await lockPendingEvent(tx, eventId);
    if (!e) return [];
    const details = await subjectDetails(tx, e);
    const data: TNotificationData = {
      campaignName: e.campaign_name,
      endsAt: e.kind === 'campaign-ending' ? epoch(e.end_date) : null,
      ...details,
    };
    if (e.participant === null) await insertReachNotifications(tx, e, data);
    else await insertPersonNotification(tx, e, data);
    const counts = await insertDeliveries(tx, e.id, { push: defaultChoice('push'), mail: defaultChoice('mail') });
    await markEventFannedOut(tx, e.id);
    return (['push', 'mail'] as const).filter((c) => counts[c] > 0);
  });
}

/** Sends a channel's deliveries until none is left to take. */
async function deliverAll(deps: NotificationJobDeps, channel: 'push' | 'mail'): Promise<void> {
  const batchSize = deps.batchSize ?? 500;
  for (;;) {
    const batch = await claimDeliveries(deps.db, channel, batchSize);
    if (batch.length === 0) return;
    if (channel === 'push') await sendPushBatch(deps, batch);
    else await sendMailBatch(deps, batch);
  }
}

async function inPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(runners);
}

async function sendPushBatch(deps: NotificationJobDeps, batch: ClaimedDelivery[]): Promise<void> {
  const sent: (string | number)[] = [];
  const skipped: (string | number)[] = [];
  const retry: (string | number)[] = [];
  const failed: (string | number)[] = [];
  const gone: string[] = [];
  let lastError = '';
  await inPool(batch, deps.concurrency ?? 64, async (d) => {
    const subs = d.subscriptions ?? [];
    if (subs.length === 0) return void skipped.push(d.delivery_id);
    let anySent = false;
    let anyFailed = false;
    for (const s of subs) {
      const text = notificationText(d.kind, d.data, s.language);
      const payload = JSON.stringify({ id: Number(d.notification_id), kind: d.kind, title: text.title, body: text.body, url: '/play/inbox' });
      // The topic lets a push service replace an undelivered copy of the same item instead of delivering it twice.
      const topic = `n${d.notification_id}`;
      const result = await deps.push.send(s, payload, { topic, ttlSeconds: PUSH_TTL_SECONDS });
      if (result.outcome === 'sent') anySent = true;
      else if (result.outcome === 'gone') gone.push(s.endpoint);
      else {
        anyFailed = true;
        lastError = result.detail;
      }
    }
    if (anySent || !anyFailed) (anySent ? sent : skipped).push(d.delivery_id);
    else (d.attempts >= MAX_ATTEMPTS ? failed : retry).push(d.delivery_id);
  });
  await deletePushEndpoints(deps.db, gone);
  await finishDeliveries(deps.db, sent, 'sent');
  await finishDeliveries(deps.db, skipped, 'skipped');
  await finishDeliveries(deps.db, retry, 'retry', lastError);
  await finishDeliveries(deps.db, failed, 'failed', lastError);
  if (retry.length + failed.length > 0) deps.log.warn({ failed: retry.length + failed.length, error: lastError }, 'web push failed');
}

type MailLanguage = 'en' | 'es' | 'fr';
const MAIL_FOOTER: Record<MailLanguage, string> = {
  en: 'You get this mail because you chose mail for these notifications in Rally (Settings → Notifications).',
  es: 'Recibes este correo porque elegiste el correo para estas notificaciones en Rally (Ajustes → Notificaciones).',
  fr: 'Vous recevez ce mail car vous avez choisi le mail pour ces notifications dans Rally (Réglages → Notifications).',
};

/**
 * A mail is written in the language the person saved in /play (decision 0027); without one, in that of their newest
 * push subscription (the browser's), English otherwise. A push keeps its own browser's language.
 */
function mailLanguage(d: ClaimedDelivery): MailLanguage {
  const known = (l: string | null | undefined): l is MailLanguage => l === 'en' || l === 'es' || l === 'fr';
  if (known(d.language)) return d.language;
  const browser = d.subscriptions?.[0]?.language;
  return known(browser) ? browser : 'en';
}

async function sendMailBatch(deps: NotificationJobDeps, batch: ClaimedDelivery[]): Promise<void> {
  for (const d of batch) {
    if (!d.email) {
      await finishDeliveries(deps.db, [d.delivery_id], 'skipped');
      continue;
    }
    const lang = mailLanguage(d);
    const text = notificationText(d.kind, d.data, lang);
    try {
      const body = await renderEmail({
        lang,
        title: text.title,
        preheader: text.body,
        paragraphs: [text.body],
        action: { label: 'Rally', url: `${deps.publicUrl}/play/inbox` },
        footer: MAIL_FOOTER[lang],
      });
      await deps.mailer.send({ to: d.email, subject: text.title, ...body });
      await finishDeliveries(deps.db, [d.delivery_id], 'sent');
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      await finishDeliveries(deps.db, [d.delivery_id], d.attempts >= MAX_ATTEMPTS ? 'failed' : 'retry', detail.slice(0, 500));
      deps.log.warn({ err: error }, 'notification mail failed');
    }
  }
}
