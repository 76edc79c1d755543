import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { LocalPushSubscription } from '@rally/server';

/** The benchmark's side of push-service-process.ts: one request at a time, answered in order. */
export async function startPushServiceWorker(vapidPublicKey: string) {
  // The worker runs TypeScript as the benchmark does: through tsx's loader, which a worker does not inherit.
  const entry = new URL('./push-service-process.ts', import.meta.url).href;
  const worker = new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`, {
    eval: true,
    workerData: { vapidPublicKey },
  });
  const [{ url }] = (await once(worker, 'message')) as [{ url: string }];
  const ask = async <T>(message: object): Promise<T> => {
    worker.postMessage(message);
    return ((await once(worker, 'message')) as [T])[0];
  };
  return {
    url,
    subscribe: async (n: number) => (await ask<{ subscriptions: (LocalPushSubscription & { id: string })[] }>({ subscribe: n })).subscriptions,
    stats: () => ask<{ received: number; refused: number }>({ stats: true }),
    close: async () => {
      worker.postMessage({ close: true });
      await once(worker, 'exit');
    },
  };
}
