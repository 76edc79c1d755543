import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCheckUnpaidInvoices } from '@rally/domain';
import { errorResponses } from '../../lib/error-responses.js';
import { requirePermission } from '../auth/index.js';
import { checkUnpaidInvoices } from './check-unpaid-invoices.js';

export async function billingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/api/receipt-scan/check-unpaid-invoices',
    {
      schema: {
        tags: ['billing'],
        summary: 'Whether the brand has a closed invoice it has not paid (smart review, spec §7)',
        response: { 200: ZCheckUnpaidInvoices, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      requirePermission(actor, 'wallet:read');
      return checkUnpaidInvoices(db, actor.brandId);
    },
  );
}
