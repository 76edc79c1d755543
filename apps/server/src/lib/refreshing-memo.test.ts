import { describe, expect, it } from 'vitest';
import { createRefreshingMemo } from './refreshing-memo.js';

/** A read whose answers the test hands out one at a time, counting how often it was called. */
function scriptedRead() {
  const pending: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const read = () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  return { read, pending, calls: () => pending.length };
}

const settle = () => new Promise((r) => setImmediate(r));

function memoAt(clock: { t: number }) {
  return createRefreshingMemo<string>({ freshMs: 100, maxAgeMs: 300, maxEntries: 10, now: () => clock.t });
}

/** A memo (fresh 100 ms, at most 300 ms old) whose key 'k' was read as 'v1' at time 0, with the clock at `at`. */
async function primed(at: number) {
  const clock = { t: 0 };
  const memo = memoAt(clock);
  const s = scriptedRead();
  const first = memo.get('k', s.read);
  s.pending[0]!.resolve('v1');
  await first;
  clock.t = at;
  return { clock, memo, s };
}

describe('refreshing memo', () => {
  it('shares one read among the callers of a key and keeps its answer while fresh', async () => {
    const clock = { t: 0 };
    const memo = memoAt(clock);
    const s = scriptedRead();
    const a = memo.get('k', s.read);
    const b = memo.get('k', s.read);
    s.pending[0]!.resolve('v1');
    expect(await a).toBe('v1');
    expect(await b).toBe('v1');
    clock.t = 99;
    expect(await memo.get('k', s.read)).toBe('v1');
    expect(s.calls()).toBe(1);
  });

  it('answers a value past its fresh time at once and replaces it with one read in the background', async () => {
    const { clock, memo, s } = await primed(150);
    // Stale but within the maximum age: the old value, without waiting for the read it starts.
    expect(await memo.get('k', s.read)).toBe('v1');
    expect(await memo.get('k', s.read)).toBe('v1');
    expect(s.calls()).toBe(2);
    s.pending[1]!.resolve('v2');
    await settle();
    expect(await memo.get('k', s.read)).toBe('v2');
    // The refreshed value counts its age from when its read started.
    clock.t = 249;
    expect(await memo.get('k', s.read)).toBe('v2');
    expect(s.calls()).toBe(2);
  });

  it('never answers a value older than its maximum age: past it the caller waits for a new read', async () => {
    const { memo, s } = await primed(300);
    const late = memo.get('k', s.read);
    let answered = false;
    void late.then(() => (answered = true));
    await settle();
    expect(answered).toBe(false);
    s.pending[1]!.resolve('v2');
    expect(await late).toBe('v2');
  });

  it('keeps the older value when a refresh fails, until it reaches its maximum age', async () => {
    const { memo, s } = await primed(150);
    expect(await memo.get('k', s.read)).toBe('v1');
    s.pending[1]!.reject(new Error('database gone'));
    await settle();
    // The next stale answer tries again.
    expect(await memo.get('k', s.read)).toBe('v1');
    expect(s.calls()).toBe(3);
    s.pending[2]!.resolve('v3');
    await settle();
    expect(await memo.get('k', s.read)).toBe('v3');
  });

  it('does not keep a read that failed: the next caller reads again', async () => {
    const clock = { t: 0 };
    const memo = memoAt(clock);
    const s = scriptedRead();
    const first = memo.get('k', s.read);
    s.pending[0]!.reject(new Error('no such session'));
    await expect(first).rejects.toThrow('no such session');
    const again = memo.get('k', s.read);
    s.pending[1]!.resolve('v2');
    expect(await again).toBe('v2');
  });

  it('forgets a deleted key even when a refresh of it was in flight', async () => {
    const { memo, s } = await primed(150);
    await memo.get('k', s.read);
    memo.delete('k');
    s.pending[1]!.resolve('v2');
    await settle();
    const after = memo.get('k', s.read);
    s.pending[2]!.reject(new Error('signed out'));
    await expect(after).rejects.toThrow('signed out');
  });

  it('starts over past its number of keys', async () => {
    const clock = { t: 0 };
    const memo = createRefreshingMemo<string>({ freshMs: 100, maxAgeMs: 300, maxEntries: 2, now: () => clock.t });
    const reads: string[] = [];
    const read = (v: string) => () => (reads.push(v), Promise.resolve(v));
    await memo.get('a', read('a'));
    await memo.get('b', read('b'));
    await memo.get('c', read('c'));
    await memo.get('a', read('a'));
    expect(reads).toEqual(['a', 'b', 'c', 'a']);
  });
});
