import { createHash, randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  PARTNER_INVITE_TTL_DAYS,
  PARTNER_INVITES_PER_DAY,
  PARTNER_POOL_MESSAGES,
  type TPartnerInvitation,
  type TPartnerPoolEntry,
  type TPartnerPoolStatus,
} from '@rally/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { recordActivity, userActor } from '../activity/index.js';
import { requirePermission, type RequestActor, type RequestUser } from '../auth/index.js';
import { findBrand } from '../campaign/index.js';
import { sendPartnerPoolMail } from './partner-pool-mail.js';
import {
  countInvitesSince,
  deletePoolRow,
  findAddressedInvitation,
  findByTokenHash,
  findManagedBrandByEmail,
  findOtherPoolRow,
  findOwnPoolRow,
  findPoolRow,
  insertPoolRow,
  listPendingInvitations,
  listPool,
  lockBrand,
  updatePoolRow,
  verifiedEmailOf,
  type PartnershipRow,
} from './partner-pool.repository.js';

const DAY_MS = 86_400_000;
export const hashPartnerToken = (token: string) => createHash('sha256').update(token).digest('hex');
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const isExpired = (row: PartnershipRow, now = new Date()) => row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();

/** 403 unless the actor's brand is a retailer: only retailers keep a partner pool. */
async function requireRetailer(db: DbOrTx, brandId: string) {
  const brand = await findBrand(db, brandId);
  if (!brand?.isRetailer) throw forbidden(PARTNER_POOL_MESSAGES.notRetailer);
  return brand;
}

export interface InvitePartnerOptions {
  db: Db;
  actor: RequestActor;
  email: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/**
 * A retailer invites a brand to its pool by email. An owner or admin's email puts a pending invitation on their
 * brand; any other email gets a sign-up link, and the invitation waits for the brand that person creates. The answer
 * is "invited" either way, and the same work (a row, a log line, one mail) is done either way: the retailer cannot
 * tell whether the email has an account. A re-invitation replaces the token and its expiry.
 */
export async function invitePartner({ db, actor, email, mailer, log, publicUrl }: InvitePartnerOptions) {
  requirePermission(actor, 'partner:manage');
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + PARTNER_INVITE_TTL_DAYS * DAY_MS);
  const mail = await db.transaction(async (tx) => {
    await requireRetailer(tx, actor.brandId);
    const retailer = (await lockBrand(tx, actor.brandId))!;
    const sent = await countInvitesSince(tx, actor.brandId, new Date(now.getTime() - DAY_MS));
    if (sent >= PARTNER_INVITES_PER_DAY) {
      throw new AppError(429, ERROR_CODES.rateLimited, PARTNER_POOL_MESSAGES.tooMany, [{ path: 'email', message: PARTNER_POOL_MESSAGES.tooMany }], {
        'retry-after': String(60 * 60),
      });
    }
    const managed = await findManagedBrandByEmail(tx, email, actor.brandId);
    const brandRow = managed ? await findPoolRow(tx, actor.brandId, { brandId: managed.brandId }) : undefined;
    // A brand already approved keeps its row; the invitation then waits on the email, exactly as one to an address
    // without an account would (the pool shows the same pending row either way). Accepting it merges the two.
    const member = brandRow?.status === 'approved' ? undefined : managed;
    const existing = member ? brandRow : await findPoolRow(tx, actor.brandId, { email });
    const fields = {
      status: 'pending' as const,
      invitedEmail: email,
      tokenHash: hashPartnerToken(token),
      expiresAt,
      invitedAt: now,
      invitedBy: actor.userId,
      respondedAt: null,
      respondedBy: null,
      removedAt: null,
      removedBy: null,
    };
    const row = existing
      ? await updatePoolRow(tx, existing.id, fields)
      : await insertPoolRow(tx, { brandId: actor.brandId, partnerBrandId: member?.brandId ?? null, ...fields });
    // The retailer's line names the email only, whoever it belongs to.
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'partner.invited',
      subject: { type: 'partner_invitation', id: row.id, label: email },
      changes: [{ field: 'status', old: existing?.status ?? null, new: 'pending' }, { field: 'email', old: existing?.invitedEmail ?? null, new: email }],
    });
    if (member) {
      await recordActivity(tx, {
        brandId: member.brandId,
        actor: userActor(actor),
        action: 'partner.invited',
        subject: { type: 'brand', id: actor.brandId, label: retailer.name },
        changes: [{ field: 'status', old: null, new: 'pending' }, { field: 'email', old: null, new: email }],
      });
    }
    return { member: managed !== undefined, locale: managed?.locale ?? null, retailerName: retailer.name };
  });
  await sendPartnerPoolMail(mailer, log, {
    to: email,
    locale: mail.locale,
    retailerName: mail.retailerName,
    member: mail.member,
    url: `${publicUrl}${mail.member ? '/partners' : '/sign-up'}?partnerInvite=${encodeURIComponent(token)}`,
    days: PARTNER_INVITE_TTL_DAYS,
  });
  return { status: 'invited' as const, email };
}

function toEntry(row: { p: PartnershipRow; brandName: string | null; brandLogo: string | null }, now: Date): TPartnerPoolEntry {
  const { p } = row;
  // The brand is named once it accepted, or when the row was set up without an email invitation (the demo seed), never
  // while merely invited: a pending or withdrawn invitation says nothing about whether the email has a brand.
  const accepted = p.status === 'approved' || p.invitedAt === null || (p.status === 'removed' && p.respondedAt !== null);
  return {
    id: p.id,
    status: p.status as TPartnerPoolStatus,
    brandId: accepted ? p.partnerBrandId : null,
    brandName: accepted ? row.brandName : null,
    brandLogoUrl: accepted ? row.brandLogo : null,
    invitedEmail: p.invitedEmail,
    expired: p.status === 'pending' && isExpired(p, now),
    invitedAt: iso(p.invitedAt),
    respondedAt: iso(p.respondedAt),
    removedAt: iso(p.removedAt),
  };
}

/** The retailer's pool: every invitation and partner with its state. */
export async function getPartnerPool({ db, actor }: { db: Db; actor: RequestActor }) {
  requirePermission(actor, 'partner:read');
  await requireRetailer(db, actor.brandId);
  const now = new Date();
  return { items: (await listPool(db, actor.brandId)).map((r) => toEntry(r, now)) };
}

/**
 * The retailer takes a partner out of its pool (or withdraws a pending invitation). The partner select stops
 * offering it; shared campaigns it already joined keep it. Re-inviting puts it back to pending.
 */
export async function removePartner({ db, actor, id }: { db: Db; actor: RequestActor; id: number }) {
  requirePermission(actor, 'partner:manage');
  return db.transaction(async (tx) => {
    const retailer = await requireRetailer(tx, actor.brandId);
    const row = await findOwnPoolRow(tx, actor.brandId, id);
    if (!row) throw notFound('Partner');
    if (row.status !== 'approved' && row.status !== 'pending') {
      throw conflict(PARTNER_POOL_MESSAGES.notRemovable, ERROR_CODES.illegalTransition, [{ path: 'id', message: PARTNER_POOL_MESSAGES.notRemovable }]);
    }
    const saved = await updatePoolRow(tx, row.id, { status: 'removed', removedAt: new Date(), removedBy: actor.userId, tokenHash: null });
    const partner = row.partnerBrandId ? await findBrand(tx, row.partnerBrandId) : undefined;
    const change = [{ field: 'status', old: row.status, new: 'removed' }];
    const wasApproved = row.status === 'approved';
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'partner.removed',
      subject: wasApproved && partner ? { type: 'brand', id: partner.id, label: partner.name } : { type: 'partner_invitation', id: row.id, label: row.invitedEmail },
      changes: change,
    });
    if (partner) {
      await recordActivity(tx, { brandId: partner.id, actor: userActor(actor), action: 'partner.removed', subject: { type: 'brand', id: actor.brandId, label: retailer.name }, changes: change });
    }
    return toEntry({ p: saved, brandName: partner?.name ?? null, brandLogo: partner?.logo ?? null }, new Date());
  });
}

/**
 * Pending invitations addressed to the signed-in person's brand (when a brand is current) or to their verified email
 * (before any brand of theirs answered): what a new brand sees right after sign-up.
 */
export async function listMyPartnerInvitations({ db, user, brandId }: { db: Db; user: RequestUser; brandId: string | null }) {
  const email = await verifiedEmailOf(db, user.userId);
  const now = new Date();
  const rows = await listPendingInvitations(db, brandId, email);
  const items: TPartnerInvitation[] = rows
    .filter((r) => !isExpired(r.p, now))
    .map((r) => ({
      id: r.p.id,
      retailer: { brandId: r.p.brandId, brandName: r.retailerName, brandLogoUrl: r.retailerLogo },
      invitedEmail: r.p.invitedEmail,
      addressedTo: r.p.partnerBrandId ? ('brand' as const) : ('email' as const),
      invitedAt: iso(r.p.invitedAt),
      expiresAt: iso(r.p.expiresAt),
    }));
  return { items };
}

type Answer = 'accept' | 'decline';

/** Accepts or declines a locked, pending invitation for the actor's brand, on both brands' logs. */
async function answer(tx: Tx, actor: RequestActor, row: PartnershipRow, how: Answer) {
  if (row.brandId === actor.brandId) throw conflict(PARTNER_POOL_MESSAGES.ownBrand, ERROR_CODES.conflict, [{ path: 'id', message: PARTNER_POOL_MESSAGES.ownBrand }]);
  if (row.status !== 'pending') throw conflict(PARTNER_POOL_MESSAGES.answered, ERROR_CODES.illegalTransition, [{ path: 'id', message: PARTNER_POOL_MESSAGES.answered }]);
  if (isExpired(row)) throw conflict(PARTNER_POOL_MESSAGES.expired, ERROR_CODES.illegalTransition, [{ path: 'id', message: PARTNER_POOL_MESSAGES.expired }]);
  // An email invitation answered by a brand that already has a row with this retailer (removed, declined): one row
  // per pair stays; the older row's story is in both logs.
  const other = row.partnerBrandId === null ? await findOtherPoolRow(tx, row.brandId, actor.brandId, row.id) : undefined;
  const status: TPartnerPoolStatus = how === 'accept' ? 'approved' : 'declined';
  let saved: PartnershipRow;
  if (other?.status === 'approved') {
    // Already a partner: the invitation is used up either way, and the partnership stays as it is.
    await deletePoolRow(tx, row.id);
    saved = other;
  } else {
    if (other) await deletePoolRow(tx, other.id);
    saved = await updatePoolRow(tx, row.id, { partnerBrandId: actor.brandId, status, respondedAt: new Date(), respondedBy: actor.userId, tokenHash: null });
  }
  const [retailer, me] = await Promise.all([findBrand(tx, row.brandId), findBrand(tx, actor.brandId)]);
  const action = how === 'accept' ? 'partner.accepted' : 'partner.declined';
  const changes = [{ field: 'status', old: 'pending', new: status }];
  await recordActivity(tx, { brandId: row.brandId, actor: userActor(actor), action, subject: { type: 'brand', id: actor.brandId, label: me?.name ?? null }, changes });
  await recordActivity(tx, { brandId: actor.brandId, actor: userActor(actor), action, subject: { type: 'brand', id: row.brandId, label: retailer?.name ?? null }, changes });
  return { id: saved.id, status, retailerName: retailer?.name ?? '' };
}

/** The invited brand's owner or admin answers an invitation addressed to the brand or to their verified email. */
export async function answerPartnerInvitation({ db, actor, id, how }: { db: Db; actor: RequestActor; id: number; how: Answer }) {
  requirePermission(actor, 'partner:manage');
  const email = await verifiedEmailOf(db, actor.userId);
  return db.transaction(async (tx) => {
    const row = await findAddressedInvitation(tx, id, actor.brandId, email);
    // Someone else's invitation is not found, the same as one that does not exist.
    if (!row) throw notFound('Invitation');
    return answer(tx, actor, row, how);
  });
}

/**
 * Answers with the mailed link's token, for the brand the person manages now (a new brand right after sign-up).
 * The token is single use (cleared by the answer) and expires; one addressed to a given brand answers for it only.
 */
export async function answerPartnerInvitationByToken({ db, actor, token, how }: { db: Db; actor: RequestActor; token: string; how: Answer }) {
  requirePermission(actor, 'partner:manage');
  return db.transaction(async (tx) => {
    const row = await findByTokenHash(tx, hashPartnerToken(token));
    if (!row || (row.partnerBrandId !== null && row.partnerBrandId !== actor.brandId)) throw notFound('Invitation');
    return answer(tx, actor, row, how);
  });
}
