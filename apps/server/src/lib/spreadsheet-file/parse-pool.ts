/**
 * At most `concurrency` holders at once and `queue` waiting; acquire() answers null when the queue is full
 * (the caller refuses with 429), else a release function once a slot is free.
 */
export function createParsePool(concurrency: number, queue: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    acquire(): Promise<(() => void) | null> {
      if (running < concurrency) {
        running += 1;
        return Promise.resolve(once(release));
      }
      if (waiting.length >= queue) return Promise.resolve(null);
      return new Promise((resolve) => waiting.push(() => resolve(once(release))));
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/** A release that runs its function the first time only (a slot or a lane is freed once, whoever calls it). */
export function once(fn: () => void) {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      fn();
    }
  };
}
