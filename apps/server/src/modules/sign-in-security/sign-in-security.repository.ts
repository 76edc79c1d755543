import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  accounts,
  brandSsoDomains,
  brandSsoProviders,
  brands,
  members,
  sessions,
  ssoSignInRequests,
  users,
} from '../../db/schema/index.js';

export async function findBrandSecurity(db: DbOrTx, brandId: string) {
  const [brand] = await db
    .select({ requireTwoFactor: brands.requireTwoFactor })
    .from(brands)
    .where(eq(brands.id, brandId));
  const [provider] = await db.select().from(brandSsoProviders).where(eq(brandSsoProviders.brandId, brandId));
  const domains = provider
    ? (
        await db
          .select({ domain: brandSsoDomains.domain })
          .from(brandSsoDomains)
          .where(eq(brandSsoDomains.brandId, brandId))
          .orderBy(brandSsoDomains.domain)
      ).map((d) => d.domain)
    : [];
  return { requireTwoFactor: brand?.requireTwoFactor ?? false, provider: provider ?? null, domains };
}

export async function setRequireTwoFactor(db: DbOrTx, brandId: string, required: boolean) {
  await db.update(brands).set({ requireTwoFactor: required }).where(eq(brands.id, brandId));
}

export async function userHasTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  return row?.enabled ?? false;
}

/** Domains of the list another brand signs in already. */
export async function domainsTakenElsewhere(db: DbOrTx, brandId: string, domains: string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: brandSsoDomains.domain })
    .from(brandSsoDomains)
    .where(and(inArray(brandSsoDomains.domain, domains), ne(brandSsoDomains.brandId, brandId)));
  return rows.map((r) => r.domain);
}

export async function upsertProvider(
  db: DbOrTx,
  brandId: string,
  p: { issuer: string; clientId: string; clientSecretEncrypted: string; defaultRole: string; domains: string[] },
) {
  await db
    .insert(brandSsoProviders)
    .values({
      brandId,
      issuer: p.issuer,
      clientId: p.clientId,
      clientSecretEncrypted: p.clientSecretEncrypted,
      defaultRole: p.defaultRole,
    })
    .onConflictDoUpdate({
      target: brandSsoProviders.brandId,
      set: {
        issuer: p.issuer,
        clientId: p.clientId,
        clientSecretEncrypted: p.clientSecretEncrypted,
        defaultRole: p.defaultRole,
        updatedAt: sql`now()`,
      },
    });
  await db.delete(brandSsoDomains).where(eq(brandSsoDomains.brandId, brandId));
  await db.insert(brandSsoDomains).values(p.domains.map((domain) => ({ domain, brandId })));
}

export async function deleteProvider(db: DbOrTx, brandId: string) {
  await db.delete(brandSsoProviders).where(eq(brandSsoProviders.brandId, brandId));
}

/** The brand and provider an email domain signs in through, if any. */
export async function providerForDomain(db: DbOrTx, domain: string) {
  const [row] = await db
    .select({ provider: brandSsoProviders })
    .from(brandSsoDomains)
    .innerJoin(brandSsoProviders, eq(brandSsoProviders.brandId, brandSsoDomains.brandId))
    .where(eq(brandSsoDomains.domain, domain));
  return row?.provider ?? null;
}

export async function providerOfBrand(db: DbOrTx, brandId: string) {
  const [row] = await db.select().from(brandSsoProviders).where(eq(brandSsoProviders.brandId, brandId));
  return row ?? null;
}

export async function insertSignInRequest(
  db: DbOrTx,
  r: { stateHash: string; brandId: string; nonce: string; codeVerifier: string; expiresAt: Date },
) {
  // Expired requests of anyone go on the way (they are never used again).
  await db.delete(ssoSignInRequests).where(lt(ssoSignInRequests.expiresAt, sql`now()`));
  await db.insert(ssoSignInRequests).values(r);
}

/** Takes the request of a state once: deleted as it is read, so a replayed callback finds nothing. */
export async function consumeSignInRequest(db: DbOrTx, stateHash: string) {
  const [row] = await db
    .delete(ssoSignInRequests)
    .where(and(eq(ssoSignInRequests.stateHash, stateHash), gt(ssoSignInRequests.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  return row ?? null;
}

export async function findLinkedUser(db: DbOrTx, providerId: string, sub: string) {
  const [row] = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.providerId, providerId), eq(accounts.accountId, sub)));
  return row?.userId ?? null;
}

export async function linkAccount(db: DbOrTx, userId: string, providerId: string, sub: string) {
  await db.insert(accounts).values({ id: crypto.randomUUID(), accountId: sub, providerId, userId });
}

export async function createVerifiedUser(db: DbOrTx, email: string, name: string) {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, email, name, emailVerified: true });
  return id;
}

export async function membershipOf(db: DbOrTx, brandId: string, userId: string) {
  const [row] = await db
    .select({ role: members.role })
    .from(members)
    .where(and(eq(members.organizationId, brandId), eq(members.userId, userId)));
  return row ?? null;
}

export async function addMember(db: DbOrTx, brandId: string, userId: string, role: string) {
  await db.insert(members).values({ id: crypto.randomUUID(), organizationId: brandId, userId, role });
}

export async function setActiveBrand(db: DbOrTx, sessionId: string, brandId: string) {
  await db.update(sessions).set({ activeOrganizationId: brandId }).where(eq(sessions.id, sessionId));
}
