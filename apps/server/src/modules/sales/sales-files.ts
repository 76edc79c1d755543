import { randomUUID } from 'node:crypto';
import { CODE_FILE_LIMITS, codeFileExtension, salesRowsFromCells, SALES_LIMITS, type TSalesBatch } from '@rally/domain';
import { AppError, invalid } from '../../lib/app-error.js';
import type { BackgroundJobs } from '../../lib/background-jobs.js';
import { readSpreadsheet } from '../../lib/spreadsheet-file/read-spreadsheet.js';
import type { MediaStorage } from '../media/index.js';
import { toSalesBatch } from './sales.mapper.js';
import {
  findBatchById,
  insertBatch,
  insertLines,
  stalledApiBatches,
  storedRows,
  unfinishedFileBatches,
  updateBatch,
  type NewSalesLine,
} from './sales.repository.js';
import { processSalesBatch, type SalesDeps } from './process-sales-batch.js';

/** The queue of sales files: one job per file batch. */
export const SALES_FILE_JOB = 'sales-file';

export interface SalesFileDeps extends SalesDeps {
  /** Where uploaded sales files are kept until (and after) they are processed. */
  files: MediaStorage;
  jobs: BackgroundJobs;
}

/**
 * A sales file (.csv; .xlsx and .xls are read the same way) dropped by the brand — uploaded on the Sales screen or
 * sent to POST /api/v1/sales/files as text/csv: kept in the sales files' storage, recorded as a queued batch and
 * processed by a background job (processSalesFile), so a 100,000-line file never holds a request. Answers the
 * queued batch; its progress is read from the batch.
 */
export async function queueSalesFile(
  deps: SalesFileDeps,
  o: { brandId: string; sentBy: string; fileName: string; bytes: Buffer },
): Promise<TSalesBatch> {
  const ext = codeFileExtension(o.fileName);
  if (!ext) throw invalid([{ path: 'file', message: 'a .csv, .xlsx or .xls file' }]);
  if (o.bytes.length === 0) throw invalid([{ path: 'file', message: 'the file is empty' }]);
  if (o.bytes.length > CODE_FILE_LIMITS.bytes)
    throw invalid([{ path: 'file', message: `at most ${CODE_FILE_LIMITS.bytes / 1024 / 1024} MB` }]);
  // Our own key, never the client's file name (the storage's keys are <id>/<name>).
  const key = `${randomUUID()}/sales.${ext}`;
  await deps.files.putBuffer(key, o.bytes);
  const batch = await insertBatch(deps.db, {
    brandId: o.brandId,
    source: 'file',
    sentBy: o.sentBy,
    fileName: o.fileName.slice(0, 200),
    fileKey: key,
    status: 'queued',
  });
  await deps.jobs.send(SALES_FILE_JOB, { batchId: batch.id }, { singletonKey: `sales-file:${batch.id}` });
  return toSalesBatch(batch);
}

/**
 * The job: reads the batch's file once (the code files' reader: type by magic bytes, zip caps, a parse thread with a
 * deadline), stores its lines with their row numbers — a row that is not a valid line is kept as `invalid` with its
 * message — in the same transaction as the line count, then processes them (processSalesBatch) a step at a time,
 * moving the batch's progress. Run again after a failure or a restart it starts where it stopped: lines are stored
 * once, processed lines keep their outcome, and transactions credited are never credited twice.
 */
export async function processSalesFile(deps: SalesFileDeps, batchId: number): Promise<void> {
  const batch = await findBatchById(deps.db, batchId);
  if (!batch || batch.status === 'done' || batch.status === 'failed') return;
  // An API batch whose call stopped: its lines are stored, the rest of them are processed.
  if (!batch.fileKey) return void (await processSalesBatch(deps, { id: batch.id, brandId: batch.brandId }));
  const parsed = await readLines(deps, batch.fileKey, batch.fileName ?? 'sales.csv');
  if ('error' in parsed) {
    await updateBatch(deps.db, batch.id, { status: 'failed', error: parsed.error, finishedAt: new Date() });
    return;
  }
  if (batch.status === 'queued') {
    // The bad rows first, with the counts; the good ones are stored by each step with their outcome.
    const bad = parsed.lines.filter((l) => l.outcome === 'invalid');
    await deps.db.transaction(async (tx) => {
      await insertLines(tx, batch.brandId, batch.id, bad);
      await updateBatch(tx, batch.id, {
        status: 'processing',
        linesTotal: parsed.lines.length,
        linesDone: bad.length,
        problems: bad.length,
      });
    });
  }
  // Resumed after a stop: the steps that stored their lines are done; the others run again (their claims are this
  // batch's, and the engine's idempotency keys answer what was already credited).
  const done = batch.status === 'queued' ? new Set<number>() : await storedRows(deps.db, batch.id);
  const todo = parsed.lines.filter((l) => l.outcome !== 'invalid' && !done.has(l.row));
  await processSalesBatch(
    deps,
    { id: batch.id, brandId: batch.brandId },
    todo.map((l) => ({
      row: l.row,
      storePosId: l.storePosId,
      staff: l.staff,
      sku: l.sku,
      quantity: l.quantity ?? null,
      amountCents: l.amountCents ?? null,
      soldAt: (l.soldAt as Date | null | undefined) ?? null,
      transactionId: l.transactionId,
    })),
  );
}

async function readLines(
  deps: SalesFileDeps,
  key: string,
  fileName: string,
): Promise<{ lines: NewSalesLine[] } | { error: string }> {
  const file = await deps.files.open(key);
  if (!file) return { error: 'the file is no longer stored' };
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  let cells: string[][];
  try {
    cells = await readSpreadsheet(Buffer.concat(chunks), codeFileExtension(fileName) ?? 'csv', {
      columns: 'all',
      maxRows: SALES_LIMITS.linesPerFile + 1,
    });
  } catch (error) {
    // The reader's refusals (not what its name says, a zip bomb, too slow) are the file's answer.
    if (error instanceof AppError) return { error: error.fields[0]?.message ?? error.message };
    throw error;
  }
  const parsed = salesRowsFromCells(cells);
  if (!parsed.ok) return { error: parsed.fields.map((f) => f.message).join('; ') };
  if (parsed.rows.length === 0) return { error: 'no sales lines below the header row' };
  return {
    lines: parsed.rows.map((r): NewSalesLine =>
      r.ok
        ? { row: r.row, ...r.line, soldAt: new Date(r.line.soldAt) }
        : {
            row: r.row,
            storePosId: r.raw.storePosId,
            staff: r.raw.staff,
            sku: r.raw.sku,
            transactionId: r.raw.transactionId,
            quantity: null,
            amountCents: null,
            soldAt: null,
            outcome: 'invalid',
            message: r.message,
          },
    ),
  };
}

/**
 * Registers the job; at start, queues again the file batches a restart left unfinished; every minute, finishes an API
 * batch whose call stopped half way (its claims are its own, so the rest of its lines are credited, never twice).
 */
export function registerSalesJobs(deps: SalesFileDeps): void {
  deps.jobs.register<{ batchId: number }>(SALES_FILE_JOB, (data) => processSalesFile(deps, data.batchId));
  deps.jobs.onStart(async () => {
    for (const b of await unfinishedFileBatches(deps.db))
      await deps.jobs.send(SALES_FILE_JOB, { batchId: b.id }, { singletonKey: `sales-file:${b.id}` });
  });
  deps.jobs.every('sales-stalled-api-batches', 60, async () => {
    for (const b of await stalledApiBatches(deps.db, 5))
      await deps.jobs.send(SALES_FILE_JOB, { batchId: b.id }, { singletonKey: `sales-file:${b.id}` });
  });
}
