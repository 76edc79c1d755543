import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp, createDatabase, loadEnv, type Database } from '@rally/server';
import { BENCH_USER } from './bench-config.js';

// The listening port is only known after buildApp, so the app is told a fixed public
// origin and sign-in names it: better-auth refuses a sign-in without a trusted Origin.
export const PUBLIC_URL = 'http://localhost:3000';

export interface RunningServers {
  bareUrl: string;
  appUrl: string;
  database: Database;
  close(): Promise<void>;
}

export function urlOf(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

/** A Fastify server with one JSON route: the ceiling any Rally route can reach on this machine. */
export async function startBare(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true, name: 'bare', items: [1, 2, 3] }));
  // The same bytes an import sends, received and counted: the floor for the code-import benchmark.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: 64 * 1024 * 1024 }, (_req, body, done) => done(null, body));
  app.post('/bare-upload', async (request) => ({ bytes: (request.body as Buffer).length }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** The real Rally app, as main.ts builds it, on an ephemeral port. */
export async function startRally(
  databaseUrl: string,
  poolSize: number,
): Promise<{ app: FastifyInstance; database: Database }> {
  const env = loadEnv({
    // As deployed: production mode.
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(poolSize),
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    SEED_DEMO: 'false',
    // Routes are measured alone: no campaign jobs competing in the background (and none changing the data set).
    SCHEDULER_ENABLED: 'false',
    PUBLIC_URL,
    // Fixed so loadEnv does not write a generated secret into DATA_DIR.
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    // Sign-in is called once per run; the limiter must not get in the way of reruns.
    SIGN_IN_RATE_LIMIT: '1000',
  });
  const database = createDatabase({ databaseUrl, poolSize: env.DATABASE_POOL_SIZE });
  await database.migrate();
  const app = await buildApp({ env, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database };
}

export async function startServers(databaseUrl: string, poolSize: number): Promise<RunningServers> {
  const bare = await startBare();
  const rally = await startRally(databaseUrl, poolSize);
  return {
    bareUrl: urlOf(bare),
    appUrl: urlOf(rally.app),
    database: rally.database,
    async close() {
      // autocannon drops its sockets mid-request; let those handlers finish before the pool ends.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await bare.close();
      await rally.app.close();
      await rally.database.close();
    },
  };
}

/** Signs in as the bench user; returns the Cookie header of the session. */
export async function signIn(appUrl: string): Promise<string> {
  const res = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
    body: JSON.stringify({ email: BENCH_USER.email, password: BENCH_USER.password }),
  });
  if (res.status !== 200)
    throw new Error(`sign-in failed (${res.status}): ${await res.text()} — run npm run bench:seed first`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';', 1)[0]!);
  if (cookies.length === 0) throw new Error('sign-in set no cookie');
  return cookies.join('; ');
}
