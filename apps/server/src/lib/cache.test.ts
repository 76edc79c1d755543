import { describe, expect, it } from 'vitest';
import { createCache, type CacheOptions } from './cache.js';

/** A load whose answers the test hands out one at a time, counting how often it was called. */
function scriptedLoad() {
  const pending: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const load = () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  return { load, pending, calls: () => pending.length };
}

const settle = () => new Promise((r) => setImmediate(r));

function cacheAt(clock: { t: number }, options: Partial<CacheOptions<string>> = {}) {
  return createCache<string, string>({ maxEntries: 10, now: () => clock.t, ...options });
}

/** A stale-while-revalidate cache (fresh 100 ms, never served at 300 ms) whose key 'k' was loaded as 'v1' at time 0, with the clock at `at`. */
async function primed(at: number) {
  const clock = { t: 0 };
  const cache = cacheAt(clock, { freshMs: 100, ttlMs: 300 });
  const s = scriptedLoad();
  const first = cache.load('k', s.load);
  s.pending[0]!.resolve('v1');
  await first;
  clock.t = at;
  return { clock, cache, s };
}

describe('cache: bounded with least-recently-used eviction', () => {
  it('drops the least recently used key when one more is added, never everything', () => {
    const cache = cacheAt({ t: 0 }, { maxEntries: 3 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.set('c', 'C');
    // Reading a makes b the least recently used.
    expect(cache.get('a')).toBe('A');
    cache.set('d', 'D');
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual(['A', 'C', 'D']);
  });

  it('counts a load as a use and a rewrite of a key as no new key', async () => {
    const cache = cacheAt({ t: 0 }, { maxEntries: 2 });
    const loads: string[] = [];
    const load = (v: string) => () => (loads.push(v), Promise.resolve(v));
    await cache.load('a', load('a'));
    await cache.load('b', load('b'));
    await cache.load('a', load('a'));
    cache.set('a', 'A2');
    await cache.load('c', load('c'));
    // b was the least recently used; a stays.
    expect(cache.get('a')).toBe('A2');
    await cache.load('b', load('b'));
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('peeks at a held value without making it more recent', () => {
    const cache = cacheAt({ t: 0 }, { maxEntries: 2 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.peek('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.peek('a')).toBeUndefined();
    expect([...cache.entries()]).toEqual([
      ['b', 'B'],
      ['c', 'C'],
    ]);
  });
});

describe('cache: time to live', () => {
  it('never answers a value once it is ttlMs old, counted from when it was set', () => {
    const clock = { t: 0 };
    const cache = cacheAt(clock, { ttlMs: 1_000 });
    cache.set('k', 'v');
    clock.t = 999;
    expect(cache.get('k')).toBe('v');
    clock.t = 1_000;
    expect(cache.get('k')).toBeUndefined();
    expect([...cache.entries()]).toEqual([]);
  });

  it('counts a loaded value\'s age from when its load started, and loads again past its time to live', async () => {
    const clock = { t: 0 };
    const cache = cacheAt(clock, { ttlMs: 1_000 });
    const s = scriptedLoad();
    const first = cache.load('k', s.load);
    clock.t = 400;
    s.pending[0]!.resolve('v1');
    expect(await first).toBe('v1');
    clock.t = 999;
    expect(await cache.load('k', s.load)).toBe('v1');
    clock.t = 1_000;
    const next = cache.load('k', s.load);
    expect(s.calls()).toBe(2);
    s.pending[1]!.resolve('v2');
    expect(await next).toBe('v2');
  });

  it('keeps values without a time to live until they are evicted or dropped', () => {
    const clock = { t: 0 };
    const cache = createCache<number, number>({ maxEntries: 10, now: () => clock.t });
    cache.set(7, 42);
    clock.t = 1e12;
    expect(cache.get(7)).toBe(42);
  });
});

describe('cache: invalidation', () => {
  it('forgets a deleted key and, on clear, every key', () => {
    const cache = cacheAt({ t: 0 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.delete('a')).toBe(true);
    expect(cache.get('a')).toBeUndefined();
    cache.clear();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops a load in flight when its key is deleted or set meanwhile', async () => {
    const cache = cacheAt({ t: 0 });
    const s = scriptedLoad();
    const deleted = cache.load('a', s.load);
    cache.delete('a');
    s.pending[0]!.resolve('old');
    expect(await deleted).toBe('old');
    expect(cache.get('a')).toBeUndefined();
    const overwritten = cache.load('b', s.load);
    cache.set('b', 'newer');
    s.pending[1]!.resolve('older');
    await overwritten;
    expect(cache.get('b')).toBe('newer');
  });
});

describe('cache: load-through and stale-while-revalidate', () => {
  it('shares one load among the callers of a key and keeps its answer while fresh', async () => {
    const { clock, cache, s } = await primed(0);
    clock.t = 99;
    expect(await cache.load('k', s.load)).toBe('v1');
    const c = cacheAt(clock, { freshMs: 100, ttlMs: 300 });
    const a = c.load('x', s.load);
    const b = c.load('x', s.load);
    s.pending[1]!.resolve('x1');
    expect([await a, await b]).toEqual(['x1', 'x1']);
    expect(s.calls()).toBe(2);
  });

  it('answers a value past its fresh time at once and replaces it with one load in the background', async () => {
    const { clock, cache, s } = await primed(150);
    // Stale but within the time to live: the old value, without waiting for the load it starts.
    expect(await cache.load('k', s.load)).toBe('v1');
    expect(await cache.load('k', s.load)).toBe('v1');
    expect(s.calls()).toBe(2);
    s.pending[1]!.resolve('v2');
    await settle();
    expect(await cache.load('k', s.load)).toBe('v2');
    // The refreshed value counts its age from when its load started.
    clock.t = 249;
    expect(await cache.load('k', s.load)).toBe('v2');
    expect(s.calls()).toBe(2);
  });

  it('never answers a value past its time to live: the caller waits for a new load', async () => {
    const { cache, s } = await primed(300);
    const late = cache.load('k', s.load);
    let answered = false;
    void late.then(() => (answered = true));
    await settle();
    expect(answered).toBe(false);
    s.pending[1]!.resolve('v2');
    expect(await late).toBe('v2');
  });

  it('keeps the older value when a refresh fails, until its time to live', async () => {
    const { clock, cache, s } = await primed(150);
    expect(await cache.load('k', s.load)).toBe('v1');
    s.pending[1]!.reject(new Error('database gone'));
    await settle();
    // The next stale answer tries again.
    expect(await cache.load('k', s.load)).toBe('v1');
    expect(s.calls()).toBe(3);
    s.pending[2]!.reject(new Error('still gone'));
    await settle();
    clock.t = 300;
    const late = cache.load('k', s.load);
    s.pending[3]!.resolve('v4');
    expect(await late).toBe('v4');
  });

  it('does not keep a load that failed: the next caller loads again', async () => {
    const cache = cacheAt({ t: 0 });
    const s = scriptedLoad();
    const first = cache.load('k', s.load);
    s.pending[0]!.reject(new Error('no such session'));
    await expect(first).rejects.toThrow('no such session');
    expect(cache.size).toBe(0);
    const again = cache.load('k', s.load);
    s.pending[1]!.resolve('v2');
    expect(await again).toBe('v2');
    const throwing = () => {
      throw new Error('thrown before a promise');
    };
    await expect(cache.load('t', throwing)).rejects.toThrow('thrown before a promise');
    expect(cache.size).toBe(1);
  });

  it('forgets a deleted key even when a refresh of it was in flight', async () => {
    const { cache, s } = await primed(150);
    await cache.load('k', s.load);
    cache.delete('k');
    s.pending[1]!.resolve('v2');
    await settle();
    const after = cache.load('k', s.load);
    s.pending[2]!.reject(new Error('signed out'));
    await expect(after).rejects.toThrow('signed out');
  });

  it('keeps a value fresh for as long as the value says', async () => {
    const clock = { t: 0 };
    const cache = createCache<string, { v: string; freshMs: number }>({
      maxEntries: 10,
      ttlMs: 10_000,
      freshMs: (value) => value.freshMs,
      now: () => clock.t,
    });
    let loads = 0;
    const load = (freshMs: number) => () => (loads++, Promise.resolve({ v: `v${loads}`, freshMs }));
    await cache.load('k', load(2_000));
    clock.t = 1_999;
    expect((await cache.load('k', load(50))).v).toBe('v1');
    expect(loads).toBe(1);
    clock.t = 2_000;
    // Stale: answered at once, refreshed with a value fresh for 50 ms only.
    expect((await cache.load('k', load(50))).v).toBe('v1');
    await settle();
    clock.t = 2_049;
    expect((await cache.load('k', load(50))).v).toBe('v2');
    expect(loads).toBe(2);
    clock.t = 2_050;
    await cache.load('k', load(50));
    expect(loads).toBe(3);
  });

  it('refuses a fresh time longer than the time to live, or without one', () => {
    expect(() => createCache({ maxEntries: 1, ttlMs: 100, freshMs: 200 })).toThrow();
    expect(() => createCache({ maxEntries: 1, freshMs: 200 })).toThrow();
    expect(() => createCache({ maxEntries: 0 })).toThrow();
  });
});
