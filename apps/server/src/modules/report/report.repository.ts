import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TReportDay, TReportMission, TReportReward } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { campaignMissions, completions, missions, rewardCodes, rewardUnlocks, rewards, storeUsers } from '../../db/schema/index.js';
import { carriesCodes } from '../../lib/sql-helpers.js';

export interface ReportScope {
  brandId: string;
  campaignId: number;
  /** Narrows every figure to one store; null for the whole campaign. */
  storeId: number | null;
}

export interface CompletionFigures {
  completions: number;
  participants: number;
  storesActive: number;
  /** Entries waiting for receipt review (not in completions). */
  pending: number;
  missions: TReportMission[];
  /** Days with at least one completion inside [firstDay, lastDay]; the caller fills the gaps. */
  daily: TReportDay[];
}

/**
 * Everything a report counts from completions, in one statement: the campaign's completions
 * are read once (the CTE) and totalled, grouped per mission and per calendar day of the
 * campaign's zone from there.
 */
export async function completionFigures(
  db: DbOrTx,
  scope: ReportScope,
  days: { timeZone: string; firstDay: string; lastDay: string },
): Promise<CompletionFigures> {
  const byStore = scope.storeId === null ? sql`` : sql`and ${completions.storeId} = ${scope.storeId}`;
  const result = await db.execute(sql`
    with scoped as (
      select ${completions.campaignMissionId} as campaign_mission_id,
             coalesce('u' || ${completions.storeUserId}, 'c' || ${completions.consumerId}) as participant,
             ${completions.storeId} as store_id,
             to_char(${completions.createdAt} at time zone ${days.timeZone}, 'YYYY-MM-DD') as day
      from ${completions}
      where ${completions.brandId} = ${scope.brandId} and ${completions.campaignId} = ${scope.campaignId}
        and ${completions.status} = 'accepted' ${byStore}
    )
    select
      (select count(*)::int from scoped) as completions,
      (select count(distinct participant)::int from scoped) as participants,
      (select count(*)::int from ${completions} where ${completions.brandId} = ${scope.brandId}
         and ${completions.campaignId} = ${scope.campaignId} and ${completions.status} = 'pending' ${byStore}) as pending,
      (select count(distinct store_id)::int from scoped) as stores_active,
      coalesce((
        select json_agg(json_build_object(
                 'campaignMissionId', ${campaignMissions.id},
                 'title', ${missions.title},
                 'completions', coalesce(per_mission.n, 0))
               order by ${campaignMissions.order}, ${campaignMissions.id})
        from ${campaignMissions}
        join ${missions} on ${missions.id} = ${campaignMissions.missionId}
        left join (select campaign_mission_id, count(*)::int as n from scoped group by campaign_mission_id) per_mission
          on per_mission.campaign_mission_id = ${campaignMissions.id}
        where ${campaignMissions.campaignId} = ${scope.campaignId}
      ), '[]'::json) as missions,
      coalesce((
        select json_agg(json_build_object('date', day, 'completions', n) order by day)
        from (select day, count(*)::int as n from scoped where day between ${days.firstDay} and ${days.lastDay} group by day) per_day
      ), '[]'::json) as daily`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  return {
    completions: Number(row['completions']),
    participants: Number(row['participants']),
    storesActive: Number(row['stores_active']),
    pending: Number(row['pending']),
    missions: parseJson<TReportMission[]>(row['missions']),
    daily: parseJson<TReportDay[]>(row['daily']),
  };
}

/** Drivers differ in whether they parse json columns; accept both. */
function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export interface RewardFigure extends TReportReward {
  paidCents: number;
}

/**
 * Each reward of the campaign with how often it was unlocked and the money paid out. An unlock
 * belongs to the store its completion was made at, or else to its participant's store.
 */
export async function rewardFigures(db: DbOrTx, scope: ReportScope): Promise<RewardFigure[]> {
  const unlockStore = sql`coalesce(${completions.storeId}, ${storeUsers.storeId})`;
  const unlocks = db
    .select({
      rewardId: rewardUnlocks.rewardId,
      unlocked: count().as('unlocked'),
      paidCents: sql<string>`coalesce(sum(${rewardUnlocks.amountCents}), 0)`.as('paid_cents'),
    })
    .from(rewardUnlocks)
    .leftJoin(completions, eq(completions.id, rewardUnlocks.completionId))
    .leftJoin(storeUsers, eq(storeUsers.id, rewardUnlocks.storeUserId))
    .where(
      and(
        eq(rewardUnlocks.brandId, scope.brandId),
        eq(rewardUnlocks.campaignId, scope.campaignId),
        scope.storeId === null ? undefined : sql`${unlockStore} = ${scope.storeId}`,
      ),
    )
    .groupBy(rewardUnlocks.rewardId)
    .as('unlocks');
  const rows = await db
    .select({
      rewardId: rewards.id,
      type: rewards.type,
      title: rewards.title,
      autoTitle: rewards.autoTitle,
      unlocked: unlocks.unlocked,
      paidCents: unlocks.paidCents,
      codesLeft: sql<number | null>`case when ${carriesCodes(rewards.type)}
        then (select count(*)::int from ${rewardCodes} where ${rewardCodes.rewardId} = ${rewards.id} and ${rewardCodes.issuedAt} is null) end`,
      budgetLeftCents: sql<string | null>`case when ${rewards.type} = 'money' or (${rewards.type} = 'gift_card' and coalesce(${rewards.budgetCents}, 0) > 0)
        then ${rewards.budgetPaidCents} - reward_budget_spent(${rewards.id}) end`,
    })
    .from(rewards)
    .leftJoin(unlocks, eq(unlocks.rewardId, rewards.id))
    .where(and(eq(rewards.brandId, scope.brandId), eq(rewards.campaignId, scope.campaignId)))
    .orderBy(asc(rewards.id));
  return rows.map((r) => ({
    rewardId: r.rewardId,
    type: r.type,
    // A reward saved without a title of its own may still carry a generated one.
    title: r.title !== '' ? r.title : (r.autoTitle ?? ''),
    unlocked: Number(r.unlocked ?? 0),
    paidCents: Number(r.paidCents ?? 0),
    // Stock is the campaign's, whatever store the report is narrowed to.
    codesLeft: r.codesLeft === null ? null : Number(r.codesLeft),
    budgetLeftCents: r.budgetLeftCents === null ? null : Math.max(0, Number(r.budgetLeftCents)),
  }));
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The audit entry that ended the campaign (its status went to ended), with who made it. */
export async function endingEntry(db: DbOrTx, brandId: string, campaignId: number) {
  const [row] = rowsOf<{ action: string; user_name: string | null; created_at: Date | string }>(
    await db.execute(sql`
      select a.action, u.name as user_name, a.created_at
      from campaign_audit a left join users u on u.id = a.user_id
      where a.brand_id = ${brandId} and a.campaign_id = ${campaignId}
        and a.changes @> '[{"field": "status", "new": "ended"}]'::jsonb
      order by a.created_at desc, a.id desc
      limit 1`),
  );
  return row ? { action: row.action, userName: row.user_name, at: new Date(row.created_at) } : undefined;
}

/**
 * What each brand paid into the campaign's budgets and got back, from the ledgers (wallet rows and invoice lines
 * naming the campaign): the owner and, in a shared contest, each partner. Partner rows are in the partners' own
 * ledgers; only their amounts for this campaign of the owner's are read.
 */
export async function payerMoney(db: DbOrTx, campaignId: number) {
  return rowsOf<{ brand_id: string; name: string; paid: number; refunded: number }>(
    await db.execute(sql`
      select m.brand_id, b.name, sum(m.paid)::bigint::int8 as paid, sum(m.refunded)::bigint::int8 as refunded
      from (
        select brand_id, case when amount_cents < 0 then -amount_cents else 0 end as paid,
               case when amount_cents > 0 then amount_cents else 0 end as refunded
        from wallet_ledger where campaign_id = ${campaignId} and kind in ('budget_debit', 'partner_slice', 'refund')
        union all
        select brand_id, case when amount_cents > 0 then amount_cents else 0 end,
               case when amount_cents < 0 then -amount_cents else 0 end
        from invoice_lines where campaign_id = ${campaignId} and kind in ('budget', 'budget_credit')
      ) m join brands b on b.id = m.brand_id
      group by m.brand_id, b.name
      order by b.name`),
  ).map((r) => ({ brandId: r.brand_id, name: r.name, paidCents: Number(r.paid), refundedCents: Number(r.refunded) }));
}
