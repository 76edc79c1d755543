import type { FastifyBaseLogger } from 'fastify';
import type { TApprovePayoutsResult } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { recordActivity, userActor } from '../activity/index.js';
import type { PayoutProvider } from './payout-provider.js';
import { approveRequested } from './payouts.repository.js';
import { sendPayout } from './send-payout.js';

export interface ApprovePayoutsOptions {
  db: Db;
  provider: PayoutProvider;
  actor: RequestActor;
  /** The requested payouts to approve; every requested one when left out. */
  ids: string[] | undefined;
  log: FastifyBaseLogger;
}

/** The brand approves a batch of requested payouts: they become pending (logged), then go to the provider one by one. */
export async function approvePayouts(o: ApprovePayoutsOptions): Promise<TApprovePayoutsResult> {
  requirePermission(o.actor, 'billing:manage');
  const approved = await o.db.transaction(async (tx) => {
    const rows = await approveRequested(tx, o.actor.brandId, o.ids, o.actor.userId);
    if (rows.length) {
      const total = rows.reduce((s, r) => s + r.amountCents, 0);
      await recordActivity(tx, {
        brandId: o.actor.brandId,
        actor: userActor(o.actor),
        action: 'billing.payouts_approved',
        subject: { type: 'payouts', id: rows.length, label: `${rows.length} payout${rows.length === 1 ? '' : 's'}` },
        changes: [{ field: 'amountCents', old: null, new: total }],
      });
    }
    return rows;
  });
  const result: TApprovePayoutsResult = { approved: approved.length, paid: 0, failed: 0, pending: 0 };
  for (const row of approved) {
    const sent = await sendPayout(o.db, o.provider, row.id, o.log);
    if (sent === 'paid' || sent === 'failed' || sent === 'pending') result[sent] += 1;
  }
  return result;
}
