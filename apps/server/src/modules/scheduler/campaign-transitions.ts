import { and, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { campaigns } from '../../db/schema/index.js';
import { returnUnspentBudget, unspentBudgetChanges } from '../billing/index.js';
import type { NotifyStartBlocked, StartBlockedNotice } from './start-blocked-mailer.js';
import { recordAudit } from '../campaign/index.js';
import {
  activateCampaign,
  findJobSource,
  findUserEmail,
  listJobSources,
  listOwnerEmails,
  lockDueScheduled,
  markStartBlocked,
  updateIfDue,
} from './scheduler.repository.js';

/**
 * Pays what a campaign still owes on its prepaid budgets from the wallet, in the caller's transaction, all or nothing
 * (launch's payDueBudgetFromWallet). It is passed in — by app.ts to the scheduler, by add-budget to startIfDue — rather
 * than imported, because the arrow between the two modules points launch → scheduler: launching and paying a budget
 * queue and start jobs, while the scheduler only needs this one step of launch's at a scheduled start.
 */
export type PayDueBudget = (
  tx: DbOrTx,
  input: { brandId: string; campaignId: number; userId: string | null },
) => Promise<
  | { kind: 'nothing-due' }
  | { kind: 'paid'; amount: number; changes: { field: string; old: number; new: number }[] }
  | { kind: 'short'; due: number; walletBalance: number }
>;

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
  /** More work in the same transaction once the campaign changed; returns more audit changes. */
  then?: (tx: DbOrTx, row: typeof campaigns.$inferSelect) => Promise<{ field: string; old: unknown; new: unknown }[]>;
}

/**
 * Moves a campaign from one status to the next if it is still in the first and due. The
 * conditional update makes a job idempotent: run twice, by two processes, or after a reschedule
 * moved the instant, it changes the campaign at most once and only when it is still due.
 */
async function applyDueTransition(db: Db, campaignId: number, now: Date, t: DueTransition): Promise<TransitionResult> {
  return db.transaction(async (tx) => {
    const row = await updateIfDue(tx, { campaignId, from: t.from, to: t.to, due: t.due, set: t.set, now });
    if (!row) return { changed: false, follow: await pendingFollowUp(tx, campaignId, now) };
    const more = t.then ? await t.then(tx, row) : [];
    await recordAudit(tx, {
      brandId: row.brandId,
      campaignId: row.id,
      userId: null,
      action: t.action,
      changes: [{ field: 'status', old: t.from, new: t.to }, ...more],
    });
    // An activated campaign that ends by date now needs its end job.
    return { changed: true, follow: impliedJob(row)[0] };
  });
}

export interface ActivationResult extends TransitionResult {
  /** Set when the start was blocked just now (the owner is to be told, once). */
  blocked?: StartBlockedNotice;
}

/**
 * Starts a scheduled campaign whose start instant has come. A prepaid money budget still due is
 * paid from the wallet first, in the same transaction as the activation; when the wallet cannot
 * cover it the campaign stays scheduled and is marked start-blocked (audit row; the owner is told
 * once) and starts as soon as the budget is paid (`startIfDue` after add-budget). The row lock
 * and the status condition keep it idempotent: run twice or by two processes, it acts once.
 */
export async function activateDueCampaign(db: Db, campaignId: number, payDueBudget: PayDueBudget, now = new Date()): Promise<ActivationResult> {
  return db.transaction(async (tx) => {
    const campaign = await lockDueScheduled(tx, campaignId, now);
    if (!campaign) return { changed: false, follow: await pendingFollowUp(tx, campaignId, now) };
    const payment = await payDueBudget(tx, { brandId: campaign.brandId, campaignId: campaign.id, userId: null });
    if (payment.kind === 'short') {
      if (campaign.startBlocked === 'budget_unpaid') return { changed: false };
      await markStartBlocked(tx, campaign.id, now);
      await recordAudit(tx, {
        brandId: campaign.brandId,
        campaignId: campaign.id,
        userId: null,
        action: 'scheduler.start-blocked',
        changes: [
          { field: 'startBlocked', old: null, new: 'budget_unpaid' },
          { field: 'budgetDue', old: null, new: payment.due },
        ],
      });
      return {
        changed: false,
        blocked: {
          campaignId: campaign.id,
          campaignName: campaign.name,
          brandId: campaign.brandId,
          dueCents: payment.due,
          walletBalanceCents: payment.walletBalance,
          recipients: await ownerEmails(tx, campaign),
        },
      };
    }
    const row = await activateCampaign(tx, campaign.id, now);
    await recordAudit(tx, {
      brandId: row.brandId,
      campaignId: row.id,
      userId: null,
      action: 'scheduler.activate',
      changes: [{ field: 'status', old: 'scheduled', new: 'active' }, ...(payment.kind === 'paid' ? payment.changes : [])],
    });
    return { changed: true, follow: impliedJob(row)[0] };
  });
}

/** Who is told about a blocked start: the campaign's creator, else the brand's owners. */
async function ownerEmails(db: DbOrTx, campaign: { brandId: string; createdBy: string | null }): Promise<string[]> {
  if (campaign.createdBy) {
    const creator = await findUserEmail(db, campaign.createdBy);
    if (creator) return [creator];
  }
  return listOwnerEmails(db, campaign.brandId);
}

/**
 * After a budget payment: a scheduled campaign whose start has passed (a blocked start) starts at
 * once, and its end job is queued. Does nothing to any other campaign.
 */
export async function startIfDue(
  db: Db,
  campaignId: number,
  replaceJobs: (campaignId: number, jobs: CampaignJob[]) => Promise<void>,
  payDueBudget: PayDueBudget,
): Promise<boolean> {
  const result = await activateDueCampaign(db, campaignId, payDueBudget);
  if (result.changed) await replaceJobs(campaignId, result.follow ? [result.follow] : []);
  return result.changed;
}

/** Ends an active campaign that ends by date once its end instant has come; its unspent budget goes back to who paid it. */
export function endDueCampaign(db: Db, campaignId: number, now = new Date()): Promise<TransitionResult> {
  return applyDueTransition(db, campaignId, now, {
    from: 'active',
    to: 'ended',
    action: 'scheduler.end',
    set: { endedAt: now },
    due: and(sql`'days_over' = any(${campaigns.finishCriteria})`, lte(campaigns.endDate, now))!,
    then: async (tx, row) => unspentBudgetChanges(await returnUnspentBudget(tx, { campaign: row, why: 'reached its end date' })),
  });
}

/**
 * A job that came too early (its campaign was rescheduled later and the old job survived) leaves
 * the campaign without one; it hands on a job for the campaign's real instant instead.
 */
async function pendingFollowUp(db: DbOrTx, campaignId: number, now: Date): Promise<CampaignJob | undefined> {
  const row = await findJobSource(db, campaignId);
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

export interface CampaignJobHooks {
  /** Pays a due prepaid budget before a start (see PayDueBudget). */
  payDueBudget: PayDueBudget;
  /** Tells the owner of a campaign whose start was just blocked (after the commit). */
  onStartBlocked?: NotifyStartBlocked | undefined;
}

export async function runCampaignJob(db: Db, job: Pick<CampaignJob, 'kind' | 'campaignId'>, hooks: CampaignJobHooks): Promise<TransitionResult> {
  if (job.kind === 'end') return endDueCampaign(db, job.campaignId);
  const result = await activateDueCampaign(db, job.campaignId, hooks.payDueBudget);
  if (result.blocked && hooks.onStartBlocked) await hooks.onStartBlocked(result.blocked);
  return result;
}

/**
 * Every job the campaigns table implies: scheduled campaigns start, active campaigns that end by
 * date end. Used to rebuild the in-process queue at boot and to repair a missed enqueue.
 */
export async function impliedCampaignJobs(db: Db): Promise<CampaignJob[]> {
  return (await listJobSources(db)).flatMap(impliedJob);
}
