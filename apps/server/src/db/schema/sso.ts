import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './auth.js';

/**
 * A brand's OpenID Connect provider (migration 0034). The client secret must be sent to the provider, so it is
 * stored encrypted (modules/sign-in-security/client-secret-cipher.ts), never hashed and never answered.
 */
export const brandSsoProviders = pgTable(
  'brand_sso_providers',
  {
    brandId: text('brand_id')
      .primaryKey()
      .references(() => brands.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    defaultRole: text('default_role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('brand_sso_providers_default_role', sql`${t.defaultRole} in ('admin', 'campaign_manager', 'analyst', 'finance')`)],
);

/** The email domains whose users sign in through a brand's provider: one brand per domain. */
export const brandSsoDomains = pgTable(
  'brand_sso_domains',
  {
    domain: text('domain').primaryKey(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brandSsoProviders.brandId, { onDelete: 'cascade' }),
  },
  (t) => [index('brand_sso_domains_brand_idx').on(t.brandId), check('brand_sso_domains_lower', sql`${t.domain} = lower(${t.domain})`)],
);

/** A sign-in sent to the provider and not back yet: keyed by the sha256 of its state, used once, short-lived. */
export const ssoSignInRequests = pgTable(
  'sso_sign_in_requests',
  {
    stateHash: text('state_hash').primaryKey(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_sign_in_requests_expires_idx').on(t.expiresAt)],
);
