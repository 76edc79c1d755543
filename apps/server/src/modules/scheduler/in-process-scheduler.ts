import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { ProcessWrites } from '../../lib/revision-watch.js';
import type { CampaignScheduler } from './campaign-scheduler-port.js';
import { impliedCampaignJobs, runCampaignJob, type CampaignJob, type PayDueBudget } from './campaign-transitions.js';
import type { NotifyStartBlocked } from './start-blocked-mailer.js';

// setTimeout cannot wait longer than ~24.8 days; far jobs are re-armed hourly instead.
const MAX_WAIT_MS = 60 * 60 * 1000;
const RETRY_MS = 30_000;

export interface InProcessSchedulerOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** Off: jobs are kept but never run (a process that must not touch campaigns on its own). */
  work: boolean;
  onStartBlocked?: NotifyStartBlocked | undefined;
  /** Pays a due prepaid budget before a start (launch's, passed in by app.ts; see PayDueBudget). */
  payDueBudget: PayDueBudget;
  /** The app's caches: every job runs as a write of this process (decision 0015). */
  writes: ProcessWrites;
}

/**
 * The scheduler of the embedded database: one process owns a PGlite database, so jobs live in
 * memory under one timer set for the earliest due job. The campaigns table is the durable record:
 * at start the queue is rebuilt from it, so a restart loses nothing.
 */
export function createInProcessScheduler({ database, log, work, onStartBlocked, payDueBudget, writes }: InProcessSchedulerOptions): CampaignScheduler {
  const queue = new Map<number, CampaignJob[]>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = true;
  let busy: Promise<void> = Promise.resolve();

  function arm() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    let next = Infinity;
    for (const jobs of queue.values()) for (const job of jobs) next = Math.min(next, job.at);
    if (next === Infinity) return;
    timer = setTimeout(() => void tick(), Math.max(0, Math.min(next - Date.now(), MAX_WAIT_MS)));
    timer.unref();
  }

  async function tick() {
    if (running || stopped) return;
    running = true;
    const work = (async () => {
      const now = Date.now();
      const due: CampaignJob[] = [];
      for (const [campaignId, jobs] of queue) {
        const still = jobs.filter((j) => (j.at <= now ? (due.push(j), false) : true));
        if (still.length) queue.set(campaignId, still);
        else queue.delete(campaignId);
      }
      for (const job of due.sort((a, b) => a.at - b.at)) {
        if (stopped) return;
        try {
          const result = await writes.asWrite(() => runCampaignJob(database.db, job, { onStartBlocked, payDueBudget }));
          if (result.changed) log.info({ job }, 'campaign job ran');
          if (result.follow) queue.set(job.campaignId, [...(queue.get(job.campaignId) ?? []), result.follow]);
        } catch (error) {
          if (stopped) return;
          log.error({ err: error, job }, 'campaign job failed; retrying');
          queue.set(job.campaignId, [...(queue.get(job.campaignId) ?? []), { ...job, at: Date.now() + RETRY_MS }]);
        }
      }
    })();
    busy = work.catch(() => undefined);
    await busy;
    running = false;
    arm();
  }

  return {
    engine: 'in-process',
    async start() {
      if (!work) return;
      stopped = false;
      for (const job of await impliedCampaignJobs(database.db)) {
        queue.set(job.campaignId, [...(queue.get(job.campaignId) ?? []), job]);
      }
      arm();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await busy;
    },
    async replaceJobs(campaignId, jobs) {
      if (jobs.length) queue.set(campaignId, [...jobs]);
      else queue.delete(campaignId);
      arm();
    },
    async pendingJobs(campaignId) {
      return [...(queue.get(campaignId) ?? [])];
    },
  };
}
