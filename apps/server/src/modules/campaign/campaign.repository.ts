import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { EDITABLE_STATUSES, type TCampaignListQuery, type TCampaignStatus, type TInviteStatus, type TRewardScope } from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { perDatabase } from '../../lib/per-database.js';
import { escapeLike, writeOrder } from '../../lib/sql-helpers.js';
import { brands, campaignAudit, campaignCounts, campaignMissions, campaignPartners, campaigns, missionItems, missions, rewardPartners, rewards } from '../../db/schema/index.js';
import type { CampaignRow } from './campaign.mapper.js';
import { listAnchors, type CampaignPageAnchors, type PageAnchor } from './campaign-page-anchors.js';

/** A short unguessable id for the public campaign page. */
export const newPublicUid = () => randomBytes(9).toString('base64url');

const SORT_COLUMNS = {
  createdAt: campaigns.createdAt,
  name: campaigns.name,
  startDate: campaigns.startDate,
  endDate: campaigns.endDate,
  status: campaigns.status,
} as const;


export async function findCampaign(db: DbOrTx, brandId: string, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.brandId, brandId), eq(campaigns.id, id)));
  return row;
}

type ListVariant = { field: keyof typeof SORT_COLUMNS; descending: boolean; byStatus: boolean; fromAnchor: boolean; deferred: boolean };

/** Below this many rows to skip, reading whole rows is cheaper than the deferred join's second lookup. */
const DEFER_FROM_OFFSET = 20;

/** Sort keys that are never null, so a row-value comparison can seek on them. */
const SEEKABLE = new Set<keyof typeof SORT_COLUMNS>(['createdAt', 'name', 'status']);


/**
 * The list's page query, prepared once per sort variant: PostgreSQL plans it
 * once per connection instead of on every request (planning cost more than
 * running it), and the total rides along from campaign_counts, so a page is
 * one round trip. The ids come from the index alone (deferred join), which
 * keeps deep pages cheap.
 */
function preparePageQuery(db: DbOrTx, v: ListVariant) {
  const dir = v.descending ? desc : asc;
  const col = SORT_COLUMNS[v.field];
  const seek = v.descending
    ? sql`(${col}, ${campaigns.id}) <= (${sql.placeholder('anchorValue')}, ${sql.placeholder('anchorId')})`
    : sql`(${col}, ${campaigns.id}) >= (${sql.placeholder('anchorValue')}, ${sql.placeholder('anchorId')})`;
  const where = and(
    eq(campaigns.brandId, sql.placeholder('brandId')),
    v.byStatus ? eq(campaigns.status, sql.placeholder('status')) : undefined,
    v.fromAnchor ? seek : undefined,
  );
  const total = v.byStatus
    ? sql<number>`(select coalesce(sum(${campaignCounts.n}), 0)::int from ${campaignCounts} where ${campaignCounts.brandId} = ${sql.placeholder('brandId')} and ${campaignCounts.status} = ${sql.placeholder('status')})`
    : sql<number>`(select coalesce(sum(${campaignCounts.n}), 0)::int from ${campaignCounts} where ${campaignCounts.brandId} = ${sql.placeholder('brandId')})`;
  const order = [dir(SORT_COLUMNS[v.field]), dir(campaigns.id)] as const;
  const name = `campaign_page_${v.field}_${v.descending ? 'desc' : 'asc'}_${v.byStatus ? 'status' : 'all'}${v.fromAnchor ? '_seek' : ''}${v.deferred ? '_deferred' : ''}`;
  if (!v.deferred) {
    return db
      .select({ campaign: campaigns, total: total.mapWith(Number) })
      .from(campaigns)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  }
  const page = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({ campaign: campaigns, total: total.mapWith(Number) })
    .from(campaigns)
    .innerJoin(page, eq(page.id, campaigns.id))
    .orderBy(...order)
    .prepare(name);
}


// Per database handle: the page query of each sort variant.
const preparedPages = perDatabase(() => new Map<string, ReturnType<typeof preparePageQuery>>());

export async function listCampaigns(
  db: DbOrTx,
  anchors: CampaignPageAnchors,
  brandId: string,
  query: Pick<TCampaignListQuery, 'status' | 'filter' | 'sort'> & { offset: number; limit: number },
): Promise<{ rows: CampaignRow[]; totalCount: number }> {
  const descending = query.sort.startsWith('-');
  const field = (descending ? query.sort.slice(1) : query.sort) as keyof typeof SORT_COLUMNS;
  if (!query.filter) {
    const k = SEEKABLE.has(field) ? Math.floor(query.offset / listAnchors.stride) : 0;
    const known = k > 0 ? anchors.list(`${brandId}|${query.status ?? '*'}|${field}|${descending}`) : undefined;
    const anchor = known ? await anchorAt(db, known, brandId, query.status, field, descending, k) : null;
    const offset = anchor ? query.offset - k * listAnchors.stride : query.offset;
    const variant: ListVariant = {
      field,
      descending,
      byStatus: query.status !== undefined,
      fromAnchor: anchor !== null,
      deferred: offset >= DEFER_FROM_OFFSET,
    };
    const key = `${field}:${descending}:${variant.byStatus}:${variant.fromAnchor}:${variant.deferred}`;
    const cache = preparedPages(db);
    let prepared = cache.get(key);
    if (!prepared) cache.set(key, (prepared = preparePageQuery(db, variant)));
    const rows = await prepared.execute({
      brandId,
      status: query.status,
      limit: query.limit,
      offset,
      anchorValue: anchor?.v,
      anchorId: anchor?.id,
    });
    // Past the last page there is no row to carry the total.
    const totalCount = rows[0]?.total ?? (await countFromCounters(db, brandId, query.status));
    return { rows: rows.map((r) => r.campaign), totalCount };
  }
  const conditions: SQL[] = [eq(campaigns.brandId, brandId), ilike(campaigns.name, `%${escapeLike(query.filter)}%`)];
  if (query.status) conditions.push(eq(campaigns.status, query.status));
  const where = and(...conditions);
  const dir = descending ? desc : asc;
  const page = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(where)
    .orderBy(dir(SORT_COLUMNS[field]), dir(campaigns.id))
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  const [rows, totalCount] = await Promise.all([
    db
      .select({ campaign: campaigns })
      .from(campaigns)
      .innerJoin(page, eq(page.id, campaigns.id))
      .orderBy(dir(SORT_COLUMNS[field]), dir(campaigns.id)),
    exactCount(db, where),
  ]);
  return { rows: rows.map((r) => r.campaign), totalCount };
}

/** The sort key of the row at position k × stride (as text, so timestamps keep their microseconds). */
async function anchorAt(
  db: DbOrTx,
  known: Map<number, PageAnchor>,
  brandId: string,
  status: TCampaignStatus | undefined,
  field: keyof typeof SORT_COLUMNS,
  descending: boolean,
  k: number,
): Promise<{ v: string; id: number } | null> {
  if (known.has(k)) return known.get(k) ?? null;
  const dir = descending ? desc : asc;
  const col = SORT_COLUMNS[field];
  // Start from the nearest anchor already known below k: sequential paging then costs a short seek, not a long offset.
  let from = 0;
  for (const [at, held] of known) if (at < k && at > from && held) from = at;
  const base = from > 0 ? known.get(from)! : null;
  const seek = base
    ? descending
      ? sql`(${col}, ${campaigns.id}) <= (${base.v}, ${base.id})`
      : sql`(${col}, ${campaigns.id}) >= (${base.v}, ${base.id})`
    : undefined;
  const [row] = await db
    .select({ v: sql<string>`${col}::text`, id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.brandId, brandId), status ? eq(campaigns.status, status) : undefined, seek))
    .orderBy(dir(col), dir(campaigns.id))
    .limit(1)
    .offset((k - from) * listAnchors.stride);
  const anchor = row ?? null;
  known.set(k, anchor);
  return anchor;
}

async function exactCount(db: DbOrTx, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(campaigns).where(where);
  return row?.n ?? 0;
}

/** Totals kept by the campaign_counts trigger: no row counting on the list's hot path. */
async function countFromCounters(db: DbOrTx, brandId: string, status: TCampaignStatus | undefined) {
  const counts = await countByStatus(db, brandId);
  if (status) return counts.get(status) ?? 0;
  let total = 0;
  for (const n of counts.values()) total += n;
  return total;
}

export async function countByStatus(db: DbOrTx, brandId: string): Promise<Map<TCampaignStatus, number>> {
  const rows = await db
    .select({ status: campaignCounts.status, n: campaignCounts.n })
    .from(campaignCounts)
    .where(eq(campaignCounts.brandId, brandId));
  return new Map(rows.map((r) => [r.status, r.n]));
}

export async function insertCampaign(db: DbOrTx, values: typeof campaigns.$inferInsert): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function deleteCampaignRow(db: DbOrTx, brandId: string, id: number): Promise<void> {
  await db.delete(campaigns).where(and(eq(campaigns.brandId, brandId), eq(campaigns.id, id)));
}

/** Copies a campaign's missions and rewards (not codes, partners or payments) onto another campaign. */
export async function copyCampaignContent(db: DbOrTx, brandId: string, fromId: number, toId: number): Promise<void> {
  const missionRows = await db
    .select()
    .from(campaignMissions)
    .where(and(eq(campaignMissions.brandId, brandId), eq(campaignMissions.campaignId, fromId)));
  if (missionRows.length > 0) {
    await db.insert(campaignMissions).values(
      missionRows.map(({ id: _id, createdAt: _c, campaignId: _from, ...rest }) => ({ ...rest, campaignId: toId })),
    );
  }
  const rewardRows = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.brandId, brandId), eq(rewards.campaignId, fromId)))
    .orderBy(asc(rewards.id));
  if (rewardRows.length === 0) return;
  const copies = await db
    .insert(rewards)
    .values(
      rewardRows.map(({ id: _id, createdAt: _c, updatedAt: _u, campaignId: _from, ...rest }) => ({
        ...rest,
        campaignId: toId,
        // The design, never the money: nothing paid, spent or allotted to running slices (a copied allotment
        // broke rewards_budget_not_overspent — the 400 duplicating a campaign that had paid out money).
        budgetPaidCents: 0,
        budgetSpentCents: 0,
        budgetAllottedCents: 0,
        // The thresholds are the design; an alert sent for the source's budget is not the copy's (decision 0031).
        budgetLowAlerted: false,
        codesFileUrl: null,
        codesFileName: null,
        endDate: null,
        endTimeZone: null,
      })),
    )
    .returning({ id: rewards.id });
  // The partners to invite and what each is asked to supply, not yet invited, filled or paid.
  const partnerRows = await db
    .select()
    .from(campaignPartners)
    .where(and(eq(campaignPartners.brandId, brandId), eq(campaignPartners.campaignId, fromId)))
    .orderBy(asc(campaignPartners.order), asc(campaignPartners.id));
  if (partnerRows.length > 0) {
    await db.insert(campaignPartners).values(
      partnerRows.map((p) => ({ brandId, campaignId: toId, partnerBrandId: p.partnerBrandId, order: p.order })),
    );
  }
  const supplies = await db
    .select()
    .from(rewardPartners)
    .where(and(eq(rewardPartners.brandId, brandId), inArray(rewardPartners.rewardId, rewardRows.map((r) => r.id))))
    .orderBy(asc(rewardPartners.id));
  const copyOf = new Map(rewardRows.map((r, i) => [r.id, copies[i]?.id]));
  const copiedSupplies = supplies.flatMap((p) => {
    const rewardId = copyOf.get(p.rewardId);
    return rewardId === undefined ? [] : [{ brandId, rewardId, partnerBrandId: p.partnerBrandId, budgetCents: p.budgetCents }];
  });
  if (copiedSupplies.length > 0) await db.insert(rewardPartners).values(copiedSupplies);
  // No code goes with the copy (decision 0021 §5): a code is given once, and a copy of a campaign that still runs
  // could give the same code again. The copy's code rewards get their own codes, uploaded or generated, before launch.
}

export interface AuditEntry {
  brandId: string;
  campaignId: number;
  userId: string | null;
  action: string;
  changes?: { field: string; old: unknown; new: unknown }[];
}

export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(campaignAudit).values({ ...entry, changes: entry.changes ?? [] });
}

/** The columns a campaign write may set (progress, version and updated_at are the unit of work's). */
export type CampaignSet = Partial<
  Pick<
    typeof campaigns.$inferInsert,
    | 'name'
    | 'type'
    | 'sharedCampaign'
    | 'status'
    | 'startBlocked'
    | 'endedAt'
    | 'launchedAt'
    | 'startDate'
    | 'endDate'
    | 'timeZone'
    | 'finishCriteria'
    | 'scopeType'
    | 'scopePks'
    | 'countryCodes'
    | 'selectedPlacesIds'
    | 'selectedCountries'
    | 'reachGroups'
    | 'reachStores'
    | 'reachUsers'
  >
>;

/** Writes a change with its recomputed progress and bumps the version (optimistic concurrency). */
export async function updateCampaignRow(db: DbOrTx, id: number, set: CampaignSet & { completionProgress: number }): Promise<CampaignRow> {
  const [row] = await db
    .update(campaigns)
    .set({ ...set, version: sql`${campaigns.version} + 1`, updatedAt: new Date() })
    .where(eq(campaigns.id, id))
    .returning();
  if (!row) throw new Error('campaign vanished inside its transaction');
  return row;
}

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
const preparedWithFacts = perDatabase(prepareCampaignWithFacts);

/**
 * The campaign of the brand and its progress facts in one prepared statement (the name-edit
 * autosave reads nothing else).
 */
export async function findCampaignWithProgressFacts(db: DbOrTx, brandId: string, id: number) {
  const [row] = await preparedWithFacts(db).execute({ brandId, id });
  if (!row) return undefined;
  return { campaign: row.campaign, facts: parseFacts(row) };
}

interface ProgressFactsRow {
  missions: { missionId: number; isCompleteFill: boolean }[] | string;
  rewards: { scope: TRewardScope; missionId: number | null; filledByPartners: boolean; partners: { brandId: string; filled: boolean }[] }[] | string;
  partners: { brandId: string; inviteStatus: TInviteStatus | null }[] | string;
}

export type BrandRow = typeof brands.$inferSelect;

/** A brand's row (its flags and plan): the campaign's owner or a partner. */
export async function findBrand(db: DbOrTx, id: string): Promise<BrandRow | undefined> {
  const [row] = await db.select().from(brands).where(eq(brands.id, id));
  return row;
}

/** The campaign's mission entries with each mission's subtype. */
export async function listMissionEntries(db: DbOrTx, campaignId: number) {
  return db
    .select({ id: campaignMissions.id, missionId: campaignMissions.missionId, subtype: missions.subtype })
    .from(campaignMissions)
    .innerJoin(missions, eq(missions.id, campaignMissions.missionId))
    .where(eq(campaignMissions.campaignId, campaignId));
}

/** How many missions and rewards the campaign holds. */
export async function countMissionsAndRewards(db: DbOrTx, campaignId: number): Promise<{ missions: number; rewards: number }> {
  const [[m], [r]] = await Promise.all([
    db.select({ n: count() }).from(campaignMissions).where(eq(campaignMissions.campaignId, campaignId)),
    db.select({ n: count() }).from(rewards).where(eq(rewards.campaignId, campaignId)),
  ]);
  return { missions: m?.n ?? 0, rewards: r?.n ?? 0 };
}

/** How many partners the campaign lists (invited or not). */
export async function countPartners(db: DbOrTx, campaignId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(campaignPartners).where(eq(campaignPartners.campaignId, campaignId));
  return row?.n ?? 0;
}

/** Removes every partner of the campaign; returns how many there were. */
export async function deletePartners(db: DbOrTx, campaignId: number): Promise<number> {
  const removed = await db.delete(campaignPartners).where(eq(campaignPartners.campaignId, campaignId)).returning({ id: campaignPartners.id });
  return removed.length;
}

export type CampaignMissionRow = typeof campaignMissions.$inferSelect;
type CampaignMissionSettings = Omit<typeof campaignMissions.$inferInsert, 'id' | 'brandId' | 'campaignId' | 'missionId' | 'order'>;

/** A mission of the brand's library. */
export async function findBrandMission(db: DbOrTx, brandId: string, missionId: number) {
  const [row] = await db
    .select()
    .from(missions)
    .where(and(eq(missions.brandId, brandId), eq(missions.id, missionId)));
  return row;
}

/** How many items a mission holds. */
export async function countMissionItems(db: DbOrTx, missionId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(missionItems).where(eq(missionItems.missionId, missionId));
  return row?.n ?? 0;
}

/** The items of the given missions (ids only). */
export async function listMissionItemIds(db: DbOrTx, missionIds: number[]): Promise<number[]> {
  if (missionIds.length === 0) return [];
  const rows = await db.select({ id: missionItems.id }).from(missionItems).where(inArray(missionItems.missionId, missionIds));
  return rows.map((r) => r.id);
}

/** A mission entry of the campaign. */
export async function findMissionEntry(db: DbOrTx, campaignId: number, entryId: number): Promise<CampaignMissionRow | undefined> {
  const [entry] = await db
    .select()
    .from(campaignMissions)
    .where(and(eq(campaignMissions.campaignId, campaignId), eq(campaignMissions.id, entryId)));
  return entry;
}

/** The campaign's mission entry ids in their order. */
export async function listMissionEntryIds(db: DbOrTx, campaignId: number): Promise<number[]> {
  const rows = await db
    .select({ id: campaignMissions.id })
    .from(campaignMissions)
    .where(eq(campaignMissions.campaignId, campaignId))
    .orderBy(campaignMissions.order, campaignMissions.id);
  return rows.map((r) => r.id);
}

/** Adds a mission to the campaign; undefined when it is already in it. */
export async function insertMissionEntry(
  db: DbOrTx,
  values: { brandId: string; campaignId: number; missionId: number; order: number } & CampaignMissionSettings,
): Promise<CampaignMissionRow | undefined> {
  const [entry] = await db.insert(campaignMissions).values(values).onConflictDoNothing().returning();
  return entry;
}

export async function updateMissionEntry(db: DbOrTx, entryId: number, set: CampaignMissionSettings): Promise<void> {
  await db.update(campaignMissions).set(set).where(eq(campaignMissions.id, entryId));
}

/** Removes mission entries (all of the campaign's when no ids are given). */
export async function deleteMissionEntries(db: DbOrTx, campaignId: number, entryIds?: number[]): Promise<void> {
  await db
    .delete(campaignMissions)
    .where(and(eq(campaignMissions.campaignId, campaignId), entryIds ? inArray(campaignMissions.id, entryIds) : undefined));
}

/** Renumbers the campaign's missions 0..n-1 in the given order. */
export async function writeMissionOrder(db: DbOrTx, campaignId: number, ids: number[]): Promise<void> {
  await writeOrder(db, campaignMissions, { id: campaignMissions.id, order: campaignMissions.order, parent: campaignMissions.campaignId }, campaignId, ids);
}

/** Removes the campaign's rewards scoped to these missions: they would point at missions no longer in it. */
export async function deleteMissionRewards(db: DbOrTx, campaignId: number, missionIds: number[]): Promise<void> {
  if (missionIds.length === 0) return;
  await db
    .delete(rewards)
    .where(and(eq(rewards.campaignId, campaignId), eq(rewards.scope, 'mission'), inArray(rewards.missionId, missionIds)));
}

/** Removes one reward of the campaign; returns what it was, or undefined when it is not the campaign's. */
export async function deleteCampaignRewardRow(db: DbOrTx, campaignId: number, rewardId: number) {
  const [removed] = await db
    .delete(rewards)
    .where(and(eq(rewards.campaignId, campaignId), eq(rewards.id, rewardId)))
    .returning({ id: rewards.id, type: rewards.type, title: rewards.title });
  return removed;
}

/** The statuses a campaign can still be renamed in, as SQL. */
const EDITABLE = sql.join(
  EDITABLE_STATUSES.map((s) => sql.raw(`'${s}'`)),
  sql`, `,
);

/**
 * The conditional update and its audit entry as one prepared statement: the audit row is
 * inserted from the updated row, so neither exists without the other.
 */
function prepareRename(db: DbOrTx) {
  const updated = db.$with('updated', { id: campaigns.id, brandId: campaigns.brandId, cacheRev: campaigns.cacheRev, updatedAt: campaigns.updatedAt }).as(sql`
    update ${campaigns}
       set name = ${sql.placeholder('name')}, completion_progress = ${sql.placeholder('progress')},
           version = version + 1, updated_at = now()
     where id = ${sql.placeholder('id')} and brand_id = ${sql.placeholder('brandId')} and version = ${sql.placeholder('version')}
       and status in (${EDITABLE}) and cache_rev = coalesce(${sql.placeholder('rev')}::bigint, cache_rev)
    returning id, brand_id, cache_rev, updated_at`);
  const audit = db.$with('audit', { at: campaignAudit.createdAt }).as(sql`
    insert into ${campaignAudit} (brand_id, campaign_id, user_id, action, changes)
    select brand_id, id, ${sql.placeholder('userId')}, 'update', ${sql.placeholder('changes')}::jsonb from updated
     where jsonb_array_length(${sql.placeholder('changes')}::jsonb) > 0
    returning created_at`);
  // A save that changes nothing writes no audit row (the activity shows only real changes); a
  // data-modifying CTE runs even when the outer query does not read it.
  return db
    .with(updated, audit)
    .select({ at: updated.updatedAt, rev: updated.cacheRev })
    .from(updated)
    .prepare('rename_campaign');
}
const preparedRename = perDatabase(prepareRename);

/**
 * The name autosave's one statement: renames the campaign with its new progress only while it is still at `version`
 * (and, when given, at revision `rev`) and editable, and writes the audit row with it; undefined when no row matched.
 */
export async function renameAtVersion(
  db: DbOrTx,
  input: { id: number; brandId: string; version: number; rev: number | null; name: string; progress: number; userId: string | null; changes: { field: string; old: unknown; new: unknown }[] },
): Promise<{ at: Date; rev: number } | undefined> {
  const [row] = await preparedRename(db).execute({ ...input, changes: JSON.stringify(input.changes) });
  return row;
}
