import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { beginEngineTx, campaignRewards, findCampaignMission, type ParticipantRef } from './engine.repository.js';
import { issueUnlocks } from './issue-unlocks.js';

export interface SettleResult {
  /** False when the completion was not pending any more (settled before): nothing was done. */
  changed: boolean;
  campaignId: number;
  unlockedCount: number;
  /** Codes or budgets moved: the caller checks the finish criteria after commit. */
  touchedStock: boolean;
}

interface PendingRow {
  id: string | number;
  brand_id: string;
  campaign_id: number;
  campaign_mission_id: number;
  store_user_id: number | null;
  store_id: number | null;
  consumer_id: number | null;
  sales_amount_cents: string | number;
  items_sold: { itemId: number; quantity: number }[];
  passed: boolean | null;
  campaign_name: string;
}

/**
 * Accepts or rejects a pending completion (a sale waiting for its receipt), inside the caller's transaction.
 * The status moves from pending exactly once (a conditional update), so a second accept — a double click, two
 * reviewers, a retried job — changes nothing and issues nothing. An accepted completion then earns what it
 * would have earned at submit: contest score and unlocks, while its campaign is still running; a campaign
 * that ended meanwhile counts it but issues nothing (its budget may be refunded already).
 */
export async function settlePendingCompletion(
  tx: DbOrTx,
  brandId: string,
  completionId: number,
  decision: 'accepted' | 'rejected',
): Promise<SettleResult> {
  const rows = (
    (await tx.execute(sql`
      update completions c set status = ${decision}
      from campaigns k
      where c.id = ${completionId} and c.brand_id = ${brandId} and c.status = 'pending' and k.id = c.campaign_id
      returning c.id, c.brand_id, c.campaign_id, c.campaign_mission_id, c.store_user_id, c.store_id, c.consumer_id,
        c.sales_amount_cents, c.items_sold, c.passed, k.name as campaign_name`)) as unknown as { rows: PendingRow[] }
  ).rows;
  const row = rows[0];
  if (!row) return { changed: false, campaignId: 0, unlockedCount: 0, touchedStock: false };
  const campaignId = Number(row.campaign_id);
  if (decision === 'rejected') return { changed: true, campaignId, unlockedCount: 0, touchedStock: false };
  const participant: ParticipantRef =
    row.store_user_id !== null
      ? { kind: 'store_user', id: row.store_user_id, brandId, storeId: row.store_id }
      : { kind: 'consumer', id: row.consumer_id!, brandId, storeId: null };
  // The same per-participant lock a submit with entry limits takes, and the campaign's status as of now.
  const status = await beginEngineTx(tx, campaignId, [[row.campaign_mission_id, participant.kind === 'store_user' ? participant.id : -participant.id]]);
  if (status !== 'active') return { changed: true, campaignId, unlockedCount: 0, touchedStock: false };
  const cm = await findCampaignMission(tx, brandId, campaignId, row.campaign_mission_id);
  if (!cm) return { changed: true, campaignId, unlockedCount: 0, touchedStock: false };
  const rewards = await campaignRewards(tx, brandId, campaignId);
  const issued = await issueUnlocks(
    tx,
    {
      participant,
      campaignId,
      campaignName: row.campaign_name,
      campaignMissionId: row.campaign_mission_id,
      missionId: cm.missionId,
      isContest: cm.contest !== null,
      completionId: Number(row.id),
      salesAmountCents: Number(row.sales_amount_cents),
      itemsSold: row.items_sold ?? [],
      passed: row.passed,
    },
    rewards,
  );
  return { changed: true, campaignId, unlockedCount: issued.unlocked.length, touchedStock: issued.touchedStock };
}
