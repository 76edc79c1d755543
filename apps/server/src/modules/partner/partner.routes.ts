import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZBrandCard,
  ZBrandIdParams,
  ZBuilderWriteResult,
  ZBundlePartnerCreateBody,
  ZBundlePartnerList,
  ZBundlePartnerParams,
  ZCampaignIdParams,
  ZErrorBody,
  ZInvitationPage,
  ZInvitationsQuery,
  ZInviteAnswerBody,
  ZInviteRejectBody,
  ZInviteAnswerResult,
  ZPartnerBrandPage,
  ZPartnerBrandsQuery,
  ZPartnerView,
  ZSendInviteResult,
} from '@rally/domain';
import { errorResponses } from '../../lib/error-responses.js';
import { findCampaign, toApiCampaign } from '../campaign/index.js';
import { answerInvite } from './answer-invite.js';
import { getBrandCard, getPartnerView, listInvitations, listPartnerBrands, listPartnersOf } from './partner-queries.js';
import { savePartners } from './save-partners.js';
import { sendInvites } from './send-invites.js';

const tags = ['partners'];
const errors = { ...errorResponses, 402: ZErrorBody };

/** Shared contests with partner brands (spec §7 v5 calls and the builder helpers). */
export async function partnerRoutes(app: FastifyInstance, opts: { publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const mail = () => ({ mailer: app.mailer, log: app.log, publicUrl: opts.publicUrl });

  r.post(
    '/api/v5/bundle-partner/create',
    {
      config: { permission: 'campaign:update' },
      schema: {
        tags,
        summary: 'Add or update the partners of a shared contest, who supplies each reward and their budgets',
        description:
          'Retailer owner of a shared contest only. partnersId: approved partner brands (at least one). Once invites are out the set changes only after a partner rejected; accepted partners stay. sendInvite sends the invites in the same call.',
        body: ZBundlePartnerCreateBody,
        response: { 200: ZBuilderWriteResult.extend({ partners: ZBundlePartnerList.shape.items, invite: ZSendInviteResult.nullable() }), ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      const { campaign } = await savePartners({ db, actor, body: request.body });
      const invite = request.body.sendInvite ? await sendInvites({ db, actor, campaignId: campaign.id, ...mail() }) : null;
      const { items } = await listPartnersOf({ db, actor, campaignId: campaign.id });
      const fresh = invite ? await findCampaign(db, actor.brandId, campaign.id) : campaign;
      return { campaign: toApiCampaign(fresh ?? campaign), partners: items, invite };
    },
  );

  r.put(
    '/api/v5/bundle-partner/:id/send-invite',
    {
      config: { permission: 'campaign:update' },
      schema: {
        tags,
        summary: 'Send the invites of a shared contest (progress 100); mails each partner brand’s owners',
        params: ZBundlePartnerParams,
        response: { 200: ZSendInviteResult, ...errors },
      },
    },
    async (request) => sendInvites({ db, actor: await app.actor(request), campaignId: request.params.id, ...mail() }),
  );

  r.get(
    '/api/v5/bundle-partner/:id',
    {
      config: { permission: 'campaign:read' },
      schema: {
        tags,
        summary: 'The invited brand’s view: campaign, missions, the rewards it fills, invite status and proposed budget',
        params: ZBundlePartnerParams,
        response: { 200: ZPartnerView, ...errors },
      },
    },
    async (request) => getPartnerView({ db, actor: await app.actor(request), campaignId: request.params.id }),
  );

  r.post(
    '/api/v5/bundle-partner/accept-invite',
    {
      config: { permission: 'campaign:update' },
      schema: {
        tags,
        summary: 'Accept an invite (every assigned reward filled; a prepaid wallet must cover the budget share: 402 with dueCents)',
        body: ZInviteAnswerBody,
        response: { 200: ZInviteAnswerResult, ...errors },
      },
    },
    async (request) => answerInvite({ db, actor: await app.actor(request), campaignId: request.body.bundleId, answer: 'accept', ...mail() }),
  );

  r.post(
    '/api/v5/bundle-partner/reject-invite',
    {
      config: { permission: 'campaign:update' },
      schema: {
        tags,
        summary: 'Reject an invite; the retailer is told by mail and may change the partners',
        body: ZInviteRejectBody,
        response: { 200: ZInviteAnswerResult, ...errors },
      },
    },
    async (request) =>
      answerInvite({ db, actor: await app.actor(request), campaignId: request.body.bundleId, answer: 'reject', reason: request.body.reason, ...mail() }),
  );

  r.get(
    '/api/v5/bundle-partner/invitations',
    {
      config: { permission: 'campaign:read' },
      schema: {
        tags,
        summary: 'Campaigns other brands invited this brand to (the Invitations tab), with the count waiting for an answer',
        querystring: ZInvitationsQuery,
        response: { 200: ZInvitationPage, ...errors },
      },
    },
    async (request) => listInvitations({ db, actor: await app.actor(request), query: request.query }),
  );

  r.get(
    '/api/v3/bundle/:id/partners',
    {
      config: { permission: 'campaign:read' },
      schema: {
        tags,
        summary: 'Builder helper: the partners of a campaign with their invite status (owner only)',
        params: ZCampaignIdParams,
        response: { 200: ZBundlePartnerList, ...errors },
      },
    },
    async (request) => listPartnersOf({ db, actor: await app.actor(request), campaignId: request.params.id }),
  );

  r.get(
    '/api/v5/partner-brands',
    {
      config: { permission: 'partner:read' },
      schema: {
        tags,
        summary: 'Builder helper: the retailer’s approved partner brands, 10 a page, searchable by name (filter)',
        querystring: ZPartnerBrandsQuery,
        response: { 200: ZPartnerBrandPage, ...errors },
      },
    },
    async (request) => listPartnerBrands({ db, actor: await app.actor(request), query: request.query }),
  );

  r.get(
    '/api/v5/brand/:id',
    {
      config: { permission: 'partner:read' },
      schema: {
        tags,
        summary: 'Builder helper: a brand by id (own, a partner, or one linked by an invite; 404 otherwise)',
        params: ZBrandIdParams,
        response: { 200: ZBrandCard, ...errors },
      },
    },
    async (request) => getBrandCard({ db, actor: await app.actor(request), brandId: request.params.id }),
  );
}
