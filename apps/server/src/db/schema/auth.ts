import { sql } from 'drizzle-orm';
import { boolean, bigint, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_PUBLIC_LEADERBOARD_NAMES, PUBLIC_LEADERBOARD_NAMES } from '@rally/domain';

// Tables better-auth reads and writes (core + organization plugin). A brand IS a
// better-auth organization: the `brands` table carries the product fields beside
// the ones better-auth needs, so membership and brand settings never drift apart.

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  locale: text('locale'),
  /** better-auth's twoFactor plugin: TOTP confirmed (migration 0034). */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  /** A platform operator (issue 28): set only by `npm run operator -- grant`, never by sign-up (migration 0036). */
  isOperator: boolean('is_operator').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeOrganizationId: text('active_organization_id'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable('verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const paymentPlanEnum = pgEnum('payment_plan', ['prepaid', 'postpaid']);

export const brands = pgTable(
  'brands',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    logo: text('logo'),
    metadata: text('metadata'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    isRetailer: boolean('is_retailer').notNull().default(false),
    consumerEnabled: boolean('consumer_enabled').notNull().default(false),
    industries: text('industries').array().notNull().default(sql`'{}'::text[]`),
    // Kept equal to the sum of wallet_ledger rows for the brand; both change in one transaction.
    walletBalanceCents: bigint('wallet_balance_cents', { mode: 'number' }).notNull().default(0),
    paymentPlan: paymentPlanEnum('payment_plan').notNull().default('prepaid'),
    smartReviewEnabled: boolean('smart_review_enabled').notNull().default(false),
    smartReviewPricePerScanCents: integer('smart_review_price_per_scan_cents').notNull().default(0),
    smartReviewCurrency: text('smart_review_currency').notNull().default('USD'),
    smartReviewPlan: text('smart_review_plan'),
    /** ISO 4217 code the wallet, budgets and invoices of the brand are kept in. */
    currency: text('currency').notNull().default('USD'),
    /** Who the brand's public pages name on a leaderboard: nobody (default), "Daniel B.", or store names (issue 27). */
    publicLeaderboardNames: text('public_leaderboard_names', { enum: PUBLIC_LEADERBOARD_NAMES }).notNull().default(DEFAULT_PUBLIC_LEADERBOARD_NAMES),
    /** ISO 3166-1 alpha-2; null for brands made before brands were created by people (migration 0033). */
    country: text('country'),
    /** IANA time zone the brand works in. */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    /** Who created the brand (its first owner); null for seeded brands. */
    createdBy: text('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Members who sign in with a password must have two-factor on to use the brand (migration 0034). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /** active, or suspended by an operator: members get 403 BRAND_SUSPENDED, campaigns take no entries (migration 0036). */
    status: text('status', { enum: ['active', 'suspended'] }).notNull().default('active'),
  },
  (t) => [
    check('brands_public_leaderboard_names', sql`${t.publicLeaderboardNames} in ${sql.raw(`(${PUBLIC_LEADERBOARD_NAMES.map((n) => `'${n}'`).join(', ')})`)}`),
  ],
);

export const members = pgTable(
  'members',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('campaign_manager'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('members_org_user_uq').on(t.organizationId, t.userId), index('members_user_idx').on(t.userId)],
);

export const invitations = pgTable('invitations', {
  id: text('id').primaryKey(),
  organizationId: text('organization_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role'),
  status: text('status').notNull().default('pending'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  inviterId: text('inviter_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** sha256 of the link's token (migration 0033); the token itself is only in the mail. A new send replaces it. */
  tokenHash: text('token_hash').unique('invitations_token_hash_uq'),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** better-auth's twoFactor plugin: the TOTP secret and backup codes of a user, encrypted by better-auth (migration 0034). */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factors_user_uq').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);
