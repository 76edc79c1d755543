/**
 * The local push service in a process of its own (a worker thread): in a deployment the push service is the browser
 * vendor's, so checking VAPID and decrypting 100,000 pushes must not take the Rally server's thread in the benchmark.
 * Messages in: `{ subscribe: n }` → `{ subscriptions }`, `{ stats: true }` → `{ received, refused }`, `{ close: true }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startLocalPushService } from '@rally/server';

const push = await startLocalPushService({ vapidPublicKey: (workerData as { vapidPublicKey: string }).vapidPublicKey, keepPayloads: false });
parentPort!.postMessage({ url: push.url });
parentPort!.on('message', (message: { subscribe?: number; stats?: boolean; close?: boolean }) => {
  if (message.subscribe !== undefined) {
    const subscriptions = Array.from({ length: message.subscribe }, () => push.subscribe());
    parentPort!.postMessage({ subscriptions });
  } else if (message.stats) {
    parentPort!.postMessage({ received: push.received.length, refused: push.refused.length });
  } else if (message.close) {
    void push.close().then(() => parentPort!.close());
  }
});
