import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_CODES,
  ZCodeExportRequest,
  ZCompletionExportRequest,
  ZDataExport,
  ZDataExportList,
  ZErrorBody,
  ZPageQuery,
  ZStoreExportRequest,
  pageMeta,
  zQueryInt,
  type TExportKind,
} from '@rally/domain';
import { appError, notFound } from '../../lib/app-error.js';
import { errorResponses as errors, rateLimitedResponse } from '../../lib/error-responses.js';
import { cancelExport } from './cancel-export.js';
import { verifyExportLink } from './export-link.js';
import { toDataExport } from './export.mapper.js';
import { expiredExportFiles, findExport, findExportById, listExports, unfinishedExportIds } from './export.repository.js';
import { exportFilePath, runExport } from './run-export.js';
import { EXPORT_JOB, startExport } from './start-export.js';
import { fileResponse } from '../../lib/api-docs.js';

export interface ExportRoutesOptions {
  dataDir: string;
  secret: string;
  publicUrl: string;
}

// Any id text: an id that is no export of the caller's brand is a 404, whatever its shape.
const ZExportId = z.object({ id: z.string().min(1).max(100) });
const ZDownloadQuery = z.object({ expires: zQueryInt(1, Number.MAX_SAFE_INTEGER), signature: z.string().min(1).max(200) }).strict();
const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/** Exports by email (product rule R90): start (three spec calls), list, progress, cancel, signed download. */
export async function exportRoutes(app: FastifyInstance, options: ExportRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const { secret } = options;
  const runner = { db, dataDir: options.dataDir, secret, publicUrl: options.publicUrl, mailer: app.mailer };

  // No retries: a failed export is shown as failed (with its reason) and the user starts a new one.
  app.jobs.register<{ exportId: string }>(EXPORT_JOB, (data) => runExport(runner, data.exportId), { retryLimit: 0 });
  // The in-process queue forgets jobs on restart; the export rows remember them.
  app.jobs.onStart(async () => {
    for (const id of await unfinishedExportIds(db)) await app.jobs.send(EXPORT_JOB, { exportId: id }, { singletonKey: id });
  });
  // Files of expired links are deleted; the export stays listed as expired.
  app.jobs.every('export-files-sweep', 3600, async () => {
    for (const row of await expiredExportFiles(db, new Date())) await rm(exportFilePath(options.dataDir, row), { force: true });
  });

  const starter = (kind: TExportKind, summary: string) => ({
    config: { permission: 'export:create' as const },
    schema: {
      tags: ['export'],
      summary,
      description:
        'Starts a background export (CSV or XLSX, times in timeZone, default America/New_York) and answers at once with the export; the download link is emailed to `email` (the requester or another member of the brand) when it is ready. Needs export:create (owners, admins and analysts; 403 otherwise). A campaign or reward in `filters` the brand cannot see answers 404. At most 3 exports queued or running per user and 10 per brand: beyond, 429 RATE_LIMITED with Retry-After.',
      body: kind === 'completions' ? ZCompletionExportRequest : kind === 'codes' ? ZCodeExportRequest : ZStoreExportRequest,
      response: { 200: ZDataExport, ...errors, 429: rateLimitedResponse },
    },
  });

  r.post('/api/v4/bundle/export-brand-completions', starter('completions', "Export the brand's completions by email"), async (request) => {
    const actor = await app.actor(request);
    return startExport({ db, jobs: app.jobs, secret, actor, kind: 'completions', request: request.body });
  });
  r.post('/api/v4/bundle/export-brand-codes', starter('codes', "Export the brand's reward codes (issued and unissued, who got which) by email"), async (request) => {
    const actor = await app.actor(request);
    return startExport({ db, jobs: app.jobs, secret, actor, kind: 'codes', request: request.body });
  });
  r.post('/api/report/write/export/export/stores', starter('stores', "Export the brand's stores by email"), async (request) => {
    const actor = await app.actor(request);
    return startExport({ db, jobs: app.jobs, secret, actor, kind: 'stores', request: request.body });
  });

  r.get(
    '/api/exports',
    {
      config: { permission: 'export:create' },
      schema: {
        tags: ['export'],
        summary: "The brand's exports, newest first: status, progress (rows done / total), download link and expiry",
        querystring: ZPageQuery.strict(),
        response: { 200: ZDataExportList, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      const perPage = request.query.perPage ?? 15;
      const { rows, total } = await listExports(db, actor.brandId, (request.query.currentPage - 1) * perPage, perPage);
      return { items: rows.map((row) => toDataExport(row, secret)), _meta: pageMeta(total, request.query.currentPage, perPage) };
    },
  );

  r.get(
    '/api/exports/:id',
    { config: { permission: 'export:create' }, schema: { tags: ['export'], summary: 'One export of the brand', params: ZExportId, response: { 200: ZDataExport, ...errors } } },
    async (request) => {
      const actor = await app.actor(request);
      const row = await findExport(db, actor.brandId, request.params.id);
      if (!row) throw notFound('Export');
      return toDataExport(row, secret);
    },
  );

  r.post(
    '/api/exports/:id/cancel',
    { config: { permission: 'export:create' }, schema: { tags: ['export'], summary: 'Cancel a queued or running export', params: ZExportId, response: { 200: ZDataExport, ...errors } } },
    async (request) => {
      const actor = await app.actor(request);
      return cancelExport({ db, actor, id: request.params.id, secret });
    },
  );

  r.get(
    '/api/exports/:id/download',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['export'],
        summary: "An export's file, through the signed link that was emailed (no session needed)",
        description: 'A link whose signature does not match answers 404; one whose time is up answers 410 LINK_EXPIRED.',
        params: ZExportId,
        querystring: ZDownloadQuery,
        response: { 200: fileResponse('The export file (its format: CSV or Excel)', ['text/csv', CONTENT_TYPES.xlsx]), 404: ZErrorBody, 410: ZErrorBody, 400: ZErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { expires, signature } = request.query;
      if (!verifyExportLink(secret, id, expires, signature)) throw notFound('Export');
      if (expires * 1000 <= Date.now()) throw appError(ERROR_CODES.linkExpired, 'This download link has expired; start a new export');
      const row = await findExportById(db, id);
      if (!row || row.status !== 'done') throw notFound('Export');
      const name = `rally-${row.kind}-${row.createdAt.toISOString().slice(0, 10)}.${row.format}`;
      const stream = createReadStream(exportFilePath(options.dataDir, row));
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', () => reject(appError(ERROR_CODES.linkExpired, 'This export file is no longer kept; start a new export')));
      });
      return reply
        .header('content-type', CONTENT_TYPES[row.format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(stream as never);
    },
  );
}
