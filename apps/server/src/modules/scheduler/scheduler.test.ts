import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../../app.js';
import { loadTestEnv } from '../../config/test-env.js';
import { createDatabase } from '../../db/client.js';
import { campaignAudit, campaigns, rewards, walletLedger } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { payDueBudgetFromWallet } from '../launch/index.js';
import { createInProcessScheduler } from './in-process-scheduler.js';
import { jobsForCampaign } from './campaign-scheduler.js';
import { endDueCampaign } from './campaign-transitions.js';

const silent = { info() {}, error() {}, warn() {}, debug() {} } as unknown as FastifyBaseLogger;
const serverUrl = loadTestEnv().TEST_DATABASE_URL;

let t: TestApp;
let f: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t.database.db);
});
afterAll(() => t.close());

const statusOf = async (id: number) => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!.status;
const schedulerAudit = async (id: number) =>
  (await t.database.db.select({ action: campaignAudit.action }).from(campaignAudit).where(eq(campaignAudit.campaignId, id)))
    .map((a) => a.action)
    .filter((a) => a.startsWith('scheduler.'));

describe('campaign jobs', () => {
  it('derives a start job for a scheduled campaign and an end job for an active one that ends by date', () => {
    const start = new Date('2030-01-01T10:00:00Z');
    const end = new Date('2030-01-10T10:00:00Z');
    expect(jobsForCampaign({ id: 1, status: 'scheduled', startDate: start, endDate: end, finishCriteria: ['days_over'] })).toEqual([
      { kind: 'activate', campaignId: 1, at: start.getTime() },
    ]);
    expect(jobsForCampaign({ id: 1, status: 'active', startDate: start, endDate: end, finishCriteria: ['days_over'] })).toEqual([
      { kind: 'end', campaignId: 1, at: end.getTime() },
    ]);
    // Ending by budget or codes is not a timed job.
    expect(jobsForCampaign({ id: 1, status: 'active', startDate: start, endDate: end, finishCriteria: ['budget_over'] })).toEqual([]);
    expect(jobsForCampaign({ id: 1, status: 'draft', startDate: start, endDate: end, finishCriteria: ['days_over'] })).toEqual([]);
  });
});

describe('in-process scheduler (embedded database)', () => {
  it('rebuilds its queue from the campaigns table at start, so a restart misses nothing', async () => {
    const due = await f.campaign(t.brandIds.owner, { status: 'scheduled', startDate: new Date(Date.now() - 60_000), finishCriteria: ['budget_over'] });
    const later = await f.campaign(t.brandIds.owner, { status: 'scheduled', startDate: new Date(Date.now() + 3_600_000) });
    const scheduler = createInProcessScheduler({ database: t.database, log: silent, work: true, payDueBudget: payDueBudgetFromWallet, writes: t.app.caches });
    await scheduler.start();
    try {
      await expect.poll(() => statusOf(due.id), { timeout: 10_000, interval: 100 }).toBe('active');
      expect(await statusOf(later.id)).toBe('scheduled');
      expect(await scheduler.pendingJobs(later.id)).toEqual([{ kind: 'activate', campaignId: later.id, at: later.startDate!.getTime() }]);
      expect(await schedulerAudit(due.id)).toEqual(['scheduler.activate']);
    } finally {
      await scheduler.stop();
    }
  });

  it('runs a job once even when two schedulers hold it, and does nothing after a reschedule moved the start', async () => {
    const c = await f.campaign(t.brandIds.owner, { status: 'scheduled', startDate: new Date(Date.now() + 800), finishCriteria: ['budget_over'] });
    const moved = await f.campaign(t.brandIds.owner, { status: 'scheduled', startDate: new Date(Date.now() + 800) });
    const a = createInProcessScheduler({ database: t.database, log: silent, work: true, payDueBudget: payDueBudgetFromWallet, writes: t.app.caches });
    const b = createInProcessScheduler({ database: t.database, log: silent, work: true, payDueBudget: payDueBudgetFromWallet, writes: t.app.caches });
    await Promise.all([a.start(), b.start()]);
    // The stale job of `moved` still fires in both, but its start is no longer due.
    await t.database.db.update(campaigns).set({ startDate: new Date(Date.now() + 3_600_000) }).where(eq(campaigns.id, moved.id));
    try {
      await expect.poll(() => statusOf(c.id), { timeout: 10_000, interval: 100 }).toBe('active');
      await new Promise((r) => setTimeout(r, 1_000));
      expect(await schedulerAudit(c.id)).toEqual(['scheduler.activate']);
      expect(await statusOf(moved.id)).toBe('scheduled');
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});

describe('ending at the end date', () => {
  it('ends the campaign once and returns its unspent money budget to the wallet, in the audit entry too', async () => {
    const c = await f.campaign(t.brandIds.owner, { status: 'active', endDate: new Date(Date.now() - 1_000), finishCriteria: ['days_over'] });
    const cash = await f.reward(t.brandIds.owner, c.id, { type: 'money', title: 'Cash', amountCents: 500, budgetCents: 10_000, budgetPaidCents: 10_000 });
    await t.database.db.update(rewards).set({ budgetSpentCents: 2_500 }).where(eq(rewards.id, cash.id));

    expect((await endDueCampaign(t.database.db, c.id)).changed).toBe(true);
    expect((await endDueCampaign(t.database.db, c.id)).changed).toBe(false);
    expect(await statusOf(c.id)).toBe('ended');
    const refunds = await t.database.db.select().from(walletLedger).where(eq(walletLedger.campaignId, c.id));
    expect(refunds.map((l) => [l.brandId, l.kind, l.amountCents])).toEqual([[t.brandIds.owner, 'refund', 7_500]]);
    expect((await t.database.db.select().from(rewards).where(eq(rewards.id, cash.id)))[0]?.budgetPaidCents).toBe(2_500);
    const [audit] = await t.database.db.select().from(campaignAudit).where(eq(campaignAudit.campaignId, c.id));
    expect(audit?.changes).toContainEqual({ field: 'budgetRefunded', old: 0, new: 7_500 });
  });
});

describe('a job that comes too early', () => {
  it('hands on a job for the real start instead of dropping the campaign', async () => {
    const c = await f.campaign(t.brandIds.owner, { status: 'scheduled', startDate: new Date(Date.now() + 1_500), finishCriteria: ['budget_over'] });
    const scheduler = createInProcessScheduler({ database: t.database, log: silent, work: true, payDueBudget: payDueBudgetFromWallet, writes: t.app.caches });
    await scheduler.start();
    try {
      // A stale job from before a reschedule moved the start later.
      await scheduler.replaceJobs(c.id, [{ kind: 'activate', campaignId: c.id, at: Date.now() + 100 }]);
      await new Promise((r) => setTimeout(r, 600));
      expect(await statusOf(c.id)).toBe('scheduled');
      expect(await scheduler.pendingJobs(c.id)).toEqual([{ kind: 'activate', campaignId: c.id, at: c.startDate!.getTime() }]);
      await expect.poll(() => statusOf(c.id), { timeout: 10_000, interval: 100 }).toBe('active');
    } finally {
      await scheduler.stop();
    }
  });
});

// Two server processes on one PostgreSQL server need the server; CI runs this file with TEST_DATABASE_URL.
describe.runIf(serverUrl)('pg-boss scheduler (PostgreSQL server)', () => {
  it('with two server processes on one database, each job runs exactly once', async () => {
    expect(t.app.scheduler.engine).toBe('pg-boss');
    // A second, independent app (own pool, own pg-boss) on the same database.
    // A campaign whose job was never queued (as after a crash between commit and queueing).
    const orphan = await f.campaign(t.brandIds.owner, { status: 'scheduled', startDate: new Date(Date.now() + 1_000), finishCriteria: ['budget_over'] });
    const env = loadTestEnv({ DATA_DIR: tmpdir() });
    const database = createDatabase({ databaseUrl: t.databaseUrl!, poolSize: 3 });
    const second = await buildApp({ env, database, logger: false });
    await second.ready();
    try {
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        const c = await f.campaign(t.brandIds.owner, { status: 'scheduled', startDate: new Date(Date.now() + 1_500), finishCriteria: ['budget_over'] });
        // Both processes queue the same campaign's start; the queue keeps one.
        await t.app.scheduler.replaceJobs(c.id, jobsForCampaign(c));
        await second.scheduler.replaceJobs(c.id, jobsForCampaign(c));
        ids.push(c.id);
      }
      for (const id of ids) await expect.poll(() => statusOf(id), { timeout: 20_000, interval: 250 }).toBe('active');
      // The second process repaired the queue at start.
      await expect.poll(() => statusOf(orphan.id), { timeout: 20_000, interval: 250 }).toBe('active');
      await new Promise((r) => setTimeout(r, 1_500));
      for (const id of ids) expect(await schedulerAudit(id)).toEqual(['scheduler.activate']);
      // Completed jobs per campaign across both processes.
      const runs = await t.database.rows<{ id: number; n: number }>(
        sql`select (data->>'campaignId')::int as id, count(*)::int as n from pgboss.job
          where name = 'campaign-activate' and state = 'completed' group by 1`,
      );
      const byCampaign = new Map(runs.map((r) => [r.id, r.n]));
      expect(ids.map((id) => byCampaign.get(id))).toEqual(ids.map(() => 1));
    } finally {
      await second.close();
      await database.close();
    }
  });
});
