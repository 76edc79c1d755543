import { createECDH } from 'node:crypto';
import pg from 'pg';
/** Shared by the seed and the runner so both talk about the same database and account. */
export const BENCH_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/rally_bench';

export const BENCH_BRAND = {
  slug: 'bench-brand',
  name: 'Bench Brand',
  isRetailer: false,
  consumerEnabled: true,
} as const;
export const BENCH_USER = { email: 'bench@bench.test', name: 'Bench User', password: 'bench1234' } as const;

/** The server's maintenance database, where CREATE DATABASE is issued from. */
export function adminUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/test';
  return url.toString();
}

export function databaseName(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsupported database name "${name}"`);
  return name;
}

/** Creates the benchmark's database on the server named by `databaseUrl` unless it is there. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
  await admin.connect();
  try {
    const name = databaseName(databaseUrl);
    if ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/**
 * A VAPID key pair for one run: production mode wants Web Push keys even where a benchmark sends no push. A P-256
 * private key is 32 bytes; one with a leading zero byte comes out shorter and is drawn again.
 */
export function vapidKeyPair(): { publicKey: string; privateKey: string } {
  for (;;) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const pair = { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
    if (Buffer.from(pair.privateKey, 'base64url').length === 32) return pair;
  }
}
