import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BRAND_LOGO_LIMITS,
  ZAcceptedInvitation,
  ZAcceptWithAccountBody,
  ZChangeRoleBody,
  ZCreateBrandBody,
  ZCreatedBrand,
  ZErrorBody,
  ZGuidedStart,
  ZInvitationPreview,
  ZInvitationToken,
  ZInviteBody,
  ZMember,
  ZMemberList,
  ZTeamInvitation,
  ZTeamInvitationList,
} from '@rally/domain';
import { mailLanguage } from '../../lib/email-template.js';
import { fileOfRequest } from '../../lib/multipart-upload.js';
import { createDiskStorage } from '../media/index.js';
import { acceptInvitation, acceptWithNewAccount, previewInvitation } from './accept-invitation.js';
import { changeMemberRole } from './change-member-role.js';
import { createBrand } from './create-brand.js';
import { getGuidedStart } from './get-guided-start.js';
import { inviteMember, resendInvitation } from './invite-member.js';
import { listTeamInvitations, listTeamMembers } from './list-team.js';
import { leaveBrand, removeMember } from './remove-member.js';
import { revokeInvitation } from './revoke-invitation.js';
import { setBrandLogo } from './set-brand-logo.js';
import type { TeamDeps } from './team-deps.js';

export interface TeamRoutesOptions {
  publicUrl: string;
  dataDir: string;
  /** Forgets a person's sessions cached in this process (app.caches.sessions.evictUser). */
  evictSessionsOf(userId: string): void;
}

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const brandTags = ['brand setup'];
const tags = ['team'];
const idParams = z.object({ id: z.uuid() });
const tokenParams = z.object({ token: ZInvitationToken });
// The invitation doors are reached without a brand, some signed out: a per-address limit on top of the token's own.
const doorLimit = { max: 30, timeWindow: 15 * 60_000 };

export async function teamRoutes(app: FastifyInstance, opts: TeamRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: TeamDeps = {
    db: app.database.db,
    mailer: app.mailer,
    publicUrl: opts.publicUrl,
    evictSessionsOf: opts.evictSessionsOf,
    log: app.log,
  };
  const storage = createDiskStorage(path.resolve(opts.dataDir, 'media'));
  const langOf = (header: string | string[] | undefined) => mailLanguage(Array.isArray(header) ? header[0] : header);

  // --- Brand setup ---------------------------------------------------------------------------------------------
  r.post(
    '/api/brands',
    {
      config: { permission: 'signed-in', rateLimit: { max: 20, timeWindow: 60 * 60_000 } },
      schema: {
        tags: brandTags,
        summary: 'Create a brand; the creator becomes its owner and it becomes the current brand',
        description:
          'Open to any signed-in person, with or without a brand. At most 5 brands per person per UTC day (429 with Retry-After).',
        body: ZCreateBrandBody,
        response: { 201: ZCreatedBrand, ...errors, 429: ZErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await createBrand(deps, await app.user(request), request.body)),
  );

  r.post(
    '/api/brands/current/logo',
    {
      config: { permission: 'brand:update' },
      schema: {
        tags: brandTags,
        summary: 'Set the current brand\'s logo: an image (≤ 2 MB) as multipart field "file"',
        consumes: ['multipart/form-data'],
        response: { 200: ZCreatedBrand, ...errors, 413: ZErrorBody },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      const part = await fileOfRequest(request, { fileSize: BRAND_LOGO_LIMITS.bytes });
      return setBrandLogo({ ...deps, storage }, actor, part);
    },
  );

  r.get(
    '/api/brands/current/guided-start',
    {
      config: { permission: 'brand:read' },
      schema: {
        tags: brandTags,
        summary: "The current brand's guided start: first campaign, first stores and staff, money in",
        response: { 200: ZGuidedStart, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => getGuidedStart(app.database, await app.actor(request)),
  );

  // --- Members -------------------------------------------------------------------------------------------------
  r.get(
    '/api/team/members',
    {
      config: { permission: 'team:read' },
      schema: {
        tags,
        summary: "The brand's members: name, email, role, joined",
        response: { 200: ZMemberList, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => listTeamMembers(deps.db, await app.actor(request)),
  );

  r.post(
    '/api/team/members/:id/role',
    {
      config: { permission: 'team:manage' },
      schema: {
        tags,
        summary:
          "Change a member's role (only an owner makes or changes an owner; the last owner keeps the role: 409 LAST_OWNER)",
        params: idParams,
        body: ZChangeRoleBody,
        response: { 200: ZMember, ...errors },
      },
    },
    async (request) => changeMemberRole(deps, await app.actor(request), request.params.id, request.body.role),
  );

  r.delete(
    '/api/team/members/:id',
    {
      config: { permission: 'team:manage' },
      schema: {
        tags,
        summary: 'Remove a member (never the last owner: 409 LAST_OWNER); their sessions lose the brand at once',
        params: idParams,
        response: { 204: z.null().describe('Removed'), ...errors },
      },
    },
    async (request, reply) => {
      await removeMember(deps, await app.actor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/team/leave',
    {
      config: { permission: 'member' },
      schema: {
        tags,
        summary: 'Leave the current brand (the last owner may not: 409 LAST_OWNER)',
        response: {
          204: z.null().describe('Left'),
          401: ZErrorBody,
          403: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      await leaveBrand(deps, await app.actor(request));
      app.caches.sessions.evict(request);
      return reply.status(204).send(null);
    },
  );

  // --- Invitations -----------------------------------------------------------------------------------------------
  r.get(
    '/api/team/invitations',
    {
      config: { permission: 'team:read' },
      schema: {
        tags,
        summary: "The brand's invitations: pending, expired, accepted, revoked",
        response: { 200: ZTeamInvitationList, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => listTeamInvitations(deps.db, await app.actor(request)),
  );

  r.post(
    '/api/team/invitations',
    {
      config: { permission: 'team:manage' },
      schema: {
        tags,
        summary: 'Invite an address with a role; the mail carries a link that works once, for 7 days',
        description:
          'The same answer whether or not the address has a Rally account. Inviting an address with an open invitation sends it anew. Only an owner invites an owner. 100 invitation mails per brand per UTC day.',
        body: ZInviteBody,
        response: { 201: ZTeamInvitation, ...errors, 429: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await inviteMember(deps, await app.actor(request), request.body, langOf(request.headers['accept-language'])),
        ),
  );

  r.post(
    '/api/team/invitations/:id/resend',
    {
      config: { permission: 'team:manage' },
      schema: {
        tags,
        summary: 'Send an open or expired invitation again with a new link (the old one stops working)',
        params: idParams,
        response: { 200: ZTeamInvitation, ...errors, 429: ZErrorBody },
      },
    },
    async (request) =>
      resendInvitation(deps, await app.actor(request), request.params.id, langOf(request.headers['accept-language'])),
  );

  r.post(
    '/api/team/invitations/:id/revoke',
    {
      config: { permission: 'team:manage' },
      schema: {
        tags,
        summary: 'Revoke an open invitation: its link stops working',
        params: idParams,
        response: { 200: ZTeamInvitation, ...errors },
      },
    },
    async (request) => revokeInvitation(deps, await app.actor(request), request.params.id),
  );

  // --- Accepting (the link's holder) -------------------------------------------------------------------------------
  r.get(
    '/api/team/invitations/by-token/:token',
    {
      config: { permission: 'public', rateLimit: doorLimit },
      schema: {
        tags,
        summary:
          'What an invitation link invites to (no sign-in needed); 410 LINK_EXPIRED once used, revoked or expired',
        params: tokenParams,
        response: { 200: ZInvitationPreview, 400: ZErrorBody, 404: ZErrorBody, 410: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) => {
      // Signed out is fine here; a session only tells the page whom it would join as.
      const user = await app.user(request).catch(() => null);
      return previewInvitation(deps, request.params.token, user?.email ?? null);
    },
  );

  r.post(
    '/api/team/invitations/by-token/:token/accept',
    {
      config: { permission: 'signed-in', rateLimit: doorLimit },
      schema: {
        tags,
        summary:
          'Accept an invitation as the signed-in person (their address must be the invited one); the brand becomes current',
        params: tokenParams,
        response: { 200: ZAcceptedInvitation, ...errors, 410: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) => {
      const result = await acceptInvitation(deps, await app.user(request), request.params.token);
      app.caches.sessions.evict(request);
      return result;
    },
  );

  r.post(
    '/api/team/invitations/by-token/:token/accept-new',
    {
      config: { permission: 'public', rateLimit: doorLimit },
      schema: {
        tags,
        summary:
          'Accept an invitation without an account: creates it (verified: the mail proved the address) with this name and password, then sign in',
        description: 'An address that has an account answers 409: sign in, then accept.',
        params: tokenParams,
        body: ZAcceptWithAccountBody,
        response: { 201: ZAcceptedInvitation, ...errors, 410: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await acceptWithNewAccount(deps, request.params.token, request.body)),
  );
}
