import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZPartnerAnswerResult,
  ZPartnerInvitationList,
  ZPartnerInviteBody,
  ZPartnerInviteResult,
  ZPartnerPool,
  ZPartnerPoolEntry,
  ZPartnerPoolParams,
  ZPartnerTokenAnswerBody,
} from '@rally/domain';
import { AppError } from '../../lib/app-error.js';
import { errorResponses as errors, rateLimitedResponse } from '../../lib/error-responses.js';
import {
  answerPartnerInvitation,
  answerPartnerInvitationByToken,
  getPartnerPool,
  invitePartner,
  listMyPartnerInvitations,
  removePartner,
} from './partner-pool.js';

const tags = ['partners'];

/** The retailer's partner pool and the invitations a brand answers (issue 28). */
export async function partnerPoolRoutes(app: FastifyInstance, opts: { publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/api/partner-pool',
    {
      config: { permission: 'partner:read' },
      schema: {
        tags,
        summary: 'The retailer’s partner pool: invitations and partners with their state (pending, approved, declined, removed)',
        response: { 200: ZPartnerPool, ...errors },
      },
    },
    async (request) => getPartnerPool({ db, actor: await app.actor(request) }),
  );

  r.post(
    '/api/partner-pool/invitations',
    {
      config: { permission: 'partner:manage' },
      schema: {
        tags,
        summary: 'Invite a brand to the retailer’s partner pool by email (the same answer whether the email has an account)',
        description: 'Retailers only. An owner or admin of a brand gets a pending invitation in the app; any other email a sign-up link. Throttled per brand per day (429).',
        body: ZPartnerInviteBody,
        response: { 200: ZPartnerInviteResult, ...errors, 429: rateLimitedResponse },
      },
    },
    async (request) =>
      invitePartner({ db, actor: await app.actor(request), email: request.body.email, mailer: app.mailer, log: request.log, publicUrl: opts.publicUrl }),
  );

  r.post(
    '/api/partner-pool/:id/remove',
    {
      config: { permission: 'partner:manage' },
      schema: {
        tags,
        summary: 'Remove a partner from the pool or withdraw a pending invitation (shared campaigns it joined keep it)',
        params: ZPartnerPoolParams,
        response: { 200: ZPartnerPoolEntry, ...errors },
      },
    },
    async (request) => removePartner({ db, actor: await app.actor(request), id: request.params.id }),
  );

  r.get(
    '/api/partner-invitations',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags,
        summary: 'Pending partner pool invitations addressed to my current brand or to my verified email',
        response: { 200: ZPartnerInvitationList, ...errors },
      },
    },
    async (request) => {
      const user = await app.user(request);
      // A person without a brand yet still sees invitations addressed to their email.
      const brandId = await app.actor(request).then(
        (a) => a.brandId,
        (error: unknown) => {
          if (error instanceof AppError) return null;
          throw error;
        },
      );
      return listMyPartnerInvitations({ db, user, brandId });
    },
  );

  for (const how of ['accept', 'decline'] as const) {
    r.post(
      `/api/partner-invitations/:id/${how}`,
      {
        config: { permission: 'partner:manage' },
        schema: {
          tags,
          summary: how === 'accept' ? 'Accept a partner pool invitation for the current brand' : 'Decline a partner pool invitation',
          params: ZPartnerPoolParams,
          response: { 200: ZPartnerAnswerResult, ...errors },
        },
      },
      async (request) => answerPartnerInvitation({ db, actor: await app.actor(request), id: request.params.id, how }),
    );
  }

  r.post(
    '/api/partner-invitations/answer-token',
    {
      config: { permission: 'partner:manage' },
      schema: {
        tags,
        summary: 'Accept or decline a partner pool invitation with the mailed link’s token (single use, expires)',
        body: ZPartnerTokenAnswerBody,
        response: { 200: ZPartnerAnswerResult, ...errors },
      },
    },
    async (request) => answerPartnerInvitationByToken({ db, actor: await app.actor(request), token: request.body.token, how: request.body.answer }),
  );
}
