import type { TPayoutSettings, TPayoutSettingsBody } from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { recordActivity, userActor } from '../activity/index.js';
import type { PayoutProvider } from './payout-provider.js';
import { findSettings, saveSettings } from './payouts.repository.js';

export async function getPayoutSettings(db: DbOrTx, actor: RequestActor, provider: PayoutProvider): Promise<TPayoutSettings> {
  const s = await findSettings(db, actor.brandId);
  return { ...s, provider: provider.name, testMode: provider.testMode };
}

/** The brand's minimum payout and whether it approves payouts; logged with what changed. */
export async function updatePayoutSettings(db: Db, actor: RequestActor, provider: PayoutProvider, body: TPayoutSettingsBody): Promise<TPayoutSettings> {
  requirePermission(actor, 'billing:manage');
  await db.transaction(async (tx) => {
    const before = await findSettings(tx, actor.brandId);
    await saveSettings(tx, actor.brandId, body);
    const changes = (['minimumCents', 'approval'] as const).filter((k) => before[k] !== body[k]).map((k) => ({ field: k, old: before[k], new: body[k] }));
    if (changes.length) await recordActivity(tx, { brandId: actor.brandId, actor: userActor(actor), action: 'billing.payout_settings_changed', changes });
  });
  return getPayoutSettings(db, actor, provider);
}
