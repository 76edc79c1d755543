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
