import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { TCampaignMission, TCampaignPartner, TInviteStatus, TRewardScope, TSharedDataOption } from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { itemCountsSubquery } from '../../lib/sql-helpers.js';
import {
  brands,
  campaignMissions,
  campaignPartners,
  campaigns,
  missions,
} from '../../db/schema/index.js';
import type { CampaignRow } from '../campaign/index.js';

/** A campaign the brand owns, or one it was invited to as a partner (once the invite went out). */
export async function findVisibleCampaign(db: DbOrTx, brandId: string, id: number) {
  const [row] = await db
    .select({ campaign: campaigns, ownerName: brands.name, ownerLogo: brands.logo })
    .from(campaigns)
    .innerJoin(brands, eq(brands.id, campaigns.brandId))
    .where(
      and(
        eq(campaigns.id, id),
        or(
          eq(campaigns.brandId, brandId),
          sql`exists (select 1 from ${campaignPartners} cp where cp.campaign_id = ${campaigns.id} and cp.partner_brand_id = ${brandId} and cp.invite_status is not null)`,
        ),
      ),
    );
  return row;
}

/** Locks the campaign row for the rest of the transaction (writes to one campaign are serialised). */
export async function lockCampaign(tx: DbOrTx, brandId: string, id: number): Promise<CampaignRow | undefined> {
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.brandId, brandId), eq(campaigns.id, id)))
    .for('update');
  return row;
}

export async function listCampaignMissions(db: DbOrTx, campaignId: number): Promise<TCampaignMission[]> {
  const itemCounts = itemCountsSubquery(db);
  const rows = await db
    .select({ cm: campaignMissions, m: missions, itemCount: itemCounts.n })
    .from(campaignMissions)
    .innerJoin(missions, eq(missions.id, campaignMissions.missionId))
    .leftJoin(itemCounts, eq(itemCounts.missionId, missions.id))
    .where(eq(campaignMissions.campaignId, campaignId))
    .orderBy(asc(campaignMissions.order), asc(campaignMissions.id));
  return rows.map(({ cm, m, itemCount }) => ({
    id: cm.id,
    missionId: cm.missionId,
    order: cm.order,
    type: m.type,
    mission: {
      title: m.title,
      imageUrl: m.imageUrl,
      type: m.type,
      subtype: m.subtype,
      isCompleteFill: m.isCompleteFill,
      status: m.status,
      itemCount: itemCount ?? 0,
    },
    maxEntriesPerUser: cm.maxEntriesPerUser,
    maxEntriesPerStore: cm.maxEntriesPerStore,
    contest: cm.contest,
    passingGrade: cm.passingGrade,
    sharedData: cm.sharedData as TSharedDataOption[],
  }));
}

export async function listCampaignPartners(db: DbOrTx, campaignId: number): Promise<TCampaignPartner[]> {
  const rows = await db
    .select({ p: campaignPartners, b: brands })
    .from(campaignPartners)
    .innerJoin(brands, eq(brands.id, campaignPartners.partnerBrandId))
    .where(eq(campaignPartners.campaignId, campaignId))
    .orderBy(asc(campaignPartners.order), asc(campaignPartners.id));
  return rows.map(({ p, b }) => ({
    brandId: b.id,
    brandName: b.name,
    brandLogoUrl: b.logo,
    industries: b.industries.map((name) => ({ name })),
    inviteStatus: p.inviteStatus as TInviteStatus | null,
    order: p.order,
    respondedAt: p.respondedAt ? Math.floor(p.respondedAt.getTime() / 1000) : null,
    rejectReason: p.inviteStatus === 'REJECTED' ? p.rejectReason : null,
  }));
}

/** The three facts progress is computed from, as JSON sub-selects of the campaign named by `campaignId`. */
function progressFactsColumns(campaignId: SQL) {
  return {
    missions: sql<ProgressFactsRow['missions']>`(select coalesce(json_agg(json_build_object('missionId', cm.mission_id, 'isCompleteFill', m.is_complete_fill)), '[]'::json)
         from campaign_missions cm join missions m on m.id = cm.mission_id
        where cm.campaign_id = ${campaignId})`,
    rewards: sql<ProgressFactsRow['rewards']>`(select coalesce(json_agg(json_build_object(
                'scope', r.scope, 'missionId', r.mission_id, 'filledByPartners', r.filled_by_partners,
                'partners', (select coalesce(json_agg(json_build_object('brandId', rp.partner_brand_id, 'filled', rp.fill_status = 'filled')), '[]'::json)
                               from reward_partners rp where rp.reward_id = r.id))), '[]'::json)
         from rewards r where r.campaign_id = ${campaignId})`,
    partners: sql<ProgressFactsRow['partners']>`(select coalesce(json_agg(json_build_object('brandId', p.partner_brand_id, 'inviteStatus', p.invite_status)), '[]'::json)
         from campaign_partners p where p.campaign_id = ${campaignId})`,
  };
}

const parseJson = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function parseFacts(row: Record<keyof ProgressFactsRow, ProgressFactsRow[keyof ProgressFactsRow]>) {
  return {
    missions: parseJson(row.missions as ProgressFactsRow['missions']) as Exclude<ProgressFactsRow['missions'], string>,
    rewards: parseJson(row.rewards as ProgressFactsRow['rewards']) as Exclude<ProgressFactsRow['rewards'], string>,
    partners: parseJson(row.partners as ProgressFactsRow['partners']) as Exclude<ProgressFactsRow['partners'], string>,
  };
}

/** What progress is computed from, in one statement whatever the campaign's size. */
export async function loadProgressFacts(db: DbOrTx, campaignId: number) {
  const [row] = await (db as Db).select(progressFactsColumns(sql`${campaignId}`)).from(sql`(select 1) as one`);
  return parseFacts(row!);
}

function prepareCampaignWithFacts(db: DbOrTx) {
  return db
    .select({ campaign: campaigns, ...progressFactsColumns(sql`${campaigns.id}`) })
    .from(campaigns)
    .where(and(eq(campaigns.brandId, sql.placeholder('brandId')), eq(campaigns.id, sql.placeholder('id'))))
    .prepare('campaign_with_progress_facts');
}
const preparedWithFacts = new WeakMap<object, ReturnType<typeof prepareCampaignWithFacts>>();

/**
 * The campaign of the brand and its progress facts in one prepared statement (the name-edit
 * autosave reads nothing else).
 */
export async function findCampaignWithProgressFacts(db: DbOrTx, brandId: string, id: number) {
  let query = preparedWithFacts.get(db);
  if (!query) preparedWithFacts.set(db, (query = prepareCampaignWithFacts(db)));
  const [row] = await query.execute({ brandId, id });
  if (!row) return undefined;
  return { campaign: row.campaign, facts: parseFacts(row) };
}

interface ProgressFactsRow {
  missions: { missionId: number; isCompleteFill: boolean }[] | string;
  rewards: { scope: TRewardScope; missionId: number | null; filledByPartners: boolean; partners: { brandId: string; filled: boolean }[] }[] | string;
  partners: { brandId: string; inviteStatus: TInviteStatus | null }[] | string;
}
