import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CODE_FILE_LIMITS,
  ERROR_CODES,
  SALES_LIMITS,
  ZIdParam,
  ZSalesBatch,
  ZSalesBatchDetail,
  ZSalesBatchList,
  ZSalesBatchQuery,
  ZSalesPostBody,
  ZSalesPostResult,
  type TApiKeyScope,
} from '@rally/domain';
import { appError } from '../../lib/app-error.js';
import { errorResponses as errors, fileReadingResponses } from '../../lib/error-responses.js';
import { fileOfRequest, multipartFailure } from '../../lib/multipart-upload.js';
import type { ApiClient } from '../api-keys/index.js';
import { getSalesBatch, getSalesBatchFor, listSalesBatches } from './list-sales-batches.js';
import { postSales } from './post-sales.js';
import { queueSalesFile, registerSalesJobs, type SalesFileDeps } from './sales-files.js';

const tags = ['sales'];
const idParams = z.object({ id: ZIdParam });
const MB = CODE_FILE_LIMITS.bytes / 1024 / 1024;
export const SALES_FILE_DESCRIPTION = `multipart/form-data with one part "file" (.csv; .xlsx and .xls are read too): a header row naming store_pos_id, staff (email or Rally staff id), sku, quantity, amount_cents, sold_at (ISO 8601 with offset) and transaction_id, then one sales line a row; at most ${SALES_LIMITS.linesPerFile.toLocaleString('en')} lines and ${MB} MB. Answers 202 with the queued batch: the file is processed in the background, its progress and rows are read from the batch. A transaction id is credited once per brand, so sending the same file again credits nothing twice.`;

const fileBytes = async (request: FastifyRequest) => {
  const part = await fileOfRequest(request, { fileSize: CODE_FILE_LIMITS.bytes });
  const bytes = await part.toBuffer().catch((error: { statusCode?: number }) => {
    if (error.statusCode === 413) throw appError(ERROR_CODES.payloadTooLarge, `A sales file is at most ${MB} MB`, [{ path: 'file', message: `at most ${MB} MB` }]);
    throw multipartFailure(error);
  });
  return { fileName: part.filename, bytes };
};

export interface SalesRoutesOptions {
  deps: SalesFileDeps;
}

/** The Sales screen's routes: a brand's batches (API calls and files), one batch's rows and credits, a file upload. */
export async function salesRoutes(app: FastifyInstance, opts: SalesRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  registerSalesJobs(deps);

  r.get(
    '/api/sales/batches',
    { config: { permission: 'report:read' }, schema: { tags, summary: "The brand's latest 100 sales batches (API calls and files), newest first", response: { 200: ZSalesBatchList, ...errors } } },
    async (request) => listSalesBatches(deps.db, await app.actor(request)),
  );

  r.get(
    '/api/sales/batches/:id',
    {
      config: { permission: 'report:read' },
      schema: {
        tags,
        summary: 'One sales batch: its counts, its rows (those not credited, or all; at most 200) and the completions it made',
        params: idParams,
        querystring: ZSalesBatchQuery,
        response: { 200: ZSalesBatchDetail, ...errors },
      },
    },
    async (request) => getSalesBatchFor(deps.db, await app.actor(request), request.params.id, request.query.rows),
  );

  r.post(
    '/api/sales/files',
    {
      config: { permission: 'campaign:update' },
      schema: {
        tags,
        summary: 'Upload a sales file from the POS: queued and processed in the background (202 with the batch)',
        description: SALES_FILE_DESCRIPTION,
        consumes: ['multipart/form-data'],
        response: { 202: ZSalesBatch, ...errors, ...fileReadingResponses },
      },
    },
    async (request, reply) => {
      const actor = await app.actor(request);
      const { fileName, bytes } = await fileBytes(request);
      return reply.status(202).send(await queueSalesFile(deps, { brandId: actor.brandId, sentBy: actor.userName, fileName, bytes }));
    },
  );
}

export interface SalesApiOptions {
  deps: SalesFileDeps;
  /** The public API's access of a route needing this scope (key check, per-key rate limit). */
  access: (scope: TApiKeyScope) => object;
  apiClient: (request: FastifyRequest) => Promise<ApiClient>;
}

const SALES_EXAMPLE = {
  lines: [
    { storePosId: 'POS-0042', staff: 'jamie@store.example', sku: 'SKU-1001', quantity: 2, amountCents: 5998, soldAt: '2026-11-27T10:15:00Z', transactionId: 'T-20261127-0001' },
    { storePosId: 'POS-0042', staff: 'jamie@store.example', sku: 'SKU-2002', quantity: 1, amountCents: 1299, soldAt: '2026-11-27T10:15:00Z', transactionId: 'T-20261127-0001' },
  ],
};

/**
 * The public API's sales routes (/api/v1/sales, scope sales:write, decision 0030), registered by the public API
 * plugin so they share its key check, per-key rate limit and activity line per call.
 */
export async function salesApiRoutes(app: FastifyInstance, opts: SalesApiOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const v1 = ['public API v1'];
  const { deps } = opts;

  r.post(
    '/api/v1/sales',
    {
      config: opts.access('sales:write'),
      schema: {
        tags: v1,
        summary: `Send sales lines from the POS (at most ${SALES_LIMITS.linesPerCall.toLocaleString('en')} a call): each line's outcome, in the order sent`,
        description:
          'Each line names the store by its point-of-sale id, the staff member by email address or Rally staff id, the product by SKU, its quantity, amount in cents, when it was sold (ISO 8601 with offset) and its transaction id. A transaction is attributed to its staff member at its store and becomes one item-sold completion per running campaign mission that sells its products (through the same engine as a participant\'s own entry, so sales-amount and item-sold rewards are unlocked as usual). Each transaction id is credited once per brand: sent again it is `duplicate_transaction`. Outcomes: credited, duplicate_transaction, unknown_sku, unknown_staff, unknown_store, not_in_live_campaign, refused (the engine\'s answer, e.g. no entries left), invalid. A list longer than 1,000 lines is a 400 naming `lines`; send a file for more.',
        body: ZSalesPostBody.meta({ example: SALES_EXAMPLE }),
        response: {
          200: ZSalesPostResult.meta({
            example: {
              batch: { id: 7, source: 'api', fileName: null, status: 'done', sentBy: 'Store POS', lines: 2, processed: 2, credited: 1, duplicates: 0, problems: 1, completions: 1, unlocks: 1, error: null, createdAt: 1795800000, finishedAt: 1795800001 },
              rows: [
                { row: 0, transactionId: 'T-20261127-0001', outcome: 'credited', message: null, staffId: 812 },
                { row: 1, transactionId: 'T-20261127-0001', outcome: 'unknown_sku', message: 'no product of the brand\'s missions has the SKU "SKU-2002"', staffId: null },
              ],
            },
          }),
          ...errors,
        },
      },
    },
    async (request) => postSales(deps, await opts.apiClient(request), request.body),
  );

  r.post(
    '/api/v1/sales/files',
    {
      config: opts.access('sales:write'),
      schema: { tags: v1, summary: 'Send a sales file (CSV) from the POS: queued and processed in the background (202 with the batch)', description: SALES_FILE_DESCRIPTION, consumes: ['multipart/form-data'], response: { 202: ZSalesBatch, ...errors, ...fileReadingResponses } },
    },
    async (request, reply) => {
      const client = await opts.apiClient(request);
      const { fileName, bytes } = await fileBytes(request);
      return reply.status(202).send(await queueSalesFile(deps, { brandId: client.brandId, sentBy: client.name, fileName, bytes }));
    },
  );

  r.get(
    '/api/v1/sales/batches/:id',
    {
      config: opts.access('sales:write'),
      schema: {
        tags: v1,
        summary: 'A sales batch the brand sent: its progress and counts, its rows (those not credited, or all; at most 200) and the completions it made',
        params: idParams,
        querystring: ZSalesBatchQuery,
        response: { 200: ZSalesBatchDetail, ...errors },
      },
    },
    async (request) => getSalesBatch(deps.db, (await opts.apiClient(request)).brandId, request.params.id, request.query.rows),
  );
}
