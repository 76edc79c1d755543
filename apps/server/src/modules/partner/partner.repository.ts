import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { TInviteStatus } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { brandPartnerships, brands, campaignPartners, campaigns, members, rewardPartners, rewards, users } from '../../db/schema/index.js';
import type { CampaignRow } from '../campaign/index.js';

/** Brand ids the retailer has an approved partnership with. */
export async function approvedPartnerIds(db: DbOrTx, retailerId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: brandPartnerships.partnerBrandId })
    .from(brandPartnerships)
    .where(and(eq(brandPartnerships.brandId, retailerId), eq(brandPartnerships.status, 'approved')));
  return new Set(rows.flatMap((r) => (r.id ? [r.id] : [])));
}

/** The retailer's approved partner brands, paged, searchable by name. */
export async function pageApprovedPartnerBrands(db: DbOrTx, retailerId: string, input: { filter?: string | undefined; page: number; perPage: number }) {
  const where = and(
    eq(brandPartnerships.brandId, retailerId),
    eq(brandPartnerships.status, 'approved'),
    input.filter ? ilike(brands.name, `%${input.filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(brandPartnerships).innerJoin(brands, eq(brands.id, brandPartnerships.partnerBrandId)).where(where);
  const rows = await db
    .select({ b: brands, status: brandPartnerships.status })
    .from(brandPartnerships)
    .innerJoin(brands, eq(brands.id, brandPartnerships.partnerBrandId))
    .where(where)
    .orderBy(asc(brands.name), asc(brands.id))
    .limit(input.perPage)
    .offset((input.page - 1) * input.perPage);
  return { total: total?.n ?? 0, rows };
}

/** Whether one brand may look the other up: the same brand, a partnership either way, or an invite that went out either way. */
export async function brandsAreLinked(db: DbOrTx, a: string, b: string): Promise<boolean> {
  if (a === b) return true;
  const either = <T extends typeof brandPartnerships | typeof campaignPartners>(t: T) =>
    or(and(eq(t.brandId, a), eq(t.partnerBrandId, b)), and(eq(t.brandId, b), eq(t.partnerBrandId, a)));
  // A pool row links the brands once the partner accepted (approved, or removed since) or when it was set up without
  // an email invitation (the demo seed): a pending invitation must not let the retailer look up the brand behind an email.
  const [partnership] = await db
    .select({ id: brandPartnerships.id })
    .from(brandPartnerships)
    .where(
      and(
        either(brandPartnerships),
        or(
          eq(brandPartnerships.status, 'approved'),
          isNull(brandPartnerships.invitedAt),
          and(eq(brandPartnerships.status, 'removed'), isNotNull(brandPartnerships.respondedAt)),
        ),
      ),
    )
    .limit(1);
  if (partnership) return true;
  const [invite] = await db
    .select({ id: campaignPartners.id })
    .from(campaignPartners)
    .where(and(either(campaignPartners), isNotNull(campaignPartners.inviteStatus)))
    .limit(1);
  return invite !== undefined;
}

export async function listPartnerRows(db: DbOrTx, campaignId: number) {
  return db.select().from(campaignPartners).where(eq(campaignPartners.campaignId, campaignId)).orderBy(asc(campaignPartners.order), asc(campaignPartners.id));
}

/** The campaign the brand was invited to (an invite that went out), locked when asked: writes to one campaign queue up. */
export async function findInvitedCampaign(db: DbOrTx, partnerBrandId: string, campaignId: number, lock = false): Promise<{ campaign: CampaignRow; invite: typeof campaignPartners.$inferSelect } | undefined> {
  const [invite] = await db
    .select()
    .from(campaignPartners)
    .where(and(eq(campaignPartners.campaignId, campaignId), eq(campaignPartners.partnerBrandId, partnerBrandId), isNotNull(campaignPartners.inviteStatus)));
  if (!invite) return undefined;
  const q = db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  const [campaign] = lock ? await q.for('update') : await q;
  if (!campaign) return undefined;
  if (!lock) return { campaign, invite };
  // Re-read the invite under the campaign lock: a concurrent answer committed before we got it.
  const [fresh] = await db.select().from(campaignPartners).where(eq(campaignPartners.id, invite.id)).for('update');
  return fresh ? { campaign, invite: fresh } : undefined;
}

/** The reward_partners rows of one brand on a campaign, with each reward's type. */
export async function assignedRewards(db: DbOrTx, campaignId: number, partnerBrandId: string) {
  return db
    .select({ rp: rewardPartners, type: rewards.type, title: rewards.title })
    .from(rewardPartners)
    .innerJoin(rewards, eq(rewards.id, rewardPartners.rewardId))
    .where(and(eq(rewards.campaignId, campaignId), eq(rewardPartners.partnerBrandId, partnerBrandId)))
    .orderBy(asc(rewards.id));
}

export async function setInviteStatus(db: DbOrTx, inviteId: number, status: TInviteStatus, rejectReason: string | null = null) {
  await db
    .update(campaignPartners)
    .set({ inviteStatus: status, respondedAt: new Date(), rejectReason: status === 'REJECTED' ? rejectReason : null })
    .where(eq(campaignPartners.id, inviteId));
}

/** Replaces the campaign's partner set: drops the brands not listed (and what they supplied), adds the new ones in order. */
export async function replacePartners(db: DbOrTx, campaign: CampaignRow, partnersId: string[], firstOrder: number) {
  const rewardIds = db.select({ id: rewards.id }).from(rewards).where(eq(rewards.campaignId, campaign.id));
  if (partnersId.length > 0) {
    await db.delete(campaignPartners).where(and(eq(campaignPartners.campaignId, campaign.id), notInArray(campaignPartners.partnerBrandId, partnersId)));
    await db.delete(rewardPartners).where(and(inArray(rewardPartners.rewardId, rewardIds), notInArray(rewardPartners.partnerBrandId, partnersId)));
  }
  for (const [i, partnerBrandId] of partnersId.entries()) {
    await db
      .insert(campaignPartners)
      .values({ brandId: campaign.brandId, campaignId: campaign.id, partnerBrandId, order: firstOrder + i })
      .onConflictDoUpdate({ target: [campaignPartners.campaignId, campaignPartners.partnerBrandId], set: { order: firstOrder + i } });
  }
}

/** Every partner supply of the campaign's rewards (who supplies which reward, with which budget). */
export async function rewardSupplies(db: DbOrTx, campaignId: number) {
  return db
    .select({ rewardId: rewardPartners.rewardId, brandId: rewardPartners.partnerBrandId, budget: rewardPartners.budgetCents })
    .from(rewardPartners)
    .innerJoin(rewards, eq(rewards.id, rewardPartners.rewardId))
    .where(eq(rewards.campaignId, campaignId));
}

/** Sets who supplies one reward: the owner (no partner rows) or the listed partners with their budgets. */
export async function setRewardSupply(
  db: DbOrTx,
  campaign: CampaignRow,
  reward: { id: number; type: string },
  supply: { suppliedBy: 'self' | 'partners'; partners: { brandId: string; budget: number }[] },
) {
  const partnerIds = supply.suppliedBy === 'partners' ? supply.partners.map((p) => p.brandId) : [];
  await db
    .delete(rewardPartners)
    .where(and(eq(rewardPartners.rewardId, reward.id), partnerIds.length ? notInArray(rewardPartners.partnerBrandId, partnerIds) : undefined));
  for (const p of supply.suppliedBy === 'partners' ? supply.partners : []) {
    await db
      .insert(rewardPartners)
      .values({ brandId: campaign.brandId, rewardId: reward.id, partnerBrandId: p.brandId, budgetCents: p.budget })
      .onConflictDoUpdate({ target: [rewardPartners.rewardId, rewardPartners.partnerBrandId], set: { budgetCents: p.budget } });
  }
  const shared = supply.suppliedBy === 'partners';
  const total = supply.partners.reduce((sum, p) => sum + p.budget, 0);
  await db
    .update(rewards)
    .set({
      isShared: shared,
      filledByPartners: shared,
      // A partner-supplied money reward's budget is what its partners put in.
      ...(shared && reward.type === 'money' ? { budgetCents: total } : {}),
      updatedAt: new Date(),
    })
    .where(eq(rewards.id, reward.id));
}

export async function sendPendingInvites(db: DbOrTx, campaignId: number) {
  return db
    .update(campaignPartners)
    .set({ inviteStatus: 'SENT', invitedAt: new Date() })
    .where(and(eq(campaignPartners.campaignId, campaignId), sql`${campaignPartners.inviteStatus} is null`))
    .returning({ partnerBrandId: campaignPartners.partnerBrandId });
}

/** Owners (and admins) of brands, with their language: who partner mail goes to. */
export async function brandOwners(db: DbOrTx, brandIds: string[]) {
  if (brandIds.length === 0) return [];
  return db
    .select({ brandId: members.organizationId, brandName: brands.name, email: users.email, name: users.name, locale: users.locale })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(brands, eq(brands.id, members.organizationId))
    .where(and(inArray(members.organizationId, brandIds), inArray(members.role, ['owner', 'admin'])))
    .orderBy(asc(users.email));
}

/** Campaigns other brands invited this one to (invites that went out), newest first. */
export async function pageInvitations(db: DbOrTx, brandId: string, page: number, perPage: number) {
  const where = and(eq(campaignPartners.partnerBrandId, brandId), isNotNull(campaignPartners.inviteStatus), ne(campaigns.brandId, brandId));
  const [total] = await db.select({ n: count() }).from(campaignPartners).innerJoin(campaigns, eq(campaigns.id, campaignPartners.campaignId)).where(where);
  const [pending] = await db
    .select({ n: count() })
    .from(campaignPartners)
    .innerJoin(campaigns, eq(campaigns.id, campaignPartners.campaignId))
    .where(and(where, eq(campaignPartners.inviteStatus, 'SENT')));
  const rows = await db
    .select({ c: campaigns, cp: campaignPartners, ownerName: brands.name })
    .from(campaignPartners)
    .innerJoin(campaigns, eq(campaigns.id, campaignPartners.campaignId))
    .innerJoin(brands, eq(brands.id, campaigns.brandId))
    .where(where)
    .orderBy(sql`${campaignPartners.invitedAt} desc nulls last`, asc(campaignPartners.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { total: total?.n ?? 0, pending: pending?.n ?? 0, rows };
}

/** The campaign's rewards (id and type): what partners may be asked to supply. */
export async function listRewardTypes(db: DbOrTx, campaignId: number) {
  return db.select({ id: rewards.id, type: rewards.type }).from(rewards).where(eq(rewards.campaignId, campaignId));
}

/** Who supplies one reward (its reward_partners rows). */
export async function listRewardPartners(db: DbOrTx, rewardIds: number[]) {
  if (rewardIds.length === 0) return [];
  return db.select().from(rewardPartners).where(inArray(rewardPartners.rewardId, rewardIds));
}

/** The partner brand's part of a reward is filled. */
export async function markRewardFilled(db: DbOrTx, rewardId: number, partnerBrandId: string) {
  await db
    .update(rewardPartners)
    .set({ fillStatus: 'filled' })
    .where(and(eq(rewardPartners.rewardId, rewardId), eq(rewardPartners.partnerBrandId, partnerBrandId)));
}

/** The campaign's rewards with their budgets, in id order: what a shared launch splits between the brands. */
export async function listSharedLaunchRewards(db: DbOrTx, campaignId: number) {
  return db
    .select({ id: rewards.id, type: rewards.type, title: rewards.title, filledByPartners: rewards.filledByPartners, budgetCents: rewards.budgetCents, budgetPaidCents: rewards.budgetPaidCents })
    .from(rewards)
    .where(eq(rewards.campaignId, campaignId))
    .orderBy(asc(rewards.id));
}

/** The partners' wallets, locked in id order, so two launches sharing partners never wait on each other in a circle. */
export async function lockPartnerWallets(db: DbOrTx, brandIds: string[]) {
  if (brandIds.length === 0) return [];
  return db
    .select({ id: brands.id, name: brands.name, plan: brands.paymentPlan, balance: brands.walletBalanceCents })
    .from(brands)
    .where(inArray(brands.id, brandIds))
    .orderBy(asc(brands.id))
    .for('update');
}

/** Records a partner's payment of its slice of a reward: its own paid amount and the reward's paid budget. */
export async function addPartnerPayment(db: DbOrTx, rewardId: number, partnerBrandId: string, cents: number) {
  await db
    .update(rewardPartners)
    .set({ paidCents: sql`${rewardPartners.paidCents} + ${cents}` })
    .where(and(eq(rewardPartners.rewardId, rewardId), eq(rewardPartners.partnerBrandId, partnerBrandId)));
  // The engine pays participants out of the reward's paid budget, whoever funded it.
  await db.update(rewards).set({ budgetPaidCents: sql`${rewards.budgetPaidCents} + ${cents}`, updatedAt: new Date() }).where(eq(rewards.id, rewardId));
}
