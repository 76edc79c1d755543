import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { impliedJob, type CampaignJob } from './campaign-transitions.js';
import { createInProcessScheduler } from './in-process-scheduler.js';
import { createPgBossScheduler } from './pg-boss-scheduler.js';

/**
 * Starts scheduled campaigns and ends date-bound ones on time. One interface, two engines:
 * pg-boss on a PostgreSQL server (durable, shared by every server process, each job run once),
 * timers in-process on the embedded database (one process owns it).
 */
export interface CampaignScheduler {
  readonly engine: 'pg-boss' | 'in-process';
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Replaces the campaign's pending jobs with these (an empty list cancels them). */
  replaceJobs(campaignId: number, jobs: CampaignJob[]): Promise<void>;
  /** Pending jobs of a campaign (tests and the activity panel). */
  pendingJobs(campaignId: number): Promise<CampaignJob[]>;
}

export interface CreateCampaignSchedulerOptions {
  database: Database;
  log: FastifyBaseLogger;
  pollSeconds: number;
  /** Work due jobs in this process (false: only queue them, for another process to run). */
  work: boolean;
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
