import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createBackgroundJobs, inBackgroundJob, type BackgroundJobs } from './background-jobs.js';
import { createTestDatabase } from '../testing/test-database.js';
import { loadTestEnv } from '../config/test-env.js';

const silent = { info() {}, error() {}, warn() {}, debug() {} } as unknown as FastifyBaseLogger;

// On CI's PostgreSQL run (TEST_DATABASE_URL) the pg-boss engine is exercised; otherwise the in-process one.
const env = loadTestEnv({});
let jobs: BackgroundJobs | undefined;
let connectionString: string | undefined;
let dispose: (() => Promise<void>) | undefined;

beforeAll(async () => {
  // The in-process engine needs no database; pg-boss gets a throw-away one on the server.
  if (!env.TEST_DATABASE_URL) return;
  const testDb = await createTestDatabase(env.TEST_DATABASE_URL);
  dispose = () => testDb.dispose();
  connectionString = testDb.database.kind === 'postgres' ? testDb.database.connectionString : undefined;
});
afterAll(async () => dispose?.());

let queues = 0;
async function makeJobs(): Promise<BackgroundJobs> {
  queues += 1;
  jobs = createBackgroundJobs({ connectionString, log: silent, pollSeconds: 0.5, work: true });
  return jobs;
}

afterEach(async () => {
  await jobs?.stop();
  jobs = undefined;
});

describe('background jobs', () => {
  it('mark the work of a job and of a sweep as background work, and nothing else', async () => {
    const q = await makeJobs();
    const marks: Record<string, boolean> = {};
    q.register<{ n: number }>(`mark-${queues}`, async () => {
      await Promise.resolve();
      marks.job = inBackgroundJob();
    });
    q.every(`sweep-${queues}`, 60, async () => {
      await Promise.resolve();
      marks.sweep = inBackgroundJob();
    });
    await q.start();
    await q.send(`mark-${queues}`, { n: 1 });
    await expect.poll(() => marks, { timeout: 15_000 }).toEqual({ job: true, sweep: true });
    expect(inBackgroundJob()).toBe(false);
  });

  it('runs each queued job once with its data, after the app starts the queue', async () => {
    const q = await makeJobs();
    const seen: number[] = [];
    q.register<{ n: number }>(`count-${queues}`, async ({ n }) => {
      seen.push(n);
    });
    await q.start();
    await q.send(`count-${queues}`, { n: 1 });
    await q.send(`count-${queues}`, { n: 2 });
    await q.drain();
    expect(seen.sort()).toEqual([1, 2]);
  });

  it('drops a second job with the same singleton key while the first is still queued', async () => {
    const q = await makeJobs();
    const seen: string[] = [];
    q.register<{ v: string }>(`once-${queues}`, async ({ v }) => {
      seen.push(v);
    });
    await q.start();
    const later = new Date(Date.now() + 1_500);
    const first = await q.send(`once-${queues}`, { v: 'a' }, { singletonKey: 'k', startAfter: later });
    const second = await q.send(`once-${queues}`, { v: 'b' }, { singletonKey: 'k', startAfter: later });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await new Promise((r) => setTimeout(r, 1_600));
    await q.drain();
    expect(seen).toEqual(['a']);
  });

  it('retries a failing job until it succeeds', async () => {
    const q = await makeJobs();
    let attempts = 0;
    q.register(
      `flaky-${queues}`,
      async () => {
        attempts += 1;
        if (attempts < 2) throw new Error('not yet');
      },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    await q.start();
    await q.send(`flaky-${queues}`, {});
    const until = Date.now() + 8_000;
    while (attempts < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(attempts).toBe(2);
  });

  it('runs start hooks before any periodic sweep', async () => {
    const q = await makeJobs();
    const order: string[] = [];
    q.onStart(async () => void order.push('start'));
    q.every('sweep', 60, async () => void order.push('sweep'));
    await q.start();
    const until = Date.now() + 3_000;
    while (order.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual(['start', 'sweep']);
  });
});
