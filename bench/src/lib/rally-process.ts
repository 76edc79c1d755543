import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface RallyProcess {
  appUrl: string;
  pid: number;
  /** A full garbage collection in the server (it runs with --expose-gc). */
  gc(): Promise<void>;
  /** The longest and 99th-percentile event-loop delay inside the server since the previous call, in ms. */
  eventLoopDelay(): Promise<{ maxDelayMs: number; p99DelayMs: number }>;
  close(): Promise<void>;
}

type ChildMessage = { type: 'ready'; appUrl: string } | { type: 'gc' } | { type: 'stats'; maxDelayMs: number; p99DelayMs: number };

function next<T extends ChildMessage['type']>(child: ChildProcess, type: T): Promise<Extract<ChildMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ChildMessage) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<ChildMessage, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`the Rally process exited (${code}) before answering ${type}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/**
 * The Rally app (as startServers builds it) in a child process, so that a benchmark can read the server's own memory
 * from /proc/<pid>/status while its client runs here. The child inherits this process's loader flags (tsx).
 */
export async function startRallyProcess(databaseUrl: string, poolSize: number): Promise<RallyProcess> {
  const child = fork(fileURLToPath(new URL('./rally-child.ts', import.meta.url)), [databaseUrl, String(poolSize)], {
    // RALLY_PROCESS_FLAGS adds Node flags to the server only, e.g. "--cpu-prof --trace-gc" to see where its time goes.
    execArgv: [...process.execArgv.filter((a) => a !== '--expose-gc'), '--expose-gc', ...(process.env.RALLY_PROCESS_FLAGS?.split(' ').filter(Boolean) ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { appUrl } = await next(child, 'ready');
  return {
    appUrl,
    pid: child.pid!,
    async gc() {
      const done = next(child, 'gc');
      child.send({ type: 'gc' });
      await done;
    },
    async eventLoopDelay() {
      const answer = next(child, 'stats');
      child.send({ type: 'stats' });
      const { maxDelayMs, p99DelayMs } = await answer;
      return { maxDelayMs, p99DelayMs };
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      await exited;
    },
  };
}

/** Resident set of a process (all its threads), in bytes, from /proc/<pid>/status. */
export function residentBytes(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Starts a new peak: VmHWM is set back to the current resident set (Linux clear_refs "5"). */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
