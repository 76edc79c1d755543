import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { brandActivity, brandPartnerships, brands, members, users } from '../../db/schema/index.js';

export type PartnershipRow = typeof brandPartnerships.$inferSelect;

/** Locks the retailer's brand row: invitations of one brand queue up, so the daily count cannot be raced past. */
export async function lockBrand(db: DbOrTx, brandId: string) {
  const [row] = await db.select().from(brands).where(eq(brands.id, brandId)).for('update');
  return row;
}

/** partner.invited lines the brand logged since `since`: the daily invitation throttle reads the log it writes. */
export async function countInvitesSince(db: DbOrTx, brandId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(brandActivity)
    .where(and(eq(brandActivity.brandId, brandId), eq(brandActivity.action, 'partner.invited'), gt(brandActivity.createdAt, since)));
  return row?.n ?? 0;
}

/** The brand an owner or admin with this email runs (the oldest membership first), other than `exceptBrandId`. */
export async function findManagedBrandByEmail(db: DbOrTx, email: string, exceptBrandId: string) {
  const [row] = await db
    .select({ brandId: members.organizationId, locale: users.locale })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(sql`lower(${users.email}) = ${email}`, inArray(members.role, ['owner', 'admin']), ne(members.organizationId, exceptBrandId)))
    .orderBy(asc(members.createdAt), asc(members.id))
    .limit(1);
  return row;
}

/** The pool row a new invitation reuses: the brand's row, or the email's row while no brand has answered it. */
export async function findPoolRow(db: DbOrTx, retailerId: string, target: { brandId: string } | { email: string }) {
  const [row] = await db
    .select()
    .from(brandPartnerships)
    .where(
      and(
        eq(brandPartnerships.brandId, retailerId),
        'brandId' in target
          ? eq(brandPartnerships.partnerBrandId, target.brandId)
          : and(isNull(brandPartnerships.partnerBrandId), sql`lower(${brandPartnerships.invitedEmail}) = ${target.email}`),
      ),
    )
    .for('update');
  return row;
}

export async function insertPoolRow(db: DbOrTx, values: typeof brandPartnerships.$inferInsert) {
  const [row] = await db.insert(brandPartnerships).values(values).returning();
  return row!;
}

export async function updatePoolRow(db: DbOrTx, id: number, set: Partial<typeof brandPartnerships.$inferInsert>) {
  const [row] = await db
    .update(brandPartnerships)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(brandPartnerships.id, id))
    .returning();
  return row!;
}

export async function deletePoolRow(db: DbOrTx, id: number) {
  await db.delete(brandPartnerships).where(eq(brandPartnerships.id, id));
}

/** One row of the retailer's own pool, locked. */
export async function findOwnPoolRow(db: DbOrTx, retailerId: string, id: number) {
  const [row] = await db
    .select()
    .from(brandPartnerships)
    .where(and(eq(brandPartnerships.id, id), eq(brandPartnerships.brandId, retailerId)))
    .for('update');
  return row;
}

/** The retailer's pool with each partner brand, most recently changed first. */
export async function listPool(db: DbOrTx, retailerId: string) {
  return db
    .select({ p: brandPartnerships, brandName: brands.name, brandLogo: brands.logo })
    .from(brandPartnerships)
    .leftJoin(brands, eq(brands.id, brandPartnerships.partnerBrandId))
    .where(eq(brandPartnerships.brandId, retailerId))
    .orderBy(desc(brandPartnerships.updatedAt), desc(brandPartnerships.id))
    .limit(500);
}

/** Whether the user's email address is verified: only then do invitations addressed to it reach them. */
export async function verifiedEmailOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email, verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return row?.verified ? row.email.toLowerCase() : null;
}

/** The condition "addressed to this brand, or to this email before any brand answered it". */
const addressedTo = (brandId: string | null, email: string | null) =>
  or(
    brandId ? eq(brandPartnerships.partnerBrandId, brandId) : undefined,
    email ? and(isNull(brandPartnerships.partnerBrandId), sql`lower(${brandPartnerships.invitedEmail}) = ${email}`) : undefined,
  );

/** Pending invitations addressed to the brand or the email, with the inviting retailer. */
export async function listPendingInvitations(db: DbOrTx, brandId: string | null, email: string | null) {
  const to = addressedTo(brandId, email);
  if (!to) return [];
  return db
    .select({ p: brandPartnerships, retailerName: brands.name, retailerLogo: brands.logo })
    .from(brandPartnerships)
    .innerJoin(brands, eq(brands.id, brandPartnerships.brandId))
    .where(and(eq(brandPartnerships.status, 'pending'), to, brandId ? ne(brandPartnerships.brandId, brandId) : undefined))
    .orderBy(desc(brandPartnerships.invitedAt), desc(brandPartnerships.id));
}

/** One invitation addressed to the brand or the email, locked; undefined for anyone else's. */
export async function findAddressedInvitation(db: DbOrTx, id: number, brandId: string, email: string | null) {
  const [row] = await db
    .select()
    .from(brandPartnerships)
    .where(and(eq(brandPartnerships.id, id), addressedTo(brandId, email)))
    .for('update');
  return row;
}

/** The invitation a mailed token opens, locked. */
export async function findByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(brandPartnerships).where(eq(brandPartnerships.tokenHash, tokenHash)).for('update');
  return row;
}

/** The brand's row in the retailer's pool other than `exceptId` (a merge on accepting an email invitation). */
export async function findOtherPoolRow(db: DbOrTx, retailerId: string, partnerBrandId: string, exceptId: number) {
  const [row] = await db
    .select()
    .from(brandPartnerships)
    .where(and(eq(brandPartnerships.brandId, retailerId), eq(brandPartnerships.partnerBrandId, partnerBrandId), ne(brandPartnerships.id, exceptId)))
    .for('update');
  return row;
}
