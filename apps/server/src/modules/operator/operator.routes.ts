import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZBrandStatusBody,
  ZConsumerSwitchBody,
  ZOperatorAuditList,
  ZOperatorBrand,
  ZOperatorBrandList,
  ZOperatorBrandParams,
  ZPlatformTotals,
} from '@rally/domain';
import { errorResponses } from '../../lib/error-responses.js';
import { notFound } from '../../lib/app-error.js';
import { changeBrandStatus, switchConsumer } from './change-brand.js';
import { getOperatorAudit, getPlatformTotals, listBrands } from './list-brands.js';
import { requireOperator } from './operator-access.js';

export interface OperatorRoutesOptions {
  /** OPERATOR_EMAILS, read once at boot (config/env.ts). */
  operatorEmails: readonly string[];
}

/** The platform operator's routes: 403 for everyone who is not an operator, brand owners included. */
export async function operatorRoutes(app: FastifyInstance, { operatorEmails }: OperatorRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const operator = async (request: Parameters<FastifyInstance['user']>[0]) => requireOperator(db, await app.user(request), operatorEmails);
  const brandById = async (id: string) => {
    const brand = (await listBrands(db)).items.find((b) => b.id === id);
    if (!brand) throw notFound('Brand');
    return brand;
  };

  r.get(
    '/api/operator/brands',
    { config: { permission: 'signed-in' }, schema: { tags: ['operator'], summary: 'Every brand with its status, plan, members, campaigns and wallet', response: { 200: ZOperatorBrandList, ...errorResponses } } },
    async (request) => {
      await operator(request);
      return listBrands(db);
    },
  );

  r.post(
    '/api/operator/brands/:id/status',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['operator'],
        summary: 'Approve (active) or suspend a brand',
        description: "Suspended: the brand's members get 403 BRAND_SUSPENDED on brand routes and its running campaigns take no entries. Audited in the operator audit and the brand's activity log.",
        params: ZOperatorBrandParams,
        body: ZBrandStatusBody,
        response: { 200: ZOperatorBrand, ...errorResponses },
      },
    },
    async (request) => {
      const op = await operator(request);
      const changed = await changeBrandStatus(db, op, request.params.id, request.body.status, request.body.reason);
      // Cached sessions carry the brand's status: forget them so the change holds at once in this process.
      if (changed) app.caches.sessions.evictAll();
      return brandById(request.params.id);
    },
  );

  r.post(
    '/api/operator/brands/:id/consumer',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['operator'],
        summary: "Switch a brand's consumer feature",
        params: ZOperatorBrandParams,
        body: ZConsumerSwitchBody,
        response: { 200: ZOperatorBrand, ...errorResponses },
      },
    },
    async (request) => {
      const op = await operator(request);
      await switchConsumer(db, op, request.params.id, request.body.enabled);
      return brandById(request.params.id);
    },
  );

  r.get(
    '/api/operator/totals',
    { config: { permission: 'signed-in' }, schema: { tags: ['operator'], summary: 'Platform totals: brands, users, campaigns by status, completions, money in and out', response: { 200: ZPlatformTotals, ...errorResponses } } },
    async (request) => {
      await operator(request);
      return getPlatformTotals(db);
    },
  );

  r.get(
    '/api/operator/audit',
    { config: { permission: 'signed-in' }, schema: { tags: ['operator'], summary: 'What operators did, newest first', response: { 200: ZOperatorAuditList, ...errorResponses } } },
    async (request) => {
      await operator(request);
      return getOperatorAudit(db);
    },
  );
}
