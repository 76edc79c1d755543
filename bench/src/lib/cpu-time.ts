import { readFileSync } from 'node:fs';
import pg from 'pg';

// Linux reports utime and stime in clock ticks; USER_HZ is 100 on every architecture Node runs on here.
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system, all threads) a process has used so far, from /proc/<pid>/stat; 0 once it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis): utime is the
    // 14th field of the line, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU used by a server process and by the PostgreSQL backends connected to its database between start() and
 * stop(): a figure of work per request that, unlike req/s and latency, hardly moves when other work shares the
 * cores. The backends are the server's pool connections (they live for the whole run); ours is left out.
 */
export async function startCpuMeter(serverPid: number, databaseUrl: string, databaseName: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const backends = async () =>
    ((await client.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName])).rows as { pid: number }[]).map(
      (r) => r.pid,
    );
  const pids = await backends();
  const before = { server: cpuSecondsOf(serverPid), db: new Map(pids.map((p) => [p, cpuSecondsOf(p)])) };
  return {
    async stop(): Promise<{ serverSeconds: number; databaseSeconds: number; backends: number }> {
      const server = cpuSecondsOf(serverPid) - before.server;
      let db = 0;
      const now = await backends();
      // A backend that started during the run counts from zero; one that ended took its time with it (rare: a pool).
      for (const pid of now) db += cpuSecondsOf(pid) - (before.db.get(pid) ?? 0);
      await client.end();
      return { serverSeconds: server, databaseSeconds: db, backends: now.length };
    },
  };
}
