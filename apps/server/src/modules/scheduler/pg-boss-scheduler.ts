import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { ProcessWrites } from '../../lib/revision-watch.js';
import type { CampaignScheduler } from './campaign-scheduler-port.js';
import { impliedCampaignJobs, runCampaignJob, type CampaignJob, type PayDueBudget, type TCampaignJobKind } from './campaign-transitions.js';
import type { NotifyStartBlocked } from './start-blocked-mailer.js';

const QUEUES: Record<TCampaignJobKind, string> = { activate: 'campaign-activate', end: 'campaign-end' };
const KIND_OF_QUEUE = Object.fromEntries(Object.entries(QUEUES).map(([k, q]) => [q, k as TCampaignJobKind]));

const RETRY = { retryLimit: 10, retryDelay: 15, retryBackoff: true } as const;

interface JobData {
  campaignId: number;
  at: number;
}

export interface PgBossSchedulerOptions {
  database: Database;
  connectionString: string;
  log: FastifyBaseLogger;
  pollSeconds: number;
  work: boolean;
  onStartBlocked?: NotifyStartBlocked | undefined;
  /** Pays a due prepaid budget before a start (launch's, passed in by app.ts; see PayDueBudget). */
  payDueBudget: PayDueBudget;
  /** The app's caches: every job runs as a write of this process (decision 0015). */
  writes: ProcessWrites;
}

/**
 * pg-boss on the PostgreSQL server: jobs are rows, so they survive restarts and every server
 * process can work them; pg-boss hands each job to one worker (SKIP LOCKED), and the "stately"
 * queue policy keyed by campaign keeps at most one queued job per campaign and kind, so two
 * processes repairing the queue at boot do not double it. The transitions themselves are
 * conditional updates, so even a job run twice changes a campaign once.
 */
export function createPgBossScheduler({ database, connectionString, log, pollSeconds, work: working, onStartBlocked, payDueBudget, writes }: PgBossSchedulerOptions): CampaignScheduler {
  const boss = new PgBoss({ connectionString, max: 3, schedule: false, application_name: 'rally-scheduler' });
  boss.on('error', (error) => log.error({ err: error }, 'pg-boss error'));
  let started = false;
  let repairing: Promise<void> = Promise.resolve();

  async function pending(campaignId: number, kind?: TCampaignJobKind): Promise<(CampaignJob & { id: string })[]> {
    const names = kind ? [QUEUES[kind]] : Object.values(QUEUES);
    const { rows } = await boss
      .getDb()
      .executeSql(
        `select id, name, data from pgboss.job where name = any($1::text[]) and state in ('created', 'retry') and (data->>'campaignId')::int = $2`,
        [names, campaignId],
      );
    return (rows as { id: string; name: string; data: JobData }[]).map((r) => ({
      id: r.id,
      kind: KIND_OF_QUEUE[r.name]!,
      campaignId: r.data.campaignId,
      at: r.data.at,
    }));
  }

  async function send(job: CampaignJob) {
    await boss.send(
      QUEUES[job.kind],
      { campaignId: job.campaignId, at: job.at } satisfies JobData,
      { startAfter: new Date(job.at), singletonKey: `campaign:${job.campaignId}`, ...RETRY },
    );
  }

  const REPAIR_BATCH = 2_000;

  async function repair() {
    const jobs = await impliedCampaignJobs(database.db);
    for (let i = 0; i < jobs.length && started; i += REPAIR_BATCH) {
      await boss.insert(
        jobs.slice(i, i + REPAIR_BATCH).map((job) => ({
          name: QUEUES[job.kind],
          data: { campaignId: job.campaignId, at: job.at } satisfies JobData,
          startAfter: new Date(job.at).toISOString(),
          singletonKey: `campaign:${job.campaignId}`,
          ...RETRY,
        })),
      );
    }
  }

  async function work(kind: TCampaignJobKind) {
    await boss.work<JobData>(QUEUES[kind], { pollingIntervalSeconds: pollSeconds, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) {
        const result = await writes.asWrite(() => runCampaignJob(database.db, { kind, campaignId: job.data.campaignId }, { onStartBlocked, payDueBudget }));
        if (result.changed) log.info({ job: { kind, ...job.data } }, 'campaign job ran');
        if (result.follow) await send(result.follow);
      }
    });
  }

  return {
    engine: 'pg-boss',
    async start() {
      await boss.start();
      for (const queue of Object.values(QUEUES)) await boss.createQueue(queue, { name: queue, policy: 'stately' });
      started = true;
      if (!working) return;
      // Repair in the background (thousands of campaigns must not hold up start): a campaign whose job was
      // never queued (a crash between commit and send) gets one; the stately queue drops those already queued.
      repairing = repair().catch((error: unknown) => {
        if (started) log.error({ err: error }, 'campaign job repair failed');
      });
      await work('activate');
      await work('end');
    },
    async stop() {
      if (!started) return;
      started = false;
      await repairing;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
    async replaceJobs(campaignId, jobs) {
      const old = await pending(campaignId);
      for (const kind of Object.keys(QUEUES) as TCampaignJobKind[]) {
        const ids = old.filter((j) => j.kind === kind).map((j) => j.id);
        if (ids.length) await boss.cancel(QUEUES[kind], ids);
      }
      for (const job of jobs) await send(job);
    },
    async pendingJobs(campaignId) {
      return (await pending(campaignId)).map(({ kind, campaignId: id, at }) => ({ kind, campaignId: id, at }));
    },
  };
}
