import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZBundleIdParams,
  ZErrorBody,
  ZPromoteBody,
  ZPromoteLog,
  ZPromotePreview,
  ZPromotePreviewQuery,
  ZPromoteRecipients,
  ZPromoteResult,
} from '@rally/domain';
import { errorResponses } from '../../lib/error-responses.js';
import { fill, languageFrom, PUBLIC_MESSAGES, renderMessagePage } from '../public-page/index.js';
import { defaultPromoteSubject, renderPromoteMail } from './promote-mail.js';
import { promotableCampaign, promoteCampaign } from './promote-campaign.js';
import { notFound } from '../../lib/app-error.js';
import { brandName, deliveryCounts, findBrandCampaign, deliveryLog, reachRecipients, recordUnsubscribe, sentInLastDay } from './promote.repository.js';
import { PROMOTE_SEND_JOB, registerPromoteJob } from './send-promote-mail.js';
import { readUnsubscribeToken } from './unsubscribe-token.js';

export interface PromoteRoutesOptions {
  publicUrl: string;
  secret: string;
  dailyLimit: number;
}

const tags = ['campaign'];
const RECIPIENT_LIST_MAX = 1000;
const LOG_MAX = 200;
const epoch = (d: Date | string | null) => (d === null ? null : Math.floor(new Date(d).getTime() / 1000));

/** Promote a launched non-consumer campaign to the stores it reaches (spec §7 POST {bundleId}/promote). */
export async function promoteRoutes(app: FastifyInstance, opts: PromoteRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  registerPromoteJob(app, { publicUrl, secret: opts.secret });

  r.post(
    '/api/campaign/:bundleId/promote',
    {
      config: { permission: 'campaign:launch' },
      schema: {
        tags,
        summary: 'Email chosen stores of the campaign\'s reach about a launched non-consumer campaign',
        description:
          '`retailers`: ids of stores the campaign reaches; each is mailed at its managers\' addresses (else its staff\'s). Sent by a background job; unsubscribed addresses are skipped; at most PROMOTE_DAILY_LIMIT mails per brand in 24 hours (429). Needs campaign:launch.',
        params: ZBundleIdParams,
        body: ZPromoteBody,
        response: {
          200: ZPromoteResult,
          ...errorResponses,
          // A quota over the last 24 hours, not a wait: no Retry-After.
          429: ZErrorBody.meta({ description: "The brand's promote mails for the last 24 hours are used up (error.fields names retailers)" }),
        },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      const result = await promoteCampaign({ db, actor, campaignId: request.params.bundleId, body: request.body, dailyLimit: opts.dailyLimit });
      await app.jobs.send(PROMOTE_SEND_JOB, { sendId: result.sendId }, { singletonKey: `promote:${result.sendId}` });
      return result;
    },
  );

  r.get(
    '/api/campaign/:bundleId/promote/recipients',
    {
      config: { permission: 'campaign:read' },
      schema: {
        tags,
        summary: 'Stores the promote dialog offers: the campaign\'s reach, with how many addresses each is mailed at',
        params: ZBundleIdParams,
        response: { 200: ZPromoteRecipients, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      await promotableCampaign(db, actor, request.params.bundleId);
      const rows = await reachRecipients(db, actor.brandId, request.params.bundleId, RECIPIENT_LIST_MAX + 1);
      const used = await sentInLastDay(db, actor.brandId);
      return {
        items: rows.slice(0, RECIPIENT_LIST_MAX).map((s) => ({ storeId: s.id, name: s.name, city: s.city, countryCode: s.country_code, emails: Number(s.emails) })),
        truncated: rows.length > RECIPIENT_LIST_MAX,
        dailyLimit: opts.dailyLimit,
        remainingToday: Math.max(0, opts.dailyLimit - used),
      };
    },
  );

  r.get(
    '/api/campaign/:bundleId/promote/preview',
    {
      config: { permission: 'campaign:read' },
      schema: {
        tags,
        summary: 'The promote mail of a template as a store receives it (HTML and text), with its default subject',
        params: ZBundleIdParams,
        querystring: ZPromotePreviewQuery,
        response: { 200: ZPromotePreview, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      const c = await promotableCampaign(db, actor, request.params.bundleId);
      const { emailTemplate, language } = request.query;
      const mail = await renderPromoteMail({
        template: emailTemplate,
        language,
        storeName: 'Main Street',
        brandName: (await brandName(db, actor.brandId)) ?? '',
        campaignName: c.name,
        endDate: c.end_date ? new Date(c.end_date) : null,
        timeZone: c.time_zone,
        playUrl: `${publicUrl}/play`,
        unsubscribeUrl: `${publicUrl}/unsubscribe/promote?t=preview`,
      });
      return { subject: defaultPromoteSubject(emailTemplate, language, c.name), html: mail.html, text: mail.text };
    },
  );

  r.get(
    '/api/campaign/:bundleId/promote/log',
    {
      config: { permission: 'campaign:read' },
      schema: {
        tags,
        summary: 'Delivery log of the campaign\'s promote mail (latest first), with counts by status',
        params: ZBundleIdParams,
        response: { 200: ZPromoteLog, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      // An ended campaign's log stays readable: only the brand's ownership is checked here.
      if (!(await findBrandCampaign(db, actor.brandId, request.params.bundleId))) throw notFound('Campaign');
      const [rows, counts] = await Promise.all([
        deliveryLog(db, actor.brandId, request.params.bundleId, LOG_MAX),
        deliveryCounts(db, actor.brandId, request.params.bundleId),
      ]);
      return {
        items: rows.map((d) => ({
          id: d.id,
          sendId: d.send_id,
          storeName: d.store_name,
          email: d.email,
          status: d.status,
          error: d.error,
          createdAt: epoch(d.created_at)!,
          sentAt: epoch(d.sent_at),
        })),
        counts: { queued: counts['queued'] ?? 0, sent: counts['sent'] ?? 0, failed: counts['failed'] ?? 0, unsubscribed: counts['unsubscribed'] ?? 0 },
      };
    },
  );

  // The unsubscribe link of every promote mail: public (no session), signed. GET shows a confirm button (mail
  // scanners follow links), POST records it; mail clients' one-click (RFC 8058) POSTs the same URL.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
    const page = (lang: 'en' | 'es' | 'fr', title: string, text: string, form?: string) =>
      renderMessagePage({ lang, embed: false, title, text }).replace('</main>', `${form ?? ''}</main>`);
    scope.get<{ Querystring: { t?: string } }>('/unsubscribe/promote', { schema: { hide: true } }, async (request, reply) => {
      const lang = languageFrom(request.headers['accept-language']);
      const m = PUBLIC_MESSAGES[lang];
      const who = readUnsubscribeToken(opts.secret, String(request.query.t ?? ''));
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!who) return reply.status(400).send(page(lang, m.unsubscribeInvalid, m.unsubscribeInvalid));
      const brand = (await brandName(db, who.brandId)) ?? '';
      // The form posts back to this URL, token included.
      return reply.send(
        page(lang, m.unsubscribeConfirmTitle, fill(m.unsubscribeAsk, { brand, email: who.email }), `<form method="post"><button type="submit">${m.unsubscribeConfirm}</button></form>`),
      );
    });
    scope.post<{ Querystring: { t?: string } }>('/unsubscribe/promote', { schema: { hide: true } }, async (request, reply) => {
      const lang = languageFrom(request.headers['accept-language']);
      const m = PUBLIC_MESSAGES[lang];
      const who = readUnsubscribeToken(opts.secret, String(request.query.t ?? ''));
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!who) return reply.status(400).send(page(lang, m.unsubscribeInvalid, m.unsubscribeInvalid));
      await recordUnsubscribe(db, who.brandId, who.email);
      const brand = (await brandName(db, who.brandId)) ?? '';
      return reply.send(page(lang, m.unsubscribedTitle, fill(m.unsubscribedText, { brand, email: who.email })));
    });
  });
}
