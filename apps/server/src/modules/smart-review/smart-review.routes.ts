import type { FastifyInstance } from 'fastify';
import { userActor } from '../activity/index.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZEmptyBody,
  ZReceiptIdParams,
  ZReceiptList,
  ZReceiptListQuery,
  ZReceiptRejectBody,
  ZReceiptRow,
  ZSmartReviewSwitchResult,
} from '@rally/domain';
import { notFound } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { decideReceiptManually } from './decide-receipt.js';
import { listReceiptPage } from './list-receipts.js';
import { reviewReceipt } from './review-receipt.js';
import { RECEIPT_REVIEW_JOB, queueReceiptReview, type SmartReviewDeps } from './smart-review-deps.js';
import { queuedReceiptIds, receiptUploadId, uploadOf } from './smart-review.repository.js';
import { activateSmartReview, deactivateSmartReview } from './switch-smart-review.js';
import { fileResponse } from '../../lib/api-docs.js';

const tags = ['smart-review'];

/**
 * The receipt-scan service (spec §7): switching smart review on and off, and the review queue. The OCR job is
 * registered here; participants send receipts through the participant API (/api/play/…).
 */
export async function smartReviewRoutes(app: FastifyInstance, opts: { deps: SmartReviewDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  const db = deps.db;

  app.jobs.register<{ receiptId: number }>(RECEIPT_REVIEW_JOB, async ({ receiptId }) => {
    await reviewReceipt(deps, receiptId);
  });
  // The in-process queue forgets its jobs on a restart; the receipts' status remembers them.
  app.jobs.onStart(async () => {
    for (const id of await queuedReceiptIds(db)) await queueReceiptReview(app.jobs, id);
  });
  app.addHook('onClose', () => deps.ocr.close());

  r.post(
    '/api/receipt-scan/activate',
    {
      config: { permission: 'billing:manage' },
      schema: {
        tags,
        summary: 'Switch smart review on (spec §7); refused with 409 naming invoiceId while an invoice is unpaid',
        body: ZEmptyBody,
        response: { 200: ZSmartReviewSwitchResult, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      return activateSmartReview(db, actor.brandId, userActor(actor));
    },
  );

  r.post(
    '/api/receipt-scan/deactivate',
    {
      config: { permission: 'billing:manage' },
      schema: { tags, summary: 'Switch smart review off (spec §7): receipts go to the review queue', body: ZEmptyBody, response: { 200: ZSmartReviewSwitchResult, ...errorResponses } },
    },
    async (request) => {
      const actor = await app.actor(request);
      return deactivateSmartReview(db, actor.brandId, userActor(actor));
    },
  );

  r.get(
    '/api/receipt-scan/receipts',
    {
      config: { permission: 'campaign:read' },
      schema: {
        tags,
        summary: 'Receipts by status: the review queue (review, oldest first) by default; accepted / rejected newest first',
        querystring: ZReceiptListQuery,
        response: { 200: ZReceiptList, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      return listReceiptPage(db, actor.brandId, request.query);
    },
  );

  r.get(
    '/api/receipt-scan/receipts/:id/image',
    { config: { permission: 'campaign:read' }, schema: { tags, summary: 'The receipt photo', params: ZReceiptIdParams, response: { 200: fileResponse('The photo, as the image type it was stored as', ['image/*']), ...errorResponses } } },
    async (request, reply) => {
      const actor = await app.actor(request);
      const uploadId = await receiptUploadId(db, actor.brandId, request.params.id);
      const upload = uploadId ? await uploadOf(db, actor.brandId, uploadId) : undefined;
      const bytes = upload ? await deps.readUpload(upload.storageKey) : null;
      if (!upload || !bytes) throw notFound('Receipt');
      // The declared type was checked to be image/*; never let a browser guess another.
      return reply
        .header('content-type', upload.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=3600')
        .send(bytes);
    },
  );

  r.post(
    '/api/receipt-scan/receipts/:id/accept',
    {
      config: { permission: 'campaign:launch' },
      schema: { tags, summary: 'Accept a receipt in the review queue: its completion is accepted and unlocks rewards (once)', params: ZReceiptIdParams, body: ZEmptyBody, response: { 200: ZReceiptRow, ...errorResponses } },
    },
    async (request) => {
      const actor = await app.actor(request);
      return decideReceiptManually(db, deps.engine, actor, request.params.id, { status: 'accepted', reason: null });
    },
  );

  r.post(
    '/api/receipt-scan/receipts/:id/reject',
    {
      config: { permission: 'campaign:launch' },
      schema: { tags, summary: 'Reject a receipt in the review queue with a reason the participant sees', params: ZReceiptIdParams, body: ZReceiptRejectBody, response: { 200: ZReceiptRow, ...errorResponses } },
    },
    async (request) => {
      const actor = await app.actor(request);
      return decideReceiptManually(db, deps.engine, actor, request.params.id, { status: 'rejected', reason: request.body.reason });
    },
  );
}
