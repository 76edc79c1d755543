import type { TBrandStatus } from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { recordActivity } from '../activity/index.js';
import type { OperatorActor } from './operator-access.js';
import { findBrandForUpdate, insertOperatorAudit, setBrandConsumer, setBrandStatus } from './operator.repository.js';

type Change = { field: string; old: unknown; new: unknown };

/** One operator action, audited twice in its transaction: the operator audit and the brand's own activity log. */
async function audit(tx: DbOrTx, operator: OperatorActor, brand: { id: string; name: string }, action: string, changes: Change[]) {
  await insertOperatorAudit(tx, { operatorId: operator.userId, operatorName: operator.name, action, brandId: brand.id, brandName: brand.name, changes });
  await recordActivity(tx, {
    brandId: brand.id,
    actor: { kind: 'operator', userId: operator.userId, name: operator.name },
    action,
    subject: { type: 'brand', id: brand.id, label: brand.name },
    changes,
  });
}

/**
 * Approves (active) or suspends a brand. A suspended brand's members are refused on every brand route (403
 * BRAND_SUSPENDED, auth's resolveActor) and its running campaigns take no entries (the engine's running check).
 * Setting the status it has already changes and records nothing. Answers whether it changed.
 */
export async function changeBrandStatus(db: Db, operator: OperatorActor, brandId: string, status: TBrandStatus, reason?: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const brand = await findBrandForUpdate(tx, brandId);
    if (!brand) throw notFound('Brand');
    if (brand.status === status) return false;
    await setBrandStatus(tx, brandId, status);
    const changes: Change[] = [{ field: 'status', old: brand.status, new: status }];
    if (reason) changes.push({ field: 'reason', old: null, new: reason });
    await audit(tx, operator, brand, status === 'suspended' ? 'brand.suspended' : 'brand.approved', changes);
    return true;
  });
}

/** Switches a brand's consumer feature (consumer campaigns and public pages for consumers). */
export async function switchConsumer(db: Db, operator: OperatorActor, brandId: string, enabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const brand = await findBrandForUpdate(tx, brandId);
    if (!brand) throw notFound('Brand');
    if (brand.consumerEnabled === enabled) return;
    await setBrandConsumer(tx, brandId, enabled);
    await audit(tx, operator, brand, 'brand.consumer_switched', [{ field: 'consumerEnabled', old: brand.consumerEnabled, new: enabled }]);
  });
}
