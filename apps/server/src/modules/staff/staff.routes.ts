import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CODE_FILE_LIMITS,
  ERROR_CODES,
  STAFF_IMPORT_LIMITS,
  ZErrorBody,
  ZIdParam,
  ZStaffImportResult,
  ZStaffInviteBody,
  ZStaffList,
  ZStaffMember,
  ZStaffMoveBody,
} from '@rally/domain';
import { appError } from '../../lib/app-error.js';
import { mailLanguage } from '../../lib/email-template.js';
import { errorResponses as errors, fileReadingResponses } from '../../lib/error-responses.js';
import { fileOfRequest, multipartFailure } from '../../lib/multipart-upload.js';
import { deactivateStaff, moveStaff, reactivateStaff } from './change-staff.js';
import { importStaffFile } from './import-staff.js';
import { inviteStaff, resendStaffInvitation } from './invite-staff.js';
import { listStaff } from './list-staff.js';
import type { StaffDeps } from './staff-deps.js';

export interface StaffRoutesOptions {
  publicUrl: string;
}

const tags = ['staff'];
const idParams = z.object({ id: ZIdParam });
const storeParams = z.object({ storeId: ZIdParam });
const MB = CODE_FILE_LIMITS.bytes / 1024 / 1024;
const fileDescription = `multipart/form-data with one part "file" (.csv, .xlsx or .xls; a header row naming email, name, store — the store's reference or point-of-sale id — and optionally role (staff or manager) and language (en, es, fr)); at most ${STAFF_IMPORT_LIMITS.rows.toLocaleString('en')} people. The code file limits apply (${MB} MB, zip caps, parse pool with 429 and Retry-After).`;

/** Store staff: a store's list, invitations, moves, deactivation, and importing a list (decision 0024). */
export async function staffRoutes(app: FastifyInstance, opts: StaffRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: StaffDeps = { db: app.database.db, mailer: app.mailer, publicUrl: opts.publicUrl, log: app.log };
  const db = deps.db;
  const langOf = (request: FastifyRequest) => {
    const header = request.headers['accept-language'];
    return mailLanguage(Array.isArray(header) ? header[0] : header);
  };

  r.get(
    '/api/staff/store/:storeId',
    {
      config: { permission: 'store:read' },
      schema: { tags, summary: "A store's staff: active first, then by name (at most 2,000)", params: storeParams, response: { 200: ZStaffList, ...errors } },
    },
    async (request) => listStaff({ db, actor: await app.actor(request), storeId: request.params.storeId }),
  );

  r.post(
    '/api/staff',
    {
      config: { permission: 'staff:manage', rateLimit: { max: 300, timeWindow: 60 * 60_000 } },
      schema: {
        tags,
        summary: "Add a person to a store's staff and mail them the invitation to /play in their language",
        description: "An address already on the brand's staff is a 409 naming their store (move them instead). locale: the mail's and /play's language; the inviter's (Accept-Language) when left out.",
        body: ZStaffInviteBody,
        response: { 201: ZStaffMember, ...errors, 429: ZErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteStaff(deps, await app.actor(request), request.body, langOf(request))),
  );

  r.post(
    '/api/staff/:id/resend-invitation',
    {
      config: { permission: 'staff:manage', rateLimit: { max: 300, timeWindow: 60 * 60_000 } },
      schema: { tags, summary: 'Mail the invitation to /play again', params: idParams, response: { 200: ZStaffMember, ...errors, 429: ZErrorBody } },
    },
    async (request) => resendStaffInvitation(deps, await app.actor(request), request.params.id, langOf(request)),
  );

  r.post(
    '/api/staff/:id/deactivate',
    {
      config: { permission: 'staff:manage' },
      schema: {
        tags,
        summary: 'Deactivate a person: signed out of /play, out of the head count; completions stay',
        params: idParams,
        response: { 200: ZStaffMember, ...errors },
      },
    },
    async (request) => deactivateStaff({ db, actor: await app.actor(request), id: request.params.id }),
  );

  r.post(
    '/api/staff/:id/reactivate',
    {
      config: { permission: 'staff:manage' },
      schema: { tags, summary: 'Make a deactivated person active again', params: idParams, response: { 200: ZStaffMember, ...errors } },
    },
    async (request) => reactivateStaff({ db, actor: await app.actor(request), id: request.params.id }),
  );

  r.post(
    '/api/staff/:id/move',
    {
      config: { permission: 'staff:manage' },
      schema: {
        tags,
        summary: 'Move a person to another store of the brand; past completions keep the store they were made at',
        params: idParams,
        body: ZStaffMoveBody,
        response: { 200: ZStaffMember, ...errors },
      },
    },
    async (request) => moveStaff({ db, actor: await app.actor(request), id: request.params.id, storeId: request.body.storeId }),
  );

  for (const step of ['preview', 'apply'] as const) {
    r.post(
      `/api/staff/import/${step}`,
      {
        config: { permission: 'staff:manage' },
        schema: {
          tags,
          summary:
            step === 'preview'
              ? 'Preview a staff list: every row with its outcome (added, updated, unchanged, refused and why); nothing is saved'
              : 'Import a staff list: adds and updates people by address, answers the summary (re-importing changes nothing)',
          description: fileDescription,
          consumes: ['multipart/form-data'],
          response: { 200: ZStaffImportResult, ...errors, ...fileReadingResponses },
        },
      },
      async (request) => {
        const actor = await app.actor(request);
        const part = await fileOfRequest(request, { fileSize: CODE_FILE_LIMITS.bytes });
        const bytes = await part.toBuffer().catch((error: { statusCode?: number }) => {
          if (error.statusCode === 413) throw appError(ERROR_CODES.payloadTooLarge, `A staff list is at most ${MB} MB`, [{ path: 'file', message: `at most ${MB} MB` }]);
          throw multipartFailure(error);
        });
        return importStaffFile({ db, actor, fileName: part.filename, bytes, apply: step === 'apply' });
      },
    );
  }
}
