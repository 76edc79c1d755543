import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Where the embedded database, media files and the generated auth secret live. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… switches from the embedded PGlite database to a PostgreSQL server. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Public origin of the app, used for cookies, CSRF origin checks and links. */
  PUBLIC_URL: z.url().optional(),
  /** Extra origins allowed to make state-changing calls (comma separated), e.g. the Vite dev server. */
  TRUSTED_ORIGINS: z.string().default(''),
  /** Signs sessions; at least 32 characters. Generated into DATA_DIR when unset (not in production). */
  AUTH_SECRET: z.string().min(32).optional(),
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  SIGN_IN_RATE_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** open: anyone signs up with email and password (verified by mail); invite-only: accounts come with an invitation. */
  SIGN_UP: z.enum(['open', 'invite-only']).default('open'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo brands, users, stores and campaigns when the database is empty. */
  SEED_DEMO: booleanish.default(true),
  /** Built web app served at /; empty disables static serving. */
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../../web/dist')),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Rally <no-reply@rally.local>'),
  /** ffmpeg binary for video thumbnails; unset stores videos without one. */
  FFMPEG_PATH: z.string().optional(),
  /** Largest video upload; the spec's 200 MB unless lowered (tests). */
  MEDIA_VIDEO_LIMIT_BYTES: z.coerce.number().int().positive().default(200 * 1024 * 1024),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** Run the campaign scheduler (start and end campaigns on time) in this process. */
  SCHEDULER_ENABLED: booleanish.default(true),
  /** How often pg-boss workers look for due jobs; the in-process scheduler uses timers instead. */
  SCHEDULER_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Stripe (both set → payments go through Stripe; otherwise the embedded TEST MODE sandbox). */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  /** Given to the browser for Stripe Elements (pk_…). */
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  /** Where Stripe API calls go (stripe-mock, tests); api.stripe.com when unset. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** How often the invoice sweep looks for last month's open invoices to close (daily by default). */
  INVOICE_CLOSE_CHECK_SECONDS: z.coerce.number().min(1).max(7 * 86_400).default(86_400),
  /** Promote mails a brand may send in any 24 hours (spec §7 promote; the delivery log counts them). */
  PROMOTE_DAILY_LIMIT: z.coerce.number().int().positive().default(200),
  /** Platform operators by email (comma separated), besides those granted with `npm run operator -- grant`. */
  OPERATOR_EMAILS: z.string().default(''),
});

export type Env = z.infer<typeof ZEnv> & { PUBLIC_URL: string; AUTH_SECRET: string; trustedOrigins: string[]; operatorEmails: string[] };

/** Reads and validates the environment once, at boot. Nothing else reads process.env. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const secret = env.AUTH_SECRET ?? generatedSecret(env.DATA_DIR, env.NODE_ENV);
  const trustedOrigins = [
    new URL(publicUrl).origin,
    ...env.TRUSTED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ];
  const operatorEmails = env.OPERATOR_EMAILS.split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return { ...env, FFMPEG_PATH: env.FFMPEG_PATH ?? bundledFfmpeg(), PUBLIC_URL: publicUrl, AUTH_SECRET: secret, trustedOrigins, operatorEmails };
}

function generatedSecret(dataDir: string, nodeEnv: string): string {
  if (nodeEnv === 'production') throw new Error('AUTH_SECRET is required in production');
  if (nodeEnv === 'test') return 'test-secret-test-secret-test-secret-0123';
  const file = path.join(dataDir, '.auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The ffmpeg binary shipped in the @ffmpeg-installer package, when it is installed for this platform. */
function bundledFfmpeg(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return undefined;
  }
}
