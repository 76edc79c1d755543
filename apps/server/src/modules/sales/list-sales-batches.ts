import { SALES_LIMITS, type TSalesBatch, type TSalesBatchDetail, type TSalesBatchList } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { toSalesBatch, toSalesBatchRow, toSalesCredit } from './sales.mapper.js';
import { batchCredits, batchLines, findBatch, listBatches } from './sales.repository.js';

/** The brand's latest sales batches (API calls and files), newest first: the Sales screen's list. */
export async function listSalesBatches(db: DbOrTx, actor: RequestActor): Promise<TSalesBatchList> {
  requirePermission(actor, 'report:read');
  return { items: (await listBatches(db, actor.brandId, 100)).map(toSalesBatch) };
}

/**
 * One batch of the brand (another brand's id is not found): its counts, its rows — those not credited, or all — and
 * the completions it made with the unlocks each caused. Read by the Sales screen (report:read) and by the key that
 * sent sales (GET /api/v1/sales/batches/{id}).
 */
export async function getSalesBatch(db: DbOrTx, brandId: string, id: number, rows: 'all' | 'problems'): Promise<TSalesBatchDetail> {
  const batch = await findBatch(db, brandId, id);
  if (!batch) throw notFound('Sales batch');
  const [lines, credits] = await Promise.all([batchLines(db, id, rows === 'problems', SALES_LIMITS.rowsPage), batchCredits(db, brandId, id, SALES_LIMITS.rowsPage)]);
  return { batch: toSalesBatch(batch), rows: lines.map(toSalesBatchRow), credits: credits.map(toSalesCredit) };
}

export function getSalesBatchFor(db: DbOrTx, actor: RequestActor, id: number, rows: 'all' | 'problems'): Promise<TSalesBatchDetail> {
  requirePermission(actor, 'report:read');
  return getSalesBatch(db, actor.brandId, id, rows);
}

export type { TSalesBatch };
