// The Rally app in a process of its own, started by rally-process.ts: a benchmark that measures the server's memory
// reads this process's resident set, and the load client's copies of what it sends and receives are not counted.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startRally, urlOf } from './servers.js';

const [databaseUrl, poolSize] = process.argv.slice(2);
const { app, database } = await startRally(databaseUrl!, Number(poolSize));
// The longest event-loop delay since the last 'stats': the stall every request would have seen, read from inside.
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

process.on('message', (message: { type: 'gc' | 'stats' | 'close' }) => {
  if (message.type === 'gc') {
    global.gc?.();
    process.send!({ type: 'gc' });
  } else if (message.type === 'stats') {
    process.send!({ type: 'stats', maxDelayMs: delay.max / 1e6, p99DelayMs: delay.percentile(99) / 1e6 });
    delay.reset();
  } else if (message.type === 'close') {
    // Requests cut off by a client finish before the pool ends.
    setTimeout(() => {
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0));
    }, 1500);
  }
});
process.send!({ type: 'ready', appUrl: urlOf(app) });
