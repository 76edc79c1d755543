import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { TCampaignListQuery, TCampaignStatus } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { campaignAudit, campaignMissions, campaigns, rewards } from '../../db/schema/index.js';
import type { CampaignRow } from './campaign.mapper.js';

/** A short unguessable id for the public campaign page. */
export const newPublicUid = () => randomBytes(9).toString('base64url');

const SORT_COLUMNS = {
  createdAt: campaigns.createdAt,
  name: campaigns.name,
  startDate: campaigns.startDate,
  endDate: campaigns.endDate,
  status: campaigns.status,
} as const;

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function findCampaign(db: DbOrTx, brandId: string, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.brandId, brandId), eq(campaigns.id, id)));
  return row;
}

export async function listCampaigns(
  db: DbOrTx,
  brandId: string,
  query: Pick<TCampaignListQuery, 'status' | 'filter' | 'sort'> & { offset: number; limit: number },
): Promise<{ rows: CampaignRow[]; totalCount: number }> {
  const conditions: SQL[] = [eq(campaigns.brandId, brandId)];
  if (query.status) conditions.push(eq(campaigns.status, query.status));
  if (query.filter) conditions.push(ilike(campaigns.name, `%${escapeLike(query.filter)}%`));
  const where = and(...conditions);
  const descending = query.sort.startsWith('-');
  const field = (descending ? query.sort.slice(1) : query.sort) as keyof typeof SORT_COLUMNS;
  const dir = descending ? desc : asc;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(dir(SORT_COLUMNS[field]), dir(campaigns.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  return { rows, totalCount: totals[0]?.n ?? 0 };
}

export async function countByStatus(db: DbOrTx, brandId: string): Promise<Map<TCampaignStatus, number>> {
  const rows = await db
    .select({ status: campaigns.status, n: count() })
    .from(campaigns)
    .where(eq(campaigns.brandId, brandId))
    .groupBy(campaigns.status);
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
    .where(and(eq(rewards.brandId, brandId), eq(rewards.campaignId, fromId)));
  if (rewardRows.length > 0) {
    await db.insert(rewards).values(
      rewardRows.map(({ id: _id, createdAt: _c, updatedAt: _u, campaignId: _from, ...rest }) => ({
        ...rest,
        campaignId: toId,
        budgetPaidCents: 0,
        codesFileUrl: null,
        codesFileName: null,
        endDate: null,
        endTimeZone: null,
      })),
    );
  }
}

export interface AuditEntry {
  brandId: string;
  campaignId: number;
  userId: string;
  action: string;
  changes?: { field: string; old: unknown; new: unknown }[];
}

export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(campaignAudit).values({ ...entry, changes: entry.changes ?? [] });
}
