import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';

export interface JobOptions {
  /** Run no earlier than this. */
  startAfter?: Date;
  /** While a job with this key is queued, sending another with the same key is a no-op. */
  singletonKey?: string;
}

export interface RegisterOptions {
  /** Attempts after the first failure (default 3), spaced by retryDelaySeconds (default 10, doubled each time). */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

/**
 * Work that runs after the request that asked for it: exports, mail campaigns, receipt reading, invoice closing.
 * One interface, two engines, chosen by the database (like the campaign scheduler, decision 0005): pg-boss on a
 * PostgreSQL server (durable, shared by every server process, each job run by one), an in-memory queue on the
 * embedded database (one process owns it). The in-memory queue does not survive a restart, so a module keeps
 * the durable state of its work in its own table (e.g. an export row with its status) and re-sends what was
 * left unfinished from its `onStart` handler.
 */
export interface BackgroundJobs {
  readonly engine: 'pg-boss' | 'in-process';
  /** Registers the handler of a queue; call before the app is ready (in a module's routes plugin). */
  register<T extends object>(name: string, handler: (data: T) => Promise<void>, options?: RegisterOptions): void;
  /** Queues a job; resolves with its id, or null when a job with the same singletonKey is already queued. */
  send<T extends object>(name: string, data: T, options?: JobOptions): Promise<string | null>;
  /**
   * Calls `handler` every `seconds` in each working process (and once shortly after start). Handlers must be
   * idempotent (closing an invoice twice closes it once), so two processes doing the same sweep is harmless.
   */
  every(name: string, seconds: number, handler: () => Promise<void>): void;
  /** Runs once when the jobs start (re-queue unfinished durable work here). */
  onStart(handler: () => Promise<void>): void;
  /** Resolves when no in-process job is queued or running (tests); on pg-boss, when this process is idle. */
  drain(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface CreateBackgroundJobsOptions {
  /** postgres://… of the server database; absent on the embedded database. */
  connectionString?: string | undefined;
  log: FastifyBaseLogger;
  pollSeconds: number;
  /** False: only queue, never run (a process that must not do background work). */
  work: boolean;
}

export function createBackgroundJobs(options: CreateBackgroundJobsOptions): BackgroundJobs {
  return options.connectionString
    ? createPgBossJobs({ ...options, connectionString: options.connectionString })
    : createInProcessJobs(options);
}

interface Registered {
  handler: (data: object) => Promise<void>;
  retryLimit: number;
  retryDelaySeconds: number;
}

/** A handler with its retry policy filled in (3 retries, 10 s apart, doubling). */
function registration<T extends object>(handler: (data: T) => Promise<void>, opts: RegisterOptions): Registered {
  return {
    handler: handler as (data: object) => Promise<void>,
    retryLimit: opts.retryLimit ?? 3,
    retryDelaySeconds: opts.retryDelaySeconds ?? 10,
  };
}

const jobContext = new AsyncLocalStorage<true>();
/** Runs a job's or sweep's handler marked as background work. */
const asJob = <T>(fn: () => Promise<T>): Promise<T> => jobContext.run(true, fn);
/**
 * True while a background job or sweep runs (its statements included): tests that count a request's statements leave
 * these out, as they leave out the revision watch's.
 */
export const inBackgroundJob = (): boolean => jobContext.getStore() === true;

/** Shared by both engines: the periodic sweeps and start hooks. */
function createTimers(log: FastifyBaseLogger) {
  const sweeps: { name: string; seconds: number; handler: () => Promise<void> }[] = [];
  const starts: (() => Promise<void>)[] = [];
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  const run = (name: string, fn: () => Promise<void>) => {
    const p = asJob(fn)
      .catch((error: unknown) => log.error({ err: error, job: name }, 'background sweep failed'))
      .finally(() => running.delete(p));
    running.add(p);
  };
  return {
    every(name: string, seconds: number, handler: () => Promise<void>) {
      sweeps.push({ name, seconds, handler });
    },
    onStart(handler: () => Promise<void>) {
      starts.push(handler);
    },
    async start() {
      for (const s of starts) await asJob(s);
      for (const sweep of sweeps) {
        let busy = false;
        const tick = () => {
          if (busy) return;
          busy = true;
          run(sweep.name, () => sweep.handler().finally(() => (busy = false)));
        };
        const first = setTimeout(tick, 1_000);
        first.unref();
        const timer = setInterval(tick, sweep.seconds * 1000);
        timer.unref();
        timers.push(first, timer);
      }
    },
    async stop() {
      for (const t of timers) clearTimeout(t);
      timers.length = 0;
      await Promise.all([...running]);
    },
  };
}

function createInProcessJobs({ log, work }: CreateBackgroundJobsOptions): BackgroundJobs {
  const handlers = new Map<string, Registered>();
  interface Queued {
    id: string;
    name: string;
    data: object;
    at: number;
    attempt: number;
    singletonKey?: string | undefined;
  }
  const queue: Queued[] = [];
  const timers = createTimers(log);
  let nextId = 1;
  let started = false;
  let active: Promise<void> | null = null;
  let wake: NodeJS.Timeout | undefined;
  const idle = new Set<() => void>();

  function schedule() {
    if (wake) clearTimeout(wake);
    wake = undefined;
    if (!started || active) return;
    if (queue.length === 0) {
      for (const resolve of idle) resolve();
      idle.clear();
      return;
    }
    const next = Math.min(...queue.map((j) => j.at));
    wake = setTimeout(() => void runDue(), Math.max(0, Math.min(next - Date.now(), 60_000)));
    wake.unref();
  }

  async function runDue() {
    const now = Date.now();
    const index = queue.findIndex((j) => j.at <= now && handlers.has(j.name));
    if (index < 0) return schedule();
    const job = queue.splice(index, 1)[0]!;
    const registered = handlers.get(job.name)!;
    // One job at a time: the embedded database has one connection, and background work must not starve requests.
    active = asJob(() => registered.handler(job.data)).catch((error: unknown) => {
      if (job.attempt < registered.retryLimit) {
        const delay = registered.retryDelaySeconds * 1000 * 2 ** job.attempt;
        log.warn(
          { err: error, job: { name: job.name, id: job.id } },
          `background job failed; retrying in ${delay / 1000} s`,
        );
        queue.push({ ...job, attempt: job.attempt + 1, at: Date.now() + delay });
      } else {
        log.error({ err: error, job: { name: job.name, id: job.id } }, 'background job failed; giving up');
      }
    });
    await active;
    active = null;
    setImmediate(schedule);
  }

  return {
    engine: 'in-process',
    register(name, handler, opts = {}) {
      handlers.set(name, registration(handler, opts));
    },
    async send(name, data, opts = {}) {
      if (opts.singletonKey && queue.some((j) => j.name === name && j.singletonKey === opts.singletonKey)) return null;
      const id = String(nextId++);
      queue.push({
        id,
        name,
        data,
        at: opts.startAfter?.getTime() ?? Date.now(),
        attempt: 0,
        singletonKey: opts.singletonKey,
      });
      schedule();
      return id;
    },
    every: timers.every,
    onStart: timers.onStart,
    drain() {
      if (!started || (queue.length === 0 && !active)) return Promise.resolve();
      return new Promise((resolve) => idle.add(resolve));
    },
    async start() {
      if (!work) return;
      started = true;
      await timers.start();
      schedule();
    },
    async stop() {
      started = false;
      if (wake) clearTimeout(wake);
      await active;
      await timers.stop();
      for (const resolve of idle) resolve();
      idle.clear();
    },
  };
}

function createPgBossJobs({
  connectionString,
  log,
  pollSeconds,
  work,
}: CreateBackgroundJobsOptions & { connectionString: string }): BackgroundJobs {
  const boss = new PgBoss({ connectionString, max: 3, schedule: false, application_name: 'rally-jobs' });
  boss.on('error', (error) => log.error({ err: error }, 'pg-boss error'));
  const handlers = new Map<string, Registered>();
  const timers = createTimers(log);
  let started = false;
  let inFlight = 0;
  const idle = new Set<() => void>();
  const queueName = (name: string) => `rally-${name}`;
  // This process's worker of each queue, woken when this process sends it a job (see send).
  const workers = new Map<string, string>();

  return {
    engine: 'pg-boss',
    register(name, handler, opts = {}) {
      handlers.set(name, registration(handler, opts));
    },
    async send(name, data, opts = {}) {
      const registered = handlers.get(name);
      const id = await boss.send(queueName(name), data, {
        ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
        // The "short" policy allows one queued job per key; a job without a key gets one of its own.
        singletonKey: opts.singletonKey ?? randomUUID(),
        retryLimit: registered?.retryLimit ?? 3,
        retryDelay: Math.max(1, Math.round(registered?.retryDelaySeconds ?? 10)),
        retryBackoff: true,
      });
      // A job due now starts at once in this process (an export's first rows within a second) instead of at the
      // worker's next poll; another process may still take it first, as with any poll.
      const worker = workers.get(name);
      if (id && worker && !opts.startAfter) boss.notifyWorker(worker);
      return id;
    },
    every: timers.every,
    onStart: timers.onStart,
    async drain() {
      // Jobs of this process are done when pg-boss has none of ours queued or active.
      for (;;) {
        const names = [...handlers.keys()].map(queueName);
        if (names.length === 0) return;
        const { rows } = await boss
          .getDb()
          .executeSql(
            `select count(*)::int as n from pgboss.job where name = any($1::text[]) and state in ('created', 'retry', 'active')`,
            [names],
          );
        if ((rows[0] as { n: number }).n === 0 && inFlight === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async start() {
      await boss.start();
      started = true;
      // "short" keeps one queued job per singletonKey, as the in-process engine does.
      for (const name of handlers.keys())
        await boss.createQueue(queueName(name), { name: queueName(name), policy: 'short' });
      if (!work) return;
      for (const [name, registered] of handlers) {
        const worker = await boss.work<object>(
          queueName(name),
          { pollingIntervalSeconds: pollSeconds, batchSize: 1 },
          async (jobs) => {
            inFlight += 1;
            try {
              for (const job of jobs) await asJob(() => registered.handler(job.data));
            } finally {
              inFlight -= 1;
              if (inFlight === 0) for (const resolve of idle) resolve();
            }
          },
        );
        workers.set(name, worker);
      }
      await timers.start();
    },
    async stop() {
      if (!started) return;
      started = false;
      await timers.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
