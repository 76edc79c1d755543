import type { CampaignJob } from './campaign-transitions.js';

/**
 * Starts scheduled campaigns and ends date-bound ones on time. One interface, two engines:
 * pg-boss on a PostgreSQL server (durable, shared by every server process, each job run once),
 * timers in-process on the embedded database (one process owns it). The engines import this file,
 * and campaign-scheduler.ts picks one, so neither engine imports the file that imports it.
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
