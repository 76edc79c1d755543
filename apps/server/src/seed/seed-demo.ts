import { count } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { seedDemoAccounts } from './demo-accounts.js';
import { seedDemoActivity } from './demo-activity.js';
import { seedDemoContent } from './demo-content.js';

/** Seeds the demo data set when the database has no users yet; returns whether it seeded. */
export async function seedDemoIfEmpty(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(database);
  return true;
}

export async function seedDemo(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    const brandIds = await seedDemoAccounts(tx);
    await seedDemoContent(tx, brandIds);
    // Completions, ranks, issued codes and spent budgets, made by the engine.
    await seedDemoActivity(tx, brandIds);
  });
}
