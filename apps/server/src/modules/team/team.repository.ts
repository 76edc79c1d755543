import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { TMemberRole } from '@rally/domain';
import type { DbOrTx, Tx } from '../../db/client.js';
import { accounts, brands, invitations, members, sessions, teamDailyCounts, users } from '../../db/schema/index.js';

export type InvitationRow = typeof invitations.$inferSelect;
export type MemberRow = { id: string; userId: string; name: string; email: string; role: string; createdAt: Date };

/**
 * Takes one unit of a per-day counter (UTC day) if the count is under `limit`: one upsert, so concurrent requests
 * cannot overshoot. False when the day's units are used up. Taken inside the change's transaction, so a change that
 * fails gives its unit back.
 */
export async function takeDailyUnit(
  tx: DbOrTx,
  scope: 'brand_created' | 'invitation_sent',
  key: string,
  limit: number,
): Promise<boolean> {
  const rows = await tx
    .insert(teamDailyCounts)
    .values({ scope, key, day: sql`(now() at time zone 'utc')::date`, count: 1 })
    .onConflictDoUpdate({
      target: [teamDailyCounts.scope, teamDailyCounts.key, teamDailyCounts.day],
      set: { count: sql`${teamDailyCounts.count} + 1` },
      setWhere: sql`${teamDailyCounts.count} < ${limit}`,
    })
    .returning({ count: teamDailyCounts.count });
  return rows.length > 0;
}

/** Locks the brand's row: member changes of one brand run one at a time, so "the last owner" is counted truly. */
export async function lockBrand(tx: Tx, brandId: string) {
  const [row] = await tx
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(eq(brands.id, brandId))
    .for('update');
  return row;
}

export async function findBrandName(db: DbOrTx, brandId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId));
  return row?.name;
}

export async function countOwners(tx: DbOrTx, brandId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(members)
    .where(and(eq(members.organizationId, brandId), eq(members.role, 'owner')));
  return row?.n ?? 0;
}

/** A brand's members with their names and addresses: one select for the list and the lookups below. */
const selectMembers = (db: DbOrTx) =>
  db
    .select({
      id: members.id,
      userId: members.userId,
      name: users.name,
      email: users.email,
      role: members.role,
      createdAt: members.createdAt,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId));

export async function listMembers(db: DbOrTx, brandId: string): Promise<MemberRow[]> {
  return selectMembers(db).where(eq(members.organizationId, brandId)).orderBy(asc(members.createdAt), asc(members.id));
}

export async function findMember(db: DbOrTx, brandId: string, memberId: string): Promise<MemberRow | undefined> {
  const [row] = await selectMembers(db).where(and(eq(members.organizationId, brandId), eq(members.id, memberId)));
  return row;
}

export async function findMemberByUser(db: DbOrTx, brandId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await selectMembers(db).where(and(eq(members.organizationId, brandId), eq(members.userId, userId)));
  return row;
}

export async function isMemberByEmail(db: DbOrTx, brandId: string, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.organizationId, brandId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  return rows.length > 0;
}

export async function insertMember(tx: DbOrTx, brandId: string, userId: string, role: TMemberRole): Promise<boolean> {
  const rows = await tx
    .insert(members)
    .values({ id: randomUUID(), organizationId: brandId, userId, role })
    .onConflictDoNothing()
    .returning({ id: members.id });
  return rows.length > 0;
}

export async function setMemberRole(tx: DbOrTx, memberId: string, role: TMemberRole) {
  await tx.update(members).set({ role }).where(eq(members.id, memberId));
}

/** Deletes the membership and takes the brand off the person's sessions that had it in use. */
export async function deleteMember(tx: DbOrTx, brandId: string, member: MemberRow) {
  await tx.delete(members).where(eq(members.id, member.id));
  await tx
    .update(sessions)
    .set({ activeOrganizationId: null })
    .where(and(eq(sessions.userId, member.userId), eq(sessions.activeOrganizationId, brandId)));
}

export async function listInvitations(db: DbOrTx, brandId: string) {
  return db
    .select({ invitation: invitations, inviterName: users.name })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.inviterId))
    .where(eq(invitations.organizationId, brandId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

export async function findInvitation(db: DbOrTx, brandId: string, id: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, brandId), eq(invitations.id, id)));
  return row;
}

/** The brand's open invitation of an address (pending, even if its link expired), locked for the change. */
export async function findPendingInvitation(
  tx: Tx,
  brandId: string,
  email: string,
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, brandId),
        eq(invitations.status, 'pending'),
        sql`lower(${invitations.email}) = ${email}`,
      ),
    )
    .for('update');
  return row;
}

export async function insertInvitation(
  tx: DbOrTx,
  values: { brandId: string; email: string; role: TMemberRole; inviterId: string; tokenHash: string; expiresAt: Date },
) {
  const [row] = await tx
    .insert(invitations)
    .values({
      id: randomUUID(),
      organizationId: values.brandId,
      email: values.email,
      role: values.role,
      status: 'pending',
      inviterId: values.inviterId,
      tokenHash: values.tokenHash,
      expiresAt: values.expiresAt,
    })
    .returning();
  return row!;
}

/** A new link for an open invitation: the old token stops working, the clock restarts. */
export async function renewInvitation(
  tx: DbOrTx,
  id: string,
  values: { role: TMemberRole; inviterId: string; tokenHash: string; expiresAt: Date },
) {
  const [row] = await tx
    .update(invitations)
    .set({
      role: values.role,
      inviterId: values.inviterId,
      tokenHash: values.tokenHash,
      expiresAt: values.expiresAt,
      sentAt: sql`now()`,
    })
    .where(eq(invitations.id, id))
    .returning();
  return row!;
}

export async function revokeInvitationRow(tx: DbOrTx, id: string) {
  const [row] = await tx
    .update(invitations)
    .set({ status: 'revoked', revokedAt: sql`now()`, tokenHash: null })
    .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
    .returning();
  return row;
}

export async function findInvitationByToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ invitation: invitations, brandName: brands.name, inviterName: users.name })
    .from(invitations)
    .innerJoin(brands, eq(brands.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.inviterId))
    .where(eq(invitations.tokenHash, tokenHash));
  return row;
}

/**
 * Uses the token: the one update that turns a pending, unexpired invitation into an accepted one. Of two requests
 * with the same link, one gets the row; the other gets nothing (single use).
 */
export async function consumeInvitation(
  tx: DbOrTx,
  tokenHash: string,
  userId: string,
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(invitations)
    .set({ status: 'accepted', acceptedAt: sql`now()`, acceptedBy: userId })
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        eq(invitations.status, 'pending'),
        sql`${invitations.expiresAt} > now()`,
      ),
    )
    .returning();
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

/** A person who accepted an invitation without an account: verified already (the invitation mail proved the address). */
export async function insertVerifiedUser(
  tx: DbOrTx,
  values: { email: string; name: string; passwordHash: string },
): Promise<string | null> {
  const id = randomUUID();
  const inserted = await tx
    .insert(users)
    .values({ id, email: values.email, name: values.name, emailVerified: true })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return null;
  await tx
    .insert(accounts)
    .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: values.passwordHash });
  return id;
}

export async function setSessionBrand(db: DbOrTx, sessionId: string, brandId: string) {
  await db.update(sessions).set({ activeOrganizationId: brandId }).where(eq(sessions.id, sessionId));
}
