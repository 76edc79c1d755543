import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { TActivityFilter } from '@rally/domain';

/** A line of the read model: a brand_activity row ('a') or a campaign_audit row ('c'), in one shape. */
export interface ActivityRow {
  src: 'a' | 'c';
  id: number;
  /** created_at as exact text (microseconds, UTC): the cursor compares with it, not with a rounded number. */
  at_text: string;
  actor_kind: string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  subject_label: string | null;
  changes: { field: string; old: unknown; new: unknown }[];
}

/** Where the next page starts: the last line shown, in the read model's order (newest first). */
export interface ActivityCursor {
  at: string;
  src: 'a' | 'c';
  id: number;
}

const AT_TEXT = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The brand's activity log as one read model, newest first: the lines of brand_activity (settings, team, partner
 * pool, billing, operator actions, deleted campaigns) and of campaign_audit (every change to a campaign while it
 * exists: builder saves, launch, end, budget payments, the scheduler's starts and ends), shown as `campaign.<action>`.
 * A campaign's changes are written once, to its audit; the log reads them from there (decision in README "Activity
 * log"). Each branch reads its own (brand_id, created_at, id) index up to `limit` rows past the cursor.
 */
export async function listActivityRows(db: DbOrTx, brandId: string, filter: TActivityFilter, cursor: ActivityCursor | null, limit: number): Promise<ActivityRow[]> {
  const a: SQL[] = [sql`ba.brand_id = ${brandId}`];
  const c: SQL[] = [sql`ca.brand_id = ${brandId}`];
  let withCampaignAudit = true;
  if (filter.area) {
    a.push(sql`ba.action like ${`${filter.area}.%`}`);
    if (filter.area !== 'campaign') withCampaignAudit = false;
  }
  if (filter.action) {
    a.push(sql`ba.action = ${filter.action}`);
    if (filter.action.startsWith('campaign.')) c.push(sql`ca.action = ${filter.action.slice('campaign.'.length)}`);
    else withCampaignAudit = false;
  }
  if (filter.actorId) {
    a.push(sql`ba.actor_id = ${filter.actorId}`);
    c.push(sql`ca.user_id = ${filter.actorId}`);
  }
  if (filter.subjectType) {
    a.push(sql`ba.subject_type = ${filter.subjectType}`);
    if (filter.subjectType !== 'campaign') withCampaignAudit = false;
  }
  if (filter.subjectId) {
    a.push(sql`ba.subject_id = ${filter.subjectId}`);
    // Campaign ids are integers; any other text names no campaign.
    if (/^\d{1,9}$/.test(filter.subjectId)) c.push(sql`ca.campaign_id = ${Number(filter.subjectId)}`);
    else withCampaignAudit = false;
  }
  if (filter.from !== undefined) {
    a.push(sql`ba.created_at >= to_timestamp(${filter.from})`);
    c.push(sql`ca.created_at >= to_timestamp(${filter.from})`);
  }
  if (filter.to !== undefined) {
    a.push(sql`ba.created_at < to_timestamp(${filter.to})`);
    c.push(sql`ca.created_at < to_timestamp(${filter.to})`);
  }
  if (cursor) {
    a.push(sql`(ba.created_at, 'a', ba.id) < (${cursor.at}::timestamptz, ${cursor.src}, ${cursor.id})`);
    c.push(sql`(ca.created_at, 'c', ca.id) < (${cursor.at}::timestamptz, ${cursor.src}, ${cursor.id})`);
  }
  const fromLog = sql`
    select 'a' as src, ba.id, ba.created_at, ${AT_TEXT(sql`ba.created_at`)} as at_text, ba.actor_kind, ba.actor_id, ba.actor_name,
           ba.action, ba.subject_type, ba.subject_id, ba.subject_label, ba.changes
    from brand_activity ba
    where ${sql.join(a, sql` and `)}
    order by ba.created_at desc, ba.id desc
    limit ${limit}`;
  const fromCampaigns = sql`
    select 'c' as src, ca.id, ca.created_at, ${AT_TEXT(sql`ca.created_at`)} as at_text,
           case when ca.user_id is null then 'system' else 'user' end as actor_kind, ca.user_id as actor_id,
           coalesce(u.name, case when ca.user_id is null then 'Rally' else 'A former member' end) as actor_name,
           'campaign.' || ca.action as action, 'campaign' as subject_type, ca.campaign_id::text as subject_id, c.name as subject_label, ca.changes
    from campaign_audit ca
    join campaigns c on c.id = ca.campaign_id
    left join users u on u.id = ca.user_id
    where ${sql.join(c, sql` and `)}
    order by ca.created_at desc, ca.id desc
    limit ${limit}`;
  const query = withCampaignAudit
    ? sql`select * from ((${fromLog}) union all (${fromCampaigns})) x order by created_at desc, src desc, id desc limit ${limit}`
    : fromLog;
  const result = (await db.execute(query)) as unknown as { rows: ActivityRow[] };
  return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
}
