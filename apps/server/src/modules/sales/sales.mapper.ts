import type { TSalesBatch, TSalesBatchRow, TSalesCredit } from '@rally/domain';
import type { SalesBatchRow, SalesCreditRow, SalesLineRow } from './sales.repository.js';

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

export function toSalesBatch(b: SalesBatchRow): TSalesBatch {
  return {
    id: b.id,
    source: b.source,
    fileName: b.fileName,
    status: b.status,
    sentBy: b.sentBy,
    lines: b.linesTotal,
    processed: b.linesDone,
    credited: b.credited,
    duplicates: b.duplicates,
    problems: b.problems,
    completions: b.completionsMade,
    unlocks: b.unlocksMade,
    error: b.error,
    createdAt: epoch(b.createdAt),
    finishedAt: b.finishedAt ? epoch(b.finishedAt) : null,
  };
}

export function toSalesBatchRow(l: SalesLineRow): TSalesBatchRow {
  return {
    row: l.row,
    storePosId: l.storePosId,
    staff: l.staff,
    sku: l.sku,
    quantity: l.quantity,
    amountCents: l.amountCents,
    transactionId: l.transactionId,
    outcome: l.outcome,
    message: l.message,
  };
}

export function toSalesCredit(c: SalesCreditRow): TSalesCredit {
  return {
    transactionId: c.transaction_id,
    campaignId: Number(c.campaign_id),
    campaignName: c.campaign_name,
    staffId: Number(c.store_user_id),
    staffName: c.staff_name,
    completionId: Number(c.completion_id),
    unlocks: Number(c.unlocks),
  };
}
