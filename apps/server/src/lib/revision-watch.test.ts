import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRevisionWatch, REVISION_POLL_MS, type RevisionWatch } from './revision-watch.js';

let watch: RevisionWatch;
afterEach(() => {
  watch.stop();
  vi.useRealTimers();
});

/** A source whose comparisons can be made to fail; counts them. */
function source() {
  const state = { compared: 0, failing: false };
  return {
    state,
    async compare() {
      if (state.failing) throw new Error('database unreachable');
      state.compared += 1;
    },
  };
}

async function afterPolls(n: number) {
  await vi.advanceTimersByTimeAsync(n * REVISION_POLL_MS + 1);
}

/** A started watch over one source, on fake timers, after `polls` comparisons. */
async function startedWatch(polls = 1) {
  vi.useFakeTimers();
  watch = createRevisionWatch();
  const s = source();
  watch.add(s);
  watch.start();
  await afterPolls(polls);
  return s;
}

describe('revision watch', () => {
  it('is not current before its first comparison, and is after it', async () => {
    const s = await startedWatch(0);
    expect(watch.isCurrent()).toBe(false);
    await afterPolls(1);
    expect(s.state.compared).toBe(1);
    expect(watch.isCurrent()).toBe(true);
  });

  it('is not current while a write runs, nor after it is answered until a comparison that started later completes', async () => {
    await startedWatch();
    watch.writeStarted();
    expect(watch.isCurrent()).toBe(false);
    await afterPolls(1);
    expect(watch.isCurrent()).toBe(false);
    watch.writeAnswered();
    expect(watch.isCurrent()).toBe(false);
    await afterPolls(1);
    expect(watch.isCurrent()).toBe(true);
  });

  it('counts a value held now as checked only by a comparison that starts later', async () => {
    await startedWatch();
    const heldAt = watch.startedCount();
    expect(watch.checkedAfter(heldAt)).toBe(false);
    await afterPolls(1);
    expect(watch.checkedAfter(heldAt)).toBe(true);
  });

  it('stops being current when comparisons fail, and again when stopped', async () => {
    const s = await startedWatch();
    s.state.failing = true;
    await afterPolls(3);
    expect(watch.isCurrent()).toBe(false);
    s.state.failing = false;
    await afterPolls(1);
    expect(watch.isCurrent()).toBe(true);
    watch.stop();
    expect(watch.isCurrent()).toBe(false);
  });

  it('moves its write mark when this process answers a write, and has none while one runs (asWrite counts as one)', async () => {
    await startedWatch();
    const before = watch.writeMark();
    expect(before).toBeDefined();
    let during: number | undefined = 0;
    await watch.asWrite(async () => {
      during = watch.writeMark();
    });
    expect(during).toBeUndefined();
    expect(watch.writeMark()).toBe(before! + 1);
    expect(watch.isCurrent()).toBe(false);
    await afterPolls(1);
    expect(watch.isCurrent()).toBe(true);
  });

  it('says when a statement is part of a comparison, and only then', async () => {
    vi.useFakeTimers();
    watch = createRevisionWatch();
    const seen: boolean[] = [];
    watch.add({
      async compare() {
        await Promise.resolve();
        seen.push(watch.isComparing());
      },
    });
    watch.start();
    await afterPolls(1);
    expect(seen).toEqual([true]);
    expect(watch.isComparing()).toBe(false);
  });
});
