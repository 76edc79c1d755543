import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { ProcessWrites } from '../../lib/revision-watch.js';
import type { CampaignScheduler } from './campaign-scheduler-port.js';
import { impliedJob, type PayDueBudget } from './campaign-transitions.js';
import { createInProcessScheduler } from './in-process-scheduler.js';
import type { NotifyStartBlocked } from './start-blocked-mailer.js';
import { createPgBossScheduler } from './pg-boss-scheduler.js';

export type { CampaignScheduler } from './campaign-scheduler-port.js';

export interface CreateCampaignSchedulerOptions {
  database: Database;
  log: FastifyBaseLogger;
  pollSeconds: number;
  /** Work due jobs in this process (false: only queue them, for another process to run). */
  work: boolean;
  /** Tells a campaign's owner its start was blocked (budget unpaid). */
  onStartBlocked?: NotifyStartBlocked | undefined;
  /** Pays a due prepaid budget before a start: launch's payDueBudgetFromWallet (see PayDueBudget for why it is passed in). */
  payDueBudget: PayDueBudget;
  /** The app's caches: every job runs as a write of this process (decision 0015). */
  writes: ProcessWrites;
}

export function createCampaignScheduler(options: CreateCampaignSchedulerOptions): CampaignScheduler {
  const { database } = options;
  if (database.kind === 'postgres' && database.connectionString) {
    return createPgBossScheduler({ ...options, connectionString: database.connectionString });
  }
  return createInProcessScheduler(options);
}

/** The jobs a campaign's status and dates imply (a start while scheduled, an end while active and ending by date). */
export const jobsForCampaign = impliedJob;
