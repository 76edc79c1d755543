import { sql } from 'drizzle-orm';
import { isCodeReward, spendsBudget, type TAssignment, type TContestSettings, type TDynamicAmountRow, type TRewardType, type TRewardScope } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { perDatabase } from '../../lib/per-database.js';

/** Who a completion or unlock belongs to: a store user or a consumer. */
export interface ParticipantRef {
  kind: 'store_user' | 'consumer';
  id: number;
  brandId: string;
  /** The store user's store (null for consumers). */
  storeId: number | null;
}

export const participantKey = (p: ParticipantRef) => `${p.kind === 'store_user' ? 'u' : 'c'}:${p.id}`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface EngineCampaignMission {
  campaignId: number;
  campaignName: string;
  campaignType: string;
  campaignStatus: string;
  finishCriteria: string[];
  campaignMissionId: number;
  missionId: number;
  missionType: string;
  missionSubtype: string;
  maxEntriesPerUser: number | null;
  maxEntriesPerStore: number | null;
  passingGrade: number | null;
  contest: TContestSettings | null;
  smartReviewEnabled: boolean;
}

/** A campaign mission of a brand, with what the engine needs of its campaign and brand. */
export async function findCampaignMission(
  db: DbOrTx,
  brandId: string,
  campaignId: number,
  campaignMissionId: number,
): Promise<EngineCampaignMission | undefined> {
  const rows = rowsOf<EngineCampaignMission>(
    await db.execute(sql`
      select c.id as "campaignId", c.name as "campaignName", c.type as "campaignType", c.status as "campaignStatus",
             c.finish_criteria as "finishCriteria", cm.id as "campaignMissionId", m.id as "missionId",
             m.type as "missionType", m.subtype as "missionSubtype", cm.max_entries_per_user as "maxEntriesPerUser",
             cm.max_entries_per_store as "maxEntriesPerStore", cm.passing_grade as "passingGrade", cm.contest,
             b.smart_review_enabled as "smartReviewEnabled"
      from campaign_missions cm
      join campaigns c on c.id = cm.campaign_id
      join missions m on m.id = cm.mission_id
      join brands b on b.id = c.brand_id
      where cm.id = ${campaignMissionId} and cm.campaign_id = ${campaignId} and c.brand_id = ${brandId}`),
  );
  return rows[0];
}

export interface EngineItem {
  id: number;
  kind: 'question' | 'option' | 'field';
  title: string;
  data: Record<string, unknown>;
}

export async function missionItemsOf(db: DbOrTx, missionId: number): Promise<EngineItem[]> {
  return rowsOf<EngineItem>(
    await db.execute(
      sql`select id, kind, title, data from mission_items where mission_id = ${missionId} order by "order", id`,
    ),
  );
}

export interface EngineRewardRow {
  id: number;
  campaignId: number;
  type: TRewardType;
  scope: TRewardScope;
  missionId: number | null;
  title: string;
  completionsToUnlock: number;
  maxPerUser: number;
  isUnlimited: boolean;
  assignment: TAssignment | null;
  amountCents: number | null;
  budgetCents: number | null;
  budgetPaidCents: number;
  budgetSpentCents: number;
  dynamicActive: boolean;
  dynamicAmounts: TDynamicAmountRow[];
  totalAvailable: number | null;
}

export async function campaignRewards(db: DbOrTx, brandId: string, campaignId: number): Promise<EngineRewardRow[]> {
  const rows = rowsOf<EngineRewardRow>(
    await db.execute(sql`
      select id, campaign_id as "campaignId", type, scope, mission_id as "missionId", title,
             completions_to_unlock as "completionsToUnlock", max_per_user as "maxPerUser", is_unlimited as "isUnlimited",
             assignment, amount_cents as "amountCents", budget_cents as "budgetCents",
             budget_paid_cents as "budgetPaidCents", reward_budget_spent(id) as "budgetSpentCents",
             dynamic_active as "dynamicActive", dynamic_amounts as "dynamicAmounts", total_available as "totalAvailable"
      from rewards where brand_id = ${brandId} and campaign_id = ${campaignId} order by id`),
  );
  return rows.map((r) => ({
    ...r,
    amountCents: r.amountCents === null ? null : Number(r.amountCents),
    budgetCents: r.budgetCents === null ? null : Number(r.budgetCents),
    budgetPaidCents: Number(r.budgetPaidCents),
    budgetSpentCents: Number(r.budgetSpentCents),
  }));
}

/** Marks a completion as entered by a store manager for its participant, in the completion's transaction (decision 0025). */
export async function markEnteredBy(db: DbOrTx, brandId: string, completionId: number, managerId: number): Promise<void> {
  await db.execute(sql`update completions set entered_by = ${managerId} where id = ${completionId} and brand_id = ${brandId}`);
}

export async function findByIdempotencyKey(
  db: DbOrTx,
  p: ParticipantRef,
  key: string,
): Promise<{ id: number; requestHash: string | null; response: unknown } | undefined> {
  const rows = rowsOf<{ id: string | number; request_hash: string | null; response: unknown }>(
    await db.execute(sql`select id, request_hash, response from completions
      where participant_key = ${participantKey(p)} and idempotency_key = ${key}`),
  );
  const row = rows[0];
  return row && { id: Number(row.id), requestHash: row.request_hash, response: row.response };
}

/**
 * Codes left per code reward and budget left per budget reward of a campaign (null where the reward has none), for
 * finish criteria and reports. Which rewards carry codes or spend a budget is the domain's rule (isCodeReward,
 * spendsBudget), applied here to what the query reads of every reward.
 */
export async function stockOf(
  db: DbOrTx,
  campaignId: number,
): Promise<{ rewardId: number; codesLeft: number | null; budgetLeftCents: number | null }[]> {
  const rows = rowsOf<{ id: number; type: TRewardType; budget_cents: string | number | null; codes_left: number; budget_left: string | number }>(
    await db.execute(sql`
      select r.id, r.type, r.budget_cents,
        (select count(*)::int from reward_codes rc where rc.reward_id = r.id and rc.issued_at is null) as codes_left,
        r.budget_paid_cents - reward_budget_spent(r.id) as budget_left
      from rewards r where r.campaign_id = ${campaignId}`),
  );
  return rows.map((r) => ({
    rewardId: r.id,
    codesLeft: isCodeReward(r.type) ? Number(r.codes_left) : null,
    budgetLeftCents: spendsBudget({ type: r.type, budgetCents: r.budget_cents === null ? null : Number(r.budget_cents) }) ? Number(r.budget_left) : null,
  }));
}

/** What the engine's rules read (SQL function engine_state, migration 0015), in the order of `rewards`. */
export interface EngineStateSpec {
  campaignId: number;
  campaignMissionId: number;
  pkind: ParticipantRef['kind'];
  pid: number;
  storeId: number | null;
  withMine: boolean;
  withStore: boolean;
  rewards: { id: number; missionId: number | null; itemIds: number[] | null; minSingle: number | null }[];
}

export interface EngineState {
  mine: number;
  myStore: number;
  /** Per reward of the spec: [qualifying completions in scope, their sales total, my unlocks of it]. */
  rewards: [number, number, number][];
  /** How often the participant's state in the campaign has moved (decision 0008 §15): what the write checks. */
  version: number;
}

/** The participant's state for the rules and the first answer of this Idempotency-Key, if any — one statement. */
export async function readEngineState(
  db: DbOrTx,
  p: ParticipantRef,
  spec: EngineStateSpec,
  idempotencyKey: string,
): Promise<{ state: EngineState; existing: { requestHash: string | null; response: unknown } | null }> {
  const rows = rowsOf<{ state: EngineState; existing: { requestHash: string | null; response: unknown } | null }>(
    await db.execute(sql`select engine_state(${JSON.stringify(spec)}::jsonb) as state,
      (select jsonb_build_object('requestHash', request_hash, 'response', response) from completions
        where participant_key = ${participantKey(p)} and idempotency_key = ${idempotencyKey}) as existing`),
  );
  return rows[0]!;
}

/** One unlock kind per reward the plan issues: a code claimed, a prize awaiting assignment, or a plain (money) issue. */
export interface EnginePlanItem {
  rewardId: number;
  n: number;
  kind: 'code' | 'prize' | 'plain';
  /** Debited from the reward's paid budget per issue when > 0. */
  amount: number | null;
  /** Code rewards: look past this code id first (code-cursor.ts). */
  codeFrom?: number;
}

export type EngineWriteOutcome =
  | { outcome: 'inactive' }
  | { outcome: 'stale' }
  | { outcome: 'existing'; requestHash: string | null; response: unknown }
  | {
      outcome: 'done';
      response: unknown;
      touched: boolean;
      claimed: [rewardId: number, codeId: number][];
      /** The participant's version after this write; null when something else moved it meanwhile. */
      version: number | null;
    };

/**
 * Records a completion and issues its plan in one statement (SQL function engine_record_completion):
 * under the participant's lock, only while the participant's version (and a store's entries) still equal `expected`'s.
 */
export async function writeCompletionPlan(db: DbOrTx, args: Record<string, unknown>): Promise<EngineWriteOutcome> {
  const [row] = await preparedWrite(db).execute({ a: JSON.stringify(args) });
  return row!.r;
}
// Named, so PostgreSQL parses and plans the call once per connection, not once per completion.
const preparedWrite = perDatabase((db: DbOrTx) =>
  db
    .select({ r: sql<EngineWriteOutcome>`engine_record_completion(${sql.placeholder('a')}::jsonb)` })
    .from(sql`(values (1)) as one (x)`)
    .prepare('engine_record_completion'),
);

/** The locks a participant's write takes first (engine_lock_participant): theirs in the campaign, then their store's on the mission. */
export interface ParticipantLocks {
  campaignId: number;
  campaignMissionId: number;
  pkind: ParticipantRef['kind'];
  pid: number;
  storeId: number | null;
  lockStore: boolean;
}

/** The participant's locks in a campaign, with their store's on a campaign mission when `withStore` (a per-store limit). */
export const participantLocks = (p: ParticipantRef, at: { campaignId: number; campaignMissionId?: number }, withStore: boolean): ParticipantLocks => ({
  campaignId: at.campaignId,
  campaignMissionId: at.campaignMissionId ?? 0,
  pkind: p.kind,
  pid: p.id,
  storeId: p.storeId,
  lockStore: withStore && p.storeId !== null && at.campaignMissionId !== undefined,
});

/** Takes the participant's campaign lock (and the store's mission lock) for the rest of the transaction. */
export async function lockParticipant(tx: DbOrTx, p: ParticipantRef, campaignId: number, store: { campaignMissionId: number } | null): Promise<void> {
  const locks = participantLocks(p, { campaignId, ...(store ? { campaignMissionId: store.campaignMissionId } : {}) }, store !== null);
  await tx.execute(sql`select engine_lock_participant(${JSON.stringify(locks)}::jsonb)`);
}

/** A completion still pending review, with what settling it needs; undefined when it is not pending (or not the brand's). */
export interface PendingCompletion {
  id: number;
  campaignId: number;
  campaignMissionId: number;
  participant: ParticipantRef;
  salesAmountCents: number;
  itemsSold: { itemId: number; quantity: number }[];
  passed: boolean | null;
}

export async function findPendingCompletion(db: DbOrTx, brandId: string, completionId: number): Promise<PendingCompletion | undefined> {
  const [row] = rowsOf<{
    id: string | number;
    campaign_id: number;
    campaign_mission_id: number;
    store_user_id: number | null;
    store_id: number | null;
    consumer_id: number | null;
    sales_amount_cents: string | number;
    items_sold: { itemId: number; quantity: number }[] | null;
    passed: boolean | null;
  }>(
    await db.execute(sql`select id, campaign_id, campaign_mission_id, store_user_id, store_id, consumer_id, sales_amount_cents, items_sold, passed
      from completions where id = ${completionId} and brand_id = ${brandId} and status = 'pending'`),
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    campaignId: row.campaign_id,
    campaignMissionId: row.campaign_mission_id,
    participant:
      row.store_user_id !== null
        ? { kind: 'store_user', id: row.store_user_id, brandId, storeId: row.store_id }
        : { kind: 'consumer', id: row.consumer_id!, brandId, storeId: null },
    salesAmountCents: Number(row.sales_amount_cents),
    itemsSold: row.items_sold ?? [],
    passed: row.passed,
  };
}

export type EngineSettleOutcome =
  | { outcome: 'unchanged' }
  | { outcome: 'stale' }
  | { outcome: 'done'; issued: boolean; unlocked: unknown[]; touched: boolean; claimed: [rewardId: number, codeId: number][] };

/** A review's decision on a pending completion, and for an accept its plan, in one statement (engine_settle_completion). */
export async function settleCompletionPlan(tx: DbOrTx, args: Record<string, unknown>): Promise<EngineSettleOutcome> {
  const [row] = rowsOf<{ r: EngineSettleOutcome }>(await tx.execute(sql`select engine_settle_completion(${JSON.stringify(args)}::jsonb) as r`));
  return row!.r;
}

/** A prize given to a winner by hand, through the engine's issue (engine_assign_prize): the new unlock's id. */
export async function assignPrizeUnlock(
  tx: DbOrTx,
  a: { participant: ParticipantRef; campaignId: number; rewardId: number; assignedBy: string; assignedStoreId: number },
): Promise<number> {
  const args = {
    ...participantLocks(a.participant, { campaignId: a.campaignId }, false),
    brandId: a.participant.brandId,
    rewardId: a.rewardId,
    assignedBy: a.assignedBy,
    assignedStoreId: a.assignedStoreId,
  };
  const [row] = rowsOf<{ id: string | number }>(await tx.execute(sql`select engine_assign_prize(${JSON.stringify(args)}::jsonb) as id`));
  return Number(row!.id);
}
