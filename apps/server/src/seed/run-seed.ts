import { loadEnv } from '../config/env.js';
import { createDatabase } from '../db/client.js';
import { seedDemoIfEmpty } from './seed-demo.js';

// `npm run seed`: migrate, then seed the demo data set into an empty database.
const env = loadEnv();
const database = createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await database.migrate();
const seeded = await seedDemoIfEmpty(database);
console.log(seeded ? 'Seeded the demo data set.' : 'The database already has users; nothing seeded.');
await database.close();
