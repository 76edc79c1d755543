import { loadEnv, type Env } from './env.js';

/**
 * Environment for in-process tests. TEST_DATABASE_URL (a PostgreSQL server an
 * admin may create databases on) switches the tests from in-memory PGlite to
 * that server; everything else is fixed so tests do not depend on the shell.
 */
export function loadTestEnv(overrides: Record<string, string> = {}): Env & { TEST_DATABASE_URL?: string } {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    SEED_DEMO: 'false',
    SCHEDULER_POLL_SECONDS: '0.5',
    PUBLIC_URL: 'http://localhost:3000',
    SIGN_UP: 'open',
    // The tests' webhook receivers listen on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_SWEEP_SECONDS: '0.2',
    ...overrides,
  });
  return testDatabaseUrl ? { ...env, TEST_DATABASE_URL: testDatabaseUrl } : env;
}
