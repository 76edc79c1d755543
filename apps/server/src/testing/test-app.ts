import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { inBackgroundJob } from '../lib/background-jobs.js';
import { loadTestEnv } from '../config/test-env.js';
import type { Database } from '../db/client.js';
import { DEMO_PASSWORD, seedDemoAccounts, type DemoBrandKey } from '../seed/demo-accounts.js';
import { seedDemoContent } from '../seed/demo-content.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  brandIds: Record<DemoBrandKey, string>;
  /** The throw-away PostgreSQL database's URL when running on a server (TEST_DATABASE_URL). */
  databaseUrl?: string;
  /** Signs in and returns the Cookie header value of the session. */
  signIn(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Seed the full demo content (stores, missions, campaigns), not only brands and sign-ins. */
  content?: boolean;
  /**
   * Sees every SQL statement the app runs through Drizzle for requests and tests — not the revision
   * watch's comparisons, which run in the background every 100 ms whatever the test does.
   */
  onQuery?: (query: string) => void;
}

/** The real app on a real, fresh database, driven in-process with app.inject. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-test-'));
  const env = loadTestEnv({ DATA_DIR: dataDir, ...options.env });
  const onQuery = options.onQuery;
  // The app's caches say when a statement is one of the revision watch's comparisons (bound once the app exists).
  let comparing = () => false;
  // Background jobs' statements (sweeps after start) are not a request's either.
  const testDb = await createTestDatabase(env.TEST_DATABASE_URL, onQuery && ((q) => comparing() || inBackgroundJob() || onQuery(q)));
  const database = testDb.database;
  const brandIds = await database.db.transaction(async (tx) => {
    const ids = await seedDemoAccounts(tx);
    if (options.content) await seedDemoContent(tx, ids);
    return ids;
  });
  const app = await buildApp({ env, database, logger: false });
  comparing = () => app.caches.revisions.isComparing();
  let signIns = 0;
  await app.ready();
  return {
    app,
    database,
    brandIds,
    databaseUrl: testDb.url,
    async signIn(email, password = DEMO_PASSWORD) {
      // Each sign-in from its own address, so the per-IP limiter never trips a test that is not about it.
      signIns += 1;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password },
        remoteAddress: `127.1.${Math.floor(signIns / 250)}.${signIns % 250}`,
      });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
      return cookieHeader(res);
    },
    async close() {
      await app.close();
      await testDb.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
