import type { TReceiptRow } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { checkFinishCriteria, settlePendingCompletion, type EngineCaches } from '../engine/index.js';
import { getReceiptRow } from './list-receipts.js';
import { receiptStatus, recordManualDecision } from './smart-review.repository.js';

/**
 * A person's accept or reject of a receipt in the review queue (rule R127): the receipt and its completion
 * move together, once — accepting runs the engine (unlocks), rejecting keeps the reason the participant sees.
 * A receipt another reviewer decided meanwhile is a 409, and nothing is issued twice.
 */
export async function decideReceiptManually(
  db: Db,
  engine: EngineCaches,
  actor: RequestActor,
  receiptId: number,
  decision: { status: 'accepted' | 'rejected'; reason: string | null },
): Promise<TReceiptRow> {
  const result = await db.transaction(async (tx) => {
    const recorded = await recordManualDecision(tx, actor.brandId, receiptId, {
      status: decision.status,
      reviewer: actor.userName,
      reviewerId: actor.userId,
      reason: decision.reason,
    });
    if (!recorded) {
      const status = await receiptStatus(tx, actor.brandId, receiptId);
      if (!status) throw notFound('Receipt');
      throw conflict(
        status === 'queued' ? 'This receipt is still being read' : `This receipt was ${status} already`,
        undefined,
        [{ path: 'id', message: status === 'queued' ? 'still being read' : `already ${status}` }],
      );
    }
    return settlePendingCompletion(tx, engine, actor.brandId, recorded.completionId, decision.status);
  });
  if (result.touchedStock) await checkFinishCriteria(db, result.campaignId);
  const row = await getReceiptRow(db, actor.brandId, receiptId);
  if (!row) throw notFound('Receipt');
  return row;
}
