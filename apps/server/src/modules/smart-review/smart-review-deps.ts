import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { BackgroundJobs } from '../../lib/background-jobs.js';
import type { EngineCaches } from '../engine/index.js';
import type { OcrPool } from './ocr-pool.js';

/** What the smart review use cases need from the app. */
export interface SmartReviewDeps {
  db: Db;
  jobs: BackgroundJobs;
  /** The app's engine caches (`app.caches.engine`): an accepted receipt issues through the engine. */
  engine: EngineCaches;
  ocr: OcrPool;
  log: FastifyBaseLogger;
  /** The bytes of a participant upload (play_uploads.storage_key), or null when gone. */
  readUpload(storageKey: string): Promise<Buffer | null>;
}

/** The background queue receipts are read in (one job per receipt). */
export const RECEIPT_REVIEW_JOB = 'receipt-review';

export const queueReceiptReview = (jobs: BackgroundJobs, receiptId: number) =>
  jobs.send(RECEIPT_REVIEW_JOB, { receiptId }, { singletonKey: `receipt-${receiptId}` });
