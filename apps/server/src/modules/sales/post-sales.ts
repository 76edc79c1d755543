import type { TSalesPostBody, TSalesPostResult } from '@rally/domain';
import { notFound } from '../../lib/app-error.js';
import type { ApiClient } from '../api-keys/index.js';
import { toSalesBatch } from './sales.mapper.js';
import { findBatch, insertBatch, insertLines, updateBatch } from './sales.repository.js';
import { processSalesBatch, type SalesDeps } from './process-sales-batch.js';

/**
 * A JSON batch of sales lines from a brand's system (POST /api/v1/sales, scope sales:write): stored as a batch of the
 * key's brand and processed while the call waits (at most SALES_LIMITS.linesPerCall lines); answers every line's
 * outcome in the order sent (row = its index in `lines`).
 */
export async function postSales(deps: SalesDeps, client: ApiClient, body: TSalesPostBody): Promise<TSalesPostResult> {
  const batch = await insertBatch(deps.db, { brandId: client.brandId, source: 'api', sentBy: client.name, status: 'processing' });
  await insertLines(
    deps.db,
    client.brandId,
    batch.id,
    body.lines.map((l, row) => ({
      row,
      storePosId: l.storePosId,
      staff: l.staff,
      sku: l.sku,
      quantity: l.quantity,
      amountCents: l.amountCents,
      soldAt: new Date(l.soldAt),
      transactionId: l.transactionId,
    })),
  );
  await updateBatch(deps.db, batch.id, { linesTotal: body.lines.length });
  const outcomes = await processSalesBatch(deps, { id: batch.id, brandId: client.brandId });
  const byRow = new Map(outcomes.map((o) => [o.row, o]));
  const done = await findBatch(deps.db, client.brandId, batch.id);
  if (!done) throw notFound('Sales batch');
  return {
    batch: toSalesBatch(done),
    rows: body.lines.map((l, row) => {
      const o = byRow.get(row)!;
      return { row, transactionId: l.transactionId, outcome: o.outcome, message: o.message, staffId: o.outcome === 'credited' ? o.storeUserId : null };
    }),
  };
}
