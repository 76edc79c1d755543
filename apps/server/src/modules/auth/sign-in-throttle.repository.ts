import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export interface ThrottlePolicy {
  /** Attempts allowed back to back; the one that reaches this count starts the first delay. */
  free: number;
  /** The first delay; each further attempt doubles it… */
  baseSeconds: number;
  /** …up to this. */
  capSeconds: number;
  /** A key this long without an attempt starts over from zero. */
  forgetAfterSeconds: number;
}

/** When the attempt numbered `n` blocks the next ones until (null: it does not). */
const blockedUntil = (n: SQL, p: ThrottlePolicy) => sql`case when ${n} >= ${p.free}::int
  then now() + make_interval(secs => least(${p.capSeconds}::float8,
    ${p.baseSeconds}::float8 * power(2::float8, least(${n} - ${p.free}::int, 30)::float8)))
  else null end`;

/**
 * Counts one attempt of the key unless it is blocked; whether it was counted. One statement: concurrent attempts
 * queue on the row (insert … on conflict locks it), so no more than `free` of them get through before the block.
 */
export async function countThrottledAttempt(db: DbOrTx, key: string, p: ThrottlePolicy): Promise<boolean> {
  const next = sql`(case when t.last_attempt_at < now() - make_interval(secs => ${p.forgetAfterSeconds}::float8)
    then 1 else t.attempts + 1 end)`;
  const rows = rowsOf(
    await db.execute(sql`insert into sign_in_throttles as t (key, attempts, last_attempt_at, blocked_until)
      values (${key}, 1, now(), ${blockedUntil(sql`1`, p)})
      on conflict (key) do update set attempts = ${next}, last_attempt_at = now(), blocked_until = ${blockedUntil(next, p)}
      where t.blocked_until is null or t.blocked_until <= now()
      returning attempts`),
  );
  return rows.length > 0;
}

/** Whole seconds until the key's block ends (at least 1). */
export async function secondsBlocked(db: DbOrTx, key: string): Promise<number> {
  const [row] = rowsOf<{ s: number | string | null }>(
    await db.execute(sql`select ceil(extract(epoch from blocked_until - now()))::int as s from sign_in_throttles where key = ${key}`),
  );
  return Math.max(1, Number(row?.s ?? 1));
}

export async function deleteThrottle(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from sign_in_throttles where key = ${key}`);
}

/** Deletes keys idle for longer than `idleSeconds` whose block is over (the table stays as small as the attacks). */
export async function sweepThrottles(db: DbOrTx, idleSeconds: number): Promise<void> {
  await db.execute(sql`delete from sign_in_throttles
    where last_attempt_at < now() - make_interval(secs => ${idleSeconds}::float8)
      and (blocked_until is null or blocked_until < now())`);
}
