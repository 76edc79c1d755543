import { AsyncLocalStorage } from 'node:async_hooks';

/** How often held revisions are compared with the database. */
export const REVISION_POLL_MS = 100;
// Comparisons that stop (database unreachable) stop the trust with them.
const TRUST_MS = 3 * REVISION_POLL_MS;

/**
 * Route config of a read sent as POST (the spec's calls for reach, store lists, reports): it writes
 * nothing, so it does not suspend the trust in cached values the way a write request does.
 */
export const READ_ONLY_ROUTE = { readOnly: true } as const;

/** A cache whose entries are tagged with database revisions (moved by triggers on every change, whoever writes). */
export interface RevisionSource {
  /** Reads the current revisions of what the cache holds and drops (or updates) what moved on. */
  compare(): Promise<void>;
}

export interface RevisionWatch {
  /**
   * True when a cache may answer from what it holds without asking the database: the last
   * comparison started less than TRUST_MS ago, no write request of this process is running, and
   * that comparison started after the last one this process answered — so whatever this process
   * wrote has been seen. A change made by another process (or a job, or psql) is seen by the next
   * comparison, within REVISION_POLL_MS.
   */
  isCurrent(): boolean;
  /** Comparisons started so far: a value held from now on is first checked by comparison `startedCount() + 1`. */
  startedCount(): number;
  /** Whether a comparison numbered above `count` has completed (a value held at `count` has been checked). */
  checkedAfter(count: number): boolean;
  add(source: RevisionSource): void;
  /** A request that may write has started; writeAnswered() when its response is out. */
  writeStarted(): void;
  writeAnswered(): void;
  /** A write of this process outside a request (a scheduler job): counted as writeStarted … writeAnswered around it. */
  asWrite<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Where this process's writes stand: undefined while one is running, else the number answered so far.
   * A value read while it is defined stays valid for as long as it returns the same number — the
   * test of caches dropped by this process's own writes rather than by revisions (campaign page anchors).
   */
  writeMark(): number | undefined;
  /** True inside a comparison's own statements: what tests leave out when they count a request's statements. */
  isComparing(): boolean;
  start(): void;
  stop(): void;
}

/** What work outside a request needs to tell the caches it writes (the app's `caches`). */
export type ProcessWrites = Pick<RevisionWatch, 'asWrite'>;

export function createRevisionWatch(): RevisionWatch {
  const sources: RevisionSource[] = [];
  let runningWrites = 0;
  // Write requests answered, and how many of them the last completed comparison started after.
  let answered = 0;
  let seen = 0;
  let started = 0;
  let completed = 0;
  let comparedAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const comparing = new AsyncLocalStorage<true>();

  async function compare() {
    const startedAt = Date.now();
    const answeredBefore = answered;
    const number = ++started;
    await comparing.run(true, async () => {
      for (const source of sources) await source.compare();
    });
    comparedAt = startedAt;
    seen = answeredBefore;
    completed = number;
  }

  function writeStarted() {
    runningWrites += 1;
  }
  function writeAnswered() {
    runningWrites -= 1;
    answered += 1;
  }

  function schedule() {
    if (!running) return;
    timer = setTimeout(() => {
      // A failed comparison leaves comparedAt behind: trust lapses until one succeeds.
      compare()
        .catch(() => undefined)
        .finally(schedule);
    }, REVISION_POLL_MS);
    timer.unref();
  }

  return {
    isCurrent() {
      return runningWrites === 0 && seen === answered && Date.now() - comparedAt < TRUST_MS;
    },
    startedCount: () => started,
    checkedAfter: (count) => completed > count,
    add(source) {
      sources.push(source);
    },
    writeStarted,
    writeAnswered,
    async asWrite(work) {
      writeStarted();
      try {
        return await work();
      } finally {
        writeAnswered();
      }
    },
    writeMark: () => (runningWrites === 0 ? answered : undefined),
    isComparing: () => comparing.getStore() === true,
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    stop() {
      running = false;
      clearTimeout(timer);
      comparedAt = Number.NEGATIVE_INFINITY;
    },
  };
}
