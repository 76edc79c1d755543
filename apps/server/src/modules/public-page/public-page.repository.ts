import { eq, sql } from 'drizzle-orm';
import type { TContestSettings, TPublicLeaderboardNames } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { brands } from '../../db/schema/index.js';
import { carriesCodes } from '../../lib/sql-helpers.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export interface PublicCampaignRow {
  id: number;
  brand_id: string;
  brand_name: string;
  currency: string;
  name: string;
  type: 'general' | 'contest' | 'learning' | 'consumer';
  status: 'draft' | 'scheduled' | 'rejected' | 'active' | 'ended';
  start_date: Date | string | null;
  end_date: Date | string | null;
  time_zone: string;
  public_uid: string;
  country_codes: string[] | string | null;
  /** The brand's choice of who its public pages name on a leaderboard. */
  public_leaderboard_names: TPublicLeaderboardNames;
}

/** A launched campaign by its public uid (any brand: the page is public); undefined for any other status. */
export async function findPublicCampaign(db: DbOrTx, uid: string): Promise<PublicCampaignRow | undefined> {
  return rowsOf<PublicCampaignRow>(
    await db.execute(sql`select c.id, c.brand_id, b.name as brand_name, b.currency, c.name, c.type, c.status, c.start_date, c.end_date, c.time_zone,
        c.public_uid, coalesce(array_to_json(c.country_codes), '[]'::json) as country_codes, b.public_leaderboard_names
      from campaigns c join brands b on b.id = c.brand_id
      where c.public_uid = ${uid} and c.status in ('active', 'ended')`),
  )[0];
}

/** The brand's public page settings. */
export async function findPublicPageSettings(db: DbOrTx, brandId: string): Promise<{ leaderboardNames: TPublicLeaderboardNames } | undefined> {
  const [row] = await db.select({ leaderboardNames: brands.publicLeaderboardNames }).from(brands).where(eq(brands.id, brandId));
  return row;
}

export async function savePublicPageSettings(db: DbOrTx, brandId: string, settings: { leaderboardNames: TPublicLeaderboardNames }): Promise<void> {
  await db.update(brands).set({ publicLeaderboardNames: settings.leaderboardNames }).where(eq(brands.id, brandId));
}

export interface PublicMissionRow {
  campaign_mission_id: number;
  title: string;
  description: string;
  image_url: string | null;
  contest: TContestSettings | null;
}

export async function publicMissions(db: DbOrTx, campaignId: number): Promise<PublicMissionRow[]> {
  return rowsOf<PublicMissionRow>(
    await db.execute(sql`select cm.id as campaign_mission_id, m.title, m.description, m.image_url, cm.contest
      from campaign_missions cm join missions m on m.id = cm.mission_id
      where cm.campaign_id = ${campaignId} order by cm."order", cm.id`),
  );
}

export interface PublicRewardRow {
  id: number;
  type: 'money' | 'discount' | 'free_product' | 'gift_card' | 'prize';
  title: string;
  description: string;
  image_url: string | null;
  amount_cents: number | string | null;
  percentage_discount: number | null;
  value_cents: number | string | null;
  total_available: number | null;
  end_date: Date | string | null;
  codes_total: number | null;
  codes_left: number | null;
  assigned: number;
}

/** Rewards with what is left: codes not yet issued (code rewards), prizes not yet assigned. */
export async function publicRewards(db: DbOrTx, campaignId: number): Promise<PublicRewardRow[]> {
  return rowsOf<PublicRewardRow>(
    await db.execute(sql`select r.id, r.type, r.title, r.description, r.image_url, r.amount_cents, r.percentage_discount, r.value_cents,
        r.total_available, r.end_date,
        case when ${carriesCodes(sql`r.type`)} then (select count(*)::int from reward_codes rc where rc.reward_id = r.id) end as codes_total,
        case when ${carriesCodes(sql`r.type`)}
          then (select count(*)::int from reward_codes rc where rc.reward_id = r.id and rc.issued_at is null) end as codes_left,
        (select count(*)::int from reward_unlocks u where u.reward_id = r.id and u.status = 'assigned') as assigned
      from rewards r where r.campaign_id = ${campaignId}
      order by case when r.type in ('prize', 'money') then 0 else 1 end, r.id`),
  );
}

export interface IssuedCodeRow {
  email: string;
  name: string;
  campaign_name: string;
  public_uid: string;
  title: string;
  code: string;
  link_to_shop: string | null;
  fine_print: string | null;
}

/** The codes a consumer's completion was issued, with where to mail them. */
export async function issuedCodesOf(db: DbOrTx, consumerId: number, completionId: number): Promise<IssuedCodeRow[]> {
  return rowsOf<IssuedCodeRow>(
    await db.execute(sql`select co.email, co.name, c.name as campaign_name, c.public_uid, r.title, rc.code, r.link_to_shop, r.fine_print
      from reward_unlocks u join reward_codes rc on rc.id = u.code_id join rewards r on r.id = u.reward_id
      join campaigns c on c.id = u.campaign_id join consumers co on co.id = u.consumer_id
      where u.consumer_id = ${consumerId} and u.completion_id = ${completionId} order by u.id`),
  );
}
