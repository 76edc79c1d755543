import { buildApp } from './app.js';
import { loadEnv } from './config/env.js';
import { createDatabase } from './db/client.js';
import { seedDemoIfEmpty } from './seed/seed-demo.js';

const env = loadEnv();
const database = createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE });
await database.migrate();
const app = await buildApp({ env, database });
if (env.SEED_DEMO && (await seedDemoIfEmpty(database))) app.log.info('seeded the demo data set');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

await app.listen({ port: env.PORT, host: env.HOST });
