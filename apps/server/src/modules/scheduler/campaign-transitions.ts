import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { campaigns } from '../../db/schema/index.js';
import { invalidateCampaignPages, recordAudit } from '../campaign/index.js';

/** The two things the scheduler does to a campaign. */
export const CAMPAIGN_JOB_KINDS = ['activate', 'end'] as const;
export type TCampaignJobKind = (typeof CAMPAIGN_JOB_KINDS)[number];

export interface CampaignJob {
  kind: TCampaignJobKind;
  campaignId: number;
  /** When it is due (epoch milliseconds). */
  at: number;
}

export interface TransitionResult {
  changed: boolean;
  /** A job the change leads to (an activated campaign that ends by date gets its end job). */
  follow?: CampaignJob;
}

interface DueTransition {
  from: 'scheduled' | 'active';
  to: 'active' | 'ended';
  action: string;
  set: Partial<typeof campaigns.$inferInsert>;
  /** What makes the campaign due, besides its status. */
  due: SQL;
}

/**
 * Moves a campaign from one status to the next if it is still in the first and due. The
 * conditional update makes a job idempotent: run twice, by two processes, or after a reschedule
 * moved the instant, it changes the campaign at most once and only when it is still due.
 */
async function applyDueTransition(db: Db, campaignId: number, now: Date, t: DueTransition): Promise<TransitionResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ ...t.set, status: t.to, version: sql`${campaigns.version} + 1`, updatedAt: now })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, t.from), t.due))
      .returning();
    if (!row) return { changed: false, follow: await pendingFollowUp(tx, campaignId, now) };
    await recordAudit(tx, {
      brandId: row.brandId,
      campaignId: row.id,
      userId: null,
      action: t.action,
      changes: [{ field: 'status', old: t.from, new: t.to }],
    });
    invalidateCampaignPages(row.brandId);
    // An activated campaign that ends by date now needs its end job.
    return { changed: true, follow: impliedJob(row)[0] };
  });
}

/** Starts a scheduled campaign whose start instant has come. */
export function activateDueCampaign(db: Db, campaignId: number, now = new Date()): Promise<TransitionResult> {
  return applyDueTransition(db, campaignId, now, {
    from: 'scheduled',
    to: 'active',
    action: 'scheduler.activate',
    set: { launchedAt: now },
    due: lte(campaigns.startDate, now)!,
  });
}

/** Ends an active campaign that ends by date once its end instant has come. */
export function endDueCampaign(db: Db, campaignId: number, now = new Date()): Promise<TransitionResult> {
  return applyDueTransition(db, campaignId, now, {
    from: 'active',
    to: 'ended',
    action: 'scheduler.end',
    set: { endedAt: now },
    due: and(sql`'days_over' = any(${campaigns.finishCriteria})`, lte(campaigns.endDate, now))!,
  });
}

/**
 * A job that came too early (its campaign was rescheduled later and the old job survived) leaves
 * the campaign without one; it hands on a job for the campaign's real instant instead.
 */
async function pendingFollowUp(db: DbOrTx, campaignId: number, now: Date): Promise<CampaignJob | undefined> {
  const [row] = await db
    .select({ id: campaigns.id, status: campaigns.status, startDate: campaigns.startDate, endDate: campaigns.endDate, finishCriteria: campaigns.finishCriteria })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!row) return undefined;
  return impliedJob(row).find((job) => job.at > now.getTime());
}

type JobSource = { id: number; status: string; startDate: Date | null; endDate: Date | null; finishCriteria: readonly string[] };

/** The job a campaign's status and dates imply, if any. */
export function impliedJob(row: JobSource): CampaignJob[] {
  if (row.status === 'scheduled' && row.startDate) return [{ kind: 'activate', campaignId: row.id, at: row.startDate.getTime() }];
  if (row.status === 'active' && row.endDate && row.finishCriteria.includes('days_over')) {
    return [{ kind: 'end', campaignId: row.id, at: row.endDate.getTime() }];
  }
  return [];
}

export function runCampaignJob(db: Db, job: Pick<CampaignJob, 'kind' | 'campaignId'>): Promise<TransitionResult> {
  return job.kind === 'activate' ? activateDueCampaign(db, job.campaignId) : endDueCampaign(db, job.campaignId);
}

/**
 * Every job the campaigns table implies: scheduled campaigns start, active campaigns that end by
 * date end. Used to rebuild the in-process queue at boot and to repair a missed enqueue.
 */
export async function impliedCampaignJobs(db: Db): Promise<CampaignJob[]> {
  const rows = await db
    .select({ id: campaigns.id, status: campaigns.status, startDate: campaigns.startDate, endDate: campaigns.endDate, finishCriteria: campaigns.finishCriteria })
    .from(campaigns)
    .where(
      sql`(${campaigns.status} = 'scheduled' and ${campaigns.startDate} is not null)
        or (${campaigns.status} = 'active' and ${campaigns.endDate} is not null and 'days_over' = any(${campaigns.finishCriteria}))`,
    );
  return rows.flatMap(impliedJob);
}
