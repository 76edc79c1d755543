import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { campaigns, members, users } from '../../db/schema/index.js';

type CampaignRow = typeof campaigns.$inferSelect;

/**
 * Moves the campaign to `to` only while it is still in `from` and `due` holds: the conditional update that makes a
 * job idempotent. Undefined when it no longer applies.
 */
export async function updateIfDue(
  db: DbOrTx,
  input: { campaignId: number; from: string; to: CampaignRow['status']; due: SQL; set: Partial<typeof campaigns.$inferInsert>; now: Date },
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(campaigns)
    .set({ ...input.set, status: input.to, version: sql`${campaigns.version} + 1`, updatedAt: input.now })
    .where(and(eq(campaigns.id, input.campaignId), eq(campaigns.status, input.from as CampaignRow['status']), input.due))
    .returning();
  return row;
}

/** The campaign, locked, if it is scheduled and its start has come. */
export async function lockDueScheduled(db: DbOrTx, campaignId: number, now: Date): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'scheduled'), lte(campaigns.startDate, now)))
    .for('update');
  return row;
}

export async function markStartBlocked(db: DbOrTx, campaignId: number, now: Date): Promise<void> {
  await db.update(campaigns).set({ startBlocked: 'budget_unpaid', updatedAt: now }).where(eq(campaigns.id, campaignId));
}

/** Starts the campaign now (clearing a blocked start) and bumps its version. */
export async function activateCampaign(db: DbOrTx, campaignId: number, now: Date): Promise<CampaignRow> {
  const [row] = await db
    .update(campaigns)
    .set({ status: 'active', launchedAt: now, startBlocked: null, version: sql`${campaigns.version} + 1`, updatedAt: now })
    .where(eq(campaigns.id, campaignId))
    .returning();
  return row!;
}

/** A user's email. */
export async function findUserEmail(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** The emails of the brand's owners. */
export async function listOwnerEmails(db: DbOrTx, brandId: string): Promise<string[]> {
  const owners = await db
    .select({ email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.organizationId, brandId), eq(members.role, 'owner')));
  return owners.map((o) => o.email);
}

const jobColumns = {
  id: campaigns.id,
  status: campaigns.status,
  startDate: campaigns.startDate,
  endDate: campaigns.endDate,
  finishCriteria: campaigns.finishCriteria,
};

/** What a campaign's jobs follow from: its status and dates. */
export async function findJobSource(db: DbOrTx, campaignId: number) {
  const [row] = await db.select(jobColumns).from(campaigns).where(eq(campaigns.id, campaignId));
  return row;
}

/** Every campaign that has a job due some day: scheduled ones with a start, active ones that end by date. */
export async function listJobSources(db: DbOrTx) {
  return db
    .select(jobColumns)
    .from(campaigns)
    .where(
      sql`(${campaigns.status} = 'scheduled' and ${campaigns.startDate} is not null)
        or (${campaigns.status} = 'active' and ${campaigns.endDate} is not null and 'days_over' = any(${campaigns.finishCriteria}))`,
    );
}
