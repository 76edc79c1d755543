import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CODE_FILE_LIMITS,
  ERROR_CODES,
  pageMeta,
  ZCompareQuery,
  ZCompareResult,
  ZConfirmMergeBody,
  ZIgnoreMergeBody,
  ZImportedList,
  ZImportedListBody,
  ZMergeResult,
  ZPosImportBody,
  ZPosImportResult,
} from '@rally/domain';
import { appError } from '../../lib/app-error.js';
import { errorResponses as errors, fileReadingResponses } from '../../lib/error-responses.js';
import { fileOfRequest, multipartFailure } from '../../lib/multipart-upload.js';
import { READ_ONLY_ROUTE } from '../../lib/revision-watch.js';
import { importPosFile, importPosStores } from './import-pos-stores.js';
import { toImportedStore } from './pos.mapper.js';
import { listImported } from './pos.repository.js';
import { compareImportedStore, confirmStoreMerge, ignoreStoreMerge } from './store-merge.js';

/** POS import and merge (product rule R93): file or API in, a queue of rows, candidates, merge or keep apart. */
export async function posRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    '/api/pos/write/store/import',
    {
      config: { permission: 'store:update' },
      schema: {
        tags: ['pos'],
        summary: "Add the brand's point-of-sale stores to the merge queue (API); a refId seen again refreshes its pending row",
        body: ZPosImportBody,
        response: { 200: ZPosImportResult, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      return importPosStores({ db, actor, rows: request.body.stores });
    },
  );

  r.post(
    '/api/pos/write/store/import-file',
    {
      config: { permission: 'store:update' },
      schema: {
        tags: ['pos'],
        summary: 'Upload a POS store list (.csv, .xlsx or .xls; header row naming refId, name, countryCode and address columns)',
        description: `multipart/form-data with one part "file"; the code file limits apply (${CODE_FILE_LIMITS.bytes / 1024 / 1024} MB, zip caps, parse pool with 429 and Retry-After).`,
        consumes: ['multipart/form-data'],
        response: { 200: ZPosImportResult, ...errors, ...fileReadingResponses },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      const part = await fileOfRequest(request, { fileSize: CODE_FILE_LIMITS.bytes });
      const bytes = await part.toBuffer().catch((error: { statusCode?: number }) => {
        if (error.statusCode === 413) {
          throw appError(ERROR_CODES.payloadTooLarge, 'A store list is at most 20 MB', [{ path: 'file', message: 'at most 20 MB' }]);
        }
        throw multipartFailure(error);
      });
      return importPosFile({ db, actor, fileName: part.filename, bytes });
    },
  );

  r.post(
    '/api/pos/read/store/imported-list',
    {
      config: { ...READ_ONLY_ROUTE, permission: 'store:read' },
      schema: {
        tags: ['pos'],
        summary: 'Imported POS stores of the brand: paged, sortable (importedAt, name, refId, countryCode, status; - for descending)',
        body: ZImportedListBody,
        response: { 200: ZImportedList, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      const { currentPage, perPage, sort, status } = request.body;
      const { rows, total } = await listImported(db, actor.brandId, { sort, status, offset: (currentPage - 1) * perPage, limit: perPage });
      return { items: rows.map(toImportedStore), _meta: pageMeta(total, currentPage, perPage) };
    },
  );

  r.get(
    '/api/pos/read/store/compare-imported-stores',
    {
      config: { permission: 'store:read' },
      schema: {
        tags: ['pos'],
        summary: 'A POS row and the existing stores it most likely is (name and address similarity, country, postcode), side by side',
        querystring: ZCompareQuery,
        response: { 200: ZCompareResult, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      return compareImportedStore({ db, actor, refId: request.query.refId });
    },
  );

  r.post(
    '/api/pos/write/store/confirm-store-merge',
    {
      config: { permission: 'store:update' },
      schema: {
        tags: ['pos'],
        summary: 'Merge a POS row into a store (rallyStoreId is the spec\'s {product}StoreId); acceptFrom picks the side per field. Idempotent',
        body: ZConfirmMergeBody,
        response: { 200: ZMergeResult, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      const { refId, rallyStoreId, acceptFrom } = request.body;
      return confirmStoreMerge({ db, actor, refId, storeId: rallyStoreId, acceptFrom });
    },
  );

  r.post(
    '/api/pos/write/store/ignore-store-merge',
    {
      config: { permission: 'store:update' },
      schema: {
        tags: ['pos'],
        summary: 'Keep a POS row apart from the existing stores: it becomes a pending store of its own. Idempotent',
        body: ZIgnoreMergeBody,
        response: { 200: ZMergeResult, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      return ignoreStoreMerge({ db, actor, refId: request.body.refId });
    },
  );
}
