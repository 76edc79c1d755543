import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SELLER, type TInvoiceParty } from '@rally/domain';
import { loadVapidKeys, type VapidKeys } from './vapid.js';

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
  /** Calls one API key may make to the public API (/api/v1) per API_KEY_RATE_WINDOW_MS; then 429 with Retry-After. */
  API_KEY_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  API_KEY_RATE_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
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
  /** Who pays participants their money rewards out: the embedded TEST MODE sandbox, or Tremendous (its keys below, checked at boot). */
  PAYOUT_PROVIDER: z.enum(['sandbox', 'tremendous']).default('sandbox'),
  TREMENDOUS_API_KEY: z.string().min(1).optional(),
  /** The private key Tremendous signs its webhook callbacks with (HMAC-SHA256). */
  TREMENDOUS_WEBHOOK_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  /** The Tremendous campaign listing the products a recipient may redeem to (PayPal, bank transfer). */
  TREMENDOUS_CAMPAIGN_ID: z.string().min(1).optional(),
  TREMENDOUS_FUNDING_SOURCE_ID: z.string().min(1).default('balance'),
  /** Tremendous's sandbox unless set (production: https://www.tremendous.com/api/v2). */
  TREMENDOUS_API_URL: z.url({ protocol: /^https?$/ }).default('https://testflight.tremendous.com/api/v2'),
  /** How often the invoice sweep looks for last month's open invoices to close (daily by default). */
  INVOICE_CLOSE_CHECK_SECONDS: z.coerce.number().min(1).max(7 * 86_400).default(86_400),
  /** How often the sweep asks the payment provider about payments left pending (a crash mid-payment). */
  PAYMENT_RECONCILE_SECONDS: z.coerce.number().min(1).max(86_400).default(300),
  /** A payment pending longer than this many minutes is asked about (younger ones may still be in their request). */
  PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce.number().min(0).max(7 * 1440).default(10),
  /** The seller on every invoice: Rally's legal name, address (lines separated by "|"), tax id and billing mail. */
  SELLER_LEGAL_NAME: z.string().trim().min(1, 'the legal name invoices are issued by').max(200).default(DEFAULT_SELLER.legalName),
  SELLER_ADDRESS: z
    .string()
    .max(500)
    .default(DEFAULT_SELLER.addressLines.join('|'))
    .transform((s) => s.split('|').map((l) => l.trim()).filter(Boolean))
    .pipe(z.array(z.string()).min(1, 'at least one address line ("street|city|country")').max(6, 'at most 6 lines')),
  SELLER_TAX_ID: z.string().trim().min(1).max(50).optional(),
  SELLER_EMAIL: z.email('an email address for billing questions').default(DEFAULT_SELLER.email!),
  /** Promote mails a brand may send in any 24 hours (spec §7 promote; the delivery log counts them). */
  PROMOTE_DAILY_LIMIT: z.coerce.number().int().positive().default(200),
  /** Web Push (VAPID) key pair, base64url (`npx web-push generate-vapid-keys`); generated into DATA_DIR when unset (not in production). */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** Who push services contact about this server's pushes: mailto:… or https://… */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://').default('mailto:no-reply@rally.local'),
  /** How often the notification sweep looks for new events (launches, unlocks, reviews) to fan out. */
  NOTIFICATION_SWEEP_SECONDS: z.coerce.number().min(0.2).max(300).default(1),
  /**
   * Outbound webhooks may go to private, loopback and link-local addresses (decision 0029): unset, only in development;
   * tests set it for their local receiver. Production leaves it off, so an endpoint cannot reach the internal network.
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanish.optional(),
  /** How often the webhook dispatcher looks for messages due (new events, retries); seconds. */
  WEBHOOK_SWEEP_SECONDS: z.coerce.number().min(0.05).max(60).default(0.5),
  /** Platform operators by email (comma separated), besides those granted with `npm run operator -- grant`. */
  OPERATOR_EMAILS: z.string().default(''),
});

export type Env = z.infer<typeof ZEnv> & { WEBHOOK_ALLOW_PRIVATE_URLS: boolean; PUBLIC_URL: string; AUTH_SECRET: string; trustedOrigins: string[]; operatorEmails: string[]; vapid: VapidKeys };

/** Reads and validates the environment once, at boot. Nothing else reads process.env. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  if (env.PAYOUT_PROVIDER === 'tremendous') {
    const missing = (['TREMENDOUS_API_KEY', 'TREMENDOUS_WEBHOOK_SECRET', 'TREMENDOUS_CAMPAIGN_ID'] as const).filter((k) => !env[k]);
    if (missing.length) throw new Error(`Invalid environment:\n${missing.map((k) => `  ${k}: required when PAYOUT_PROVIDER=tremendous`).join('\n')}`);
  }
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
  const vapid = loadVapidKeys({
    publicKey: env.VAPID_PUBLIC_KEY,
    privateKey: env.VAPID_PRIVATE_KEY,
    subject: env.VAPID_SUBJECT,
    dataDir: env.DATA_DIR,
    nodeEnv: env.NODE_ENV,
  });
  const webhookAllowPrivate = env.WEBHOOK_ALLOW_PRIVATE_URLS ?? env.NODE_ENV === 'development';
  return { ...env, WEBHOOK_ALLOW_PRIVATE_URLS: webhookAllowPrivate, vapid, FFMPEG_PATH: env.FFMPEG_PATH ?? bundledFfmpeg(), PUBLIC_URL: publicUrl, AUTH_SECRET: secret, trustedOrigins, operatorEmails };
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

/** Rally as the seller on every invoice (SELLER_*, checked at boot with the rest of the environment). */
export const sellerParty = (env: Pick<Env, 'SELLER_LEGAL_NAME' | 'SELLER_ADDRESS' | 'SELLER_TAX_ID' | 'SELLER_EMAIL'>): TInvoiceParty => ({
  legalName: env.SELLER_LEGAL_NAME,
  addressLines: env.SELLER_ADDRESS,
  taxId: env.SELLER_TAX_ID ?? null,
  email: env.SELLER_EMAIL,
});
