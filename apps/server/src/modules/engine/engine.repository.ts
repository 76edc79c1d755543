import { sql } from 'drizzle-orm';
import type { TAssignment, TContestSettings, TDynamicAmountRow, TRewardType, TRewardScope } from '@rally/domain';
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
const participantColumn = (p: ParticipantRef) => (p.kind === 'store_user' ? sql.raw('store_user_id') : sql.raw('consumer_id'));

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface EngineCampaignMission {
  campaignId: number;
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
      select c.id as "campaignId", c.type as "campaignType", c.status as "campaignStatus",
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

/**
 * Marks the transaction as the engine's (migration 0009: code claims and budget debits of running
 * campaigns do not move the builder's cache revision, so they never queue on the campaign row),
 * takes the per-participant locks that make an entries-limit check and its insert one step, and
 * reads the campaign's status as of now — all in one statement.
 */
export async function beginEngineTx(tx: DbOrTx, campaignId: number, lockKeys: [number, number][]): Promise<string | null> {
  const locks = lockKeys.map(([a, b]) => sql`, pg_advisory_xact_lock(${a}::int, ${b}::int)`);
  const rows = rowsOf<{ status: string | null }>(
    await tx.execute(sql`select set_config('rally.engine', 'on', true)${sql.join(locks, sql``)},
      (select status from campaigns where id = ${campaignId}) as status`),
  );
  return rows[0]?.status ?? null;
}

export interface NewCompletion {
  brandId: string;
  campaignId: number;
  campaignMissionId: number;
  participant: ParticipantRef;
  status: 'accepted' | 'pending';
  salesAmountCents: number;
  itemsSold: { itemId: number; quantity: number }[];
  answers: unknown;
  receiptUploadId: string | null;
  score: number | null;
  passed: boolean | null;
  idempotencyKey: string;
  requestHash: string;
}

/** Inserts a completion unless its Idempotency-Key was used by the participant; then returns null. */
export async function insertCompletion(tx: DbOrTx, c: NewCompletion): Promise<{ id: number; createdAt: Date } | null> {
  const p = c.participant;
  const rows = rowsOf<{ id: string | number; created_at: Date | string }>(
    await tx.execute(sql`
      insert into completions (brand_id, campaign_id, campaign_mission_id, store_user_id, store_id, consumer_id, status,
        sales_amount_cents, items_sold, answers, receipt_upload_id, score, passed, participant_key, idempotency_key, request_hash)
      values (${c.brandId}, ${c.campaignId}, ${c.campaignMissionId}, ${p.kind === 'store_user' ? p.id : null}, ${p.storeId},
        ${p.kind === 'consumer' ? p.id : null}, ${c.status}, ${c.salesAmountCents}, ${JSON.stringify(c.itemsSold)}::jsonb,
        ${c.answers === null ? null : JSON.stringify(c.answers)}::jsonb, ${c.receiptUploadId}, ${c.score}, ${c.passed},
        ${participantKey(p)}, ${c.idempotencyKey}, ${c.requestHash})
      on conflict (participant_key, idempotency_key) do nothing
      returning id, created_at`),
  );
  const row = rows[0];
  return row ? { id: Number(row.id), createdAt: new Date(row.created_at) } : null;
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

export async function saveResponse(tx: DbOrTx, completionId: number, response: unknown): Promise<void> {
  await tx.execute(sql`update completions set response = ${JSON.stringify(response)}::jsonb where id = ${completionId}`);
}

/** Entries used on a mission (pending and accepted) by the participant and by their store. */
export async function entriesUsed(
  db: DbOrTx,
  p: ParticipantRef,
  campaignMissionId: number,
  withStore: boolean,
): Promise<{ mine: number; myStore: number }> {
  const col = participantColumn(p);
  const storePart =
    withStore && p.storeId !== null
      ? sql`(select count(*)::int from completions where store_id = ${p.storeId} and campaign_mission_id = ${campaignMissionId} and status <> 'rejected')`
      : sql`0`;
  const rows = rowsOf<{ mine: number; my_store: number }>(
    await db.execute(sql`select
      (select count(*)::int from completions where ${col} = ${p.id} and campaign_mission_id = ${campaignMissionId} and status <> 'rejected') as mine,
      ${storePart} as my_store`),
  );
  return { mine: Number(rows[0]?.mine ?? 0), myStore: Number(rows[0]?.my_store ?? 0) };
}

/**
 * The participant's accepted completions in a reward's scope (mission-scope: that library mission
 * in this campaign): how many meet the assignment filter, and their sales total. A failed quiz
 * (passed = false) does not count.
 */
export async function scopeHistory(
  tx: DbOrTx,
  p: ParticipantRef,
  campaignId: number,
  missionId: number | null,
  filter: { itemIds: number[] | null; minSingleSaleCents: number | null },
): Promise<{ qualifying: number; salesTotalCents: number }> {
  const col = participantColumn(p);
  const byMission =
    missionId === null
      ? sql``
      : sql`and c.campaign_mission_id in (select id from campaign_missions where campaign_id = ${campaignId} and mission_id = ${missionId})`;
  const conds: ReturnType<typeof sql>[] = [];
  if (filter.itemIds !== null)
    conds.push(
      sql`exists (select 1 from jsonb_array_elements(c.items_sold) e where (e->>'itemId')::int = any(${`{${filter.itemIds.join(',')}}`}::int[]))`,
    );
  if (filter.minSingleSaleCents !== null) conds.push(sql`c.sales_amount_cents >= ${filter.minSingleSaleCents}`);
  const qualifying = conds.length === 0 ? sql`count(*)` : sql`count(*) filter (where ${sql.join(conds, sql` and `)})`;
  const rows = rowsOf<{ q: number; s: string | number }>(
    await tx.execute(sql`select ${qualifying}::int as q, coalesce(sum(c.sales_amount_cents), 0) as s
      from completions c
      where c.${col} = ${p.id} and c.campaign_id = ${campaignId} and c.status = 'accepted' and c.passed is not false ${byMission}`),
  );
  return { qualifying: Number(rows[0]?.q ?? 0), salesTotalCents: Number(rows[0]?.s ?? 0) };
}

export async function unlocksSoFar(tx: DbOrTx, p: ParticipantRef, rewardId: number): Promise<number> {
  const col = participantColumn(p);
  const rows = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from reward_unlocks where ${col} = ${p.id} and reward_id = ${rewardId}`),
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Claims one unissued code of a reward and records the unlock in one statement: the code row is
 * locked with SKIP LOCKED (concurrent claims take different codes, never wait on each other), and
 * reward_unlocks.code_id is unique, so a code is issued once whatever runs at the same time.
 * Null when no code is left.
 */
export async function claimCode(
  tx: DbOrTx,
  p: ParticipantRef,
  reward: { id: number; campaignId: number },
  completionId: number,
  amountCents: number | null,
  /** Look past this code id first (code-cursor.ts); 0 looks from the first code. */
  fromCodeId = 0,
): Promise<{ unlockId: number; codeId: number; code: string; createdAt: Date } | null> {
  const rows = rowsOf<{ unlock_id: string | number; code_id: string | number; code: string; created_at: Date | string }>(
    await tx.execute(sql`
      select unlock_id, code_id, code, created_at from reward_code_claim(${reward.id}::int, ${fromCodeId}::bigint, ${p.brandId},
        ${reward.campaignId}::int, ${p.kind === 'store_user' ? p.id : null}::int, ${p.kind === 'consumer' ? p.id : null}::int,
        ${completionId}::bigint, ${amountCents}::bigint)`),
  );
  const row = rows[0];
  return row
    ? { unlockId: Number(row.unlock_id), codeId: Number(row.code_id), code: row.code, createdAt: new Date(row.created_at) }
    : null;
}

/** A debit of the reward's budget for an unlock, from the slice reserveBudget took (the ledger's trigger moves its spent). */
export async function debitBudget(
  tx: DbOrTx,
  d: { brandId: string; rewardId: number; amountCents: number; completionId: number; unlockId: number; slice: number | null },
): Promise<void> {
  await tx.execute(
    sql`insert into reward_budget_ledger (brand_id, reward_id, amount_cents, completion_id, unlock_id, slice)
      values (${d.brandId}, ${d.rewardId}, ${-d.amountCents}, ${d.completionId}, ${d.unlockId}, ${d.slice}::smallint)`,
  );
}

/**
 * A slice of the reward's paid budget that covers `amountCents`, locked until the transaction ends
 * (SQL function reward_budget_take, decision 0008 §9); null when the budget does not cover it. The
 * debit's ledger row names the slice.
 */
export async function reserveBudget(tx: DbOrTx, rewardId: number, amountCents: number): Promise<number | null> {
  const rows = rowsOf<{ slice: number | null }>(await tx.execute(sql`select reward_budget_take(${rewardId}::int, ${amountCents}::bigint) as slice`));
  return rows[0]?.slice ?? null;
}

/** Records an unlock (money, gift card without a code, prize) and, with an amount, its budget debit — one statement. */
export async function insertUnlock(
  tx: DbOrTx,
  p: ParticipantRef,
  reward: { id: number; campaignId: number },
  completionId: number,
  status: 'issued' | 'awaiting_assignment',
  debitCents: number | null,
  codeId: number | null = null,
  /** The budget slice reserveBudget returned (null: the reward row). */
  slice: number | null = null,
): Promise<{ unlockId: number; createdAt: Date }> {
  const debit =
    debitCents !== null && debitCents > 0
      ? sql`, debit as (insert into reward_budget_ledger (brand_id, reward_id, amount_cents, completion_id, unlock_id, slice)
           select ${p.brandId}, ${reward.id}, ${-debitCents}, ${completionId}, id, ${slice}::smallint from unlock returning id)`
      : sql``;
  const rows = rowsOf<{ id: string | number; created_at: Date | string }>(
    await tx.execute(sql`
      with unlock as (
        insert into reward_unlocks (brand_id, campaign_id, reward_id, store_user_id, consumer_id, completion_id, code_id, amount_cents, status)
        values (${p.brandId}, ${reward.campaignId}, ${reward.id}, ${p.kind === 'store_user' ? p.id : null},
                ${p.kind === 'consumer' ? p.id : null}, ${completionId}, ${codeId}, ${debitCents}, ${status})
        returning id, created_at
      ) ${debit}
      select id, created_at from unlock`),
  );
  return { unlockId: Number(rows[0]!.id), createdAt: new Date(rows[0]!.created_at) };
}

/** Adds an accepted contest entry to the participant's contest score. */
export async function addContestScore(
  tx: DbOrTx,
  brandId: string,
  campaignMissionId: number,
  storeUserId: number,
  storeId: number,
  salesAmountCents: number,
): Promise<void> {
  await tx.execute(sql`
    insert into contest_scores (brand_id, campaign_mission_id, store_user_id, store_id, submissions, sales_amount_cents, last_at)
    values (${brandId}, ${campaignMissionId}, ${storeUserId}, ${storeId}, 1, ${salesAmountCents}, now())
    on conflict (campaign_mission_id, store_user_id) do update
      set submissions = contest_scores.submissions + 1,
          sales_amount_cents = contest_scores.sales_amount_cents + excluded.sales_amount_cents,
          last_at = now()`);
}

/** Codes left per code reward and budget left per budget reward of a campaign (for finish criteria and reports). */
export async function stockOf(
  db: DbOrTx,
  campaignId: number,
): Promise<{ rewardId: number; codesLeft: number | null; budgetLeftCents: number | null }[]> {
  const rows = rowsOf<{ id: number; type: string; codes_left: number | null; budget_left: string | number | null }>(
    await db.execute(sql`
      select r.id, r.type,
        case when r.type in ('gift_card', 'free_product', 'discount')
          then (select count(*)::int from reward_codes rc where rc.reward_id = r.id and rc.issued_at is null) end as codes_left,
        case when r.type = 'money' or (r.type = 'gift_card' and coalesce(r.budget_cents, 0) > 0)
          then r.budget_paid_cents - reward_budget_spent(r.id) end as budget_left
      from rewards r where r.campaign_id = ${campaignId}`),
  );
  return rows.map((r) => ({
    rewardId: r.id,
    codesLeft: r.codes_left === null ? null : Number(r.codes_left),
    budgetLeftCents: r.budget_left === null ? null : Number(r.budget_left),
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

/** Takes the participant's campaign lock (and the store's mission lock) for the rest of the transaction. */
export async function lockParticipant(tx: DbOrTx, p: ParticipantRef, campaignId: number, store: { campaignMissionId: number } | null): Promise<void> {
  const storeLock =
    store && p.storeId !== null ? sql`, pg_advisory_xact_lock(${store.campaignMissionId}::int, ${-1_000_000_000 - p.storeId}::int)` : sql``;
  await tx.execute(sql`select engine_lock_participant(${campaignId}::int, ${p.kind}, ${p.id}::int)${storeLock}`);
}
