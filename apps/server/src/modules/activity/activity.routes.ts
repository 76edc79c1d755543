import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZActivityExportQuery, ZActivityQuery, ZBrandActivityPage } from '@rally/domain';
import { fileResponse } from '../../lib/api-docs.js';
import { errorResponses } from '../../lib/error-responses.js';
import { requirePermission } from '../auth/index.js';
import { activityCsv, listActivity } from './list-activity.js';

export async function activityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/api/activity',
    {
      config: { permission: 'activity:read' },
      schema: {
        tags: ['activity'],
        summary: "The brand's activity log: who changed what, when, old → new (newest first, by cursor)",
        querystring: ZActivityQuery,
        response: { 200: ZBrandActivityPage, ...errorResponses },
      },
    },
    async (request) => listActivity(db, await app.actor(request), request.query),
  );

  r.get(
    '/api/activity/export.csv',
    {
      config: { permission: 'activity:read' },
      schema: {
        tags: ['activity'],
        summary: "The brand's activity log as CSV, with the list's filters (streamed)",
        querystring: ZActivityExportQuery,
        response: { 200: fileResponse('The activity lines as CSV, one line per changed field', ['text/csv']), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = await app.actor(request);
      // Checked before the first byte: a refusal is a 403 body, not a broken download.
      requirePermission(actor, 'activity:read');
      const body = Readable.from(
        (async function* () {
          yield '\uFEFF';
          yield* activityCsv(db, actor, request.query);
        })(),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="activity-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(body);
    },
  );
}
