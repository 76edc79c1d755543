import { storedStaffRole, ZStaffInviteBody, type TLanguageCode, type TStaffMember } from '@rally/domain';
import type { z } from 'zod';
import { conflict, notFound } from '../../lib/app-error.js';
import { recordActivity, userActor } from '../activity/index.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import type { StaffDeps } from './staff-deps.js';
import { sendStaffInvitationMail } from './staff-invitation-mail.js';
import { toStaffMember } from './staff.mapper.js';
import {
  findBrandName,
  findStaffByEmail,
  findStaffMember,
  findStoreOfBrand,
  insertStaffMember,
  recountStoreUsers,
  updateStaffMember,
  type StaffMemberRow,
} from './staff.repository.js';

type InviteInput = z.output<typeof ZStaffInviteBody>;

const alreadyStaff = (storeName: string) =>
  conflict(`This address is already on the brand's staff, at ${storeName}: move that person instead`, undefined, [
    { path: 'email', message: `already on the staff, at ${storeName}` },
  ]);

/**
 * Adds one person to a store's staff and mails them the invitation to /play in their language (the one given, else
 * the inviter's). An address already on the brand's staff is a 409 naming their store: a person is one row per
 * brand, moved rather than added twice. The mail goes after the commit; a mail server that is down leaves the person
 * added (logged), and Resend sends it again.
 */
export async function inviteStaff(deps: StaffDeps, actor: RequestActor, input: InviteInput, inviterLanguage: TLanguageCode): Promise<TStaffMember> {
  requirePermission(actor, 'staff:manage');
  const locale = input.locale ?? inviterLanguage;
  const { row, storeName } = await deps.db.transaction(async (tx) => {
    const store = await findStoreOfBrand(tx, actor.brandId, input.storeId);
    if (!store) throw notFound('Store');
    const existing = await findStaffByEmail(tx, actor.brandId, input.email);
    if (existing) throw alreadyStaff(existing.storeName);
    const added = await insertStaffMember(tx, {
      brandId: actor.brandId,
      storeId: store.id,
      name: input.name,
      email: input.email,
      role: storedStaffRole(input.role),
      locale,
    });
    if (!added) throw alreadyStaff(store.name);
    const invited = await updateStaffMember(tx, actor.brandId, added.id, { invitedAt: new Date() });
    await recountStoreUsers(tx, [store.id]);
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'staff.invited',
      subject: { type: 'store_user', id: added.id, label: input.email },
      changes: [
        { field: 'store', old: null, new: store.name },
        { field: 'role', old: null, new: input.role },
      ],
    });
    return { row: invited, storeName: store.name };
  });
  await mailInvitation(deps, actor, row, storeName);
  return toStaffMember(row);
}

/** Mails the invitation again (same /play link: signing in needs no token) and notes when. */
export async function resendStaffInvitation(deps: StaffDeps, actor: RequestActor, id: number, inviterLanguage: TLanguageCode): Promise<TStaffMember> {
  requirePermission(actor, 'staff:manage');
  const found = await findStaffMember(deps.db, actor.brandId, id);
  if (!found) throw notFound('Staff member');
  if (!found.email) throw conflict('This person has no email address to invite', undefined, [{ path: 'id', message: 'no email address' }]);
  if (found.status !== 'active') throw conflict('Only active staff are invited; reactivate this person first', undefined, [{ path: 'id', message: `the person is ${found.status}` }]);
  const store = await findStoreOfBrand(deps.db, actor.brandId, found.storeId);
  const row = await updateStaffMember(deps.db, actor.brandId, id, { invitedAt: new Date(), ...(found.locale ? {} : { locale: inviterLanguage }) });
  await mailInvitation(deps, actor, row, store?.name ?? '');
  return toStaffMember(row);
}

async function mailInvitation(deps: StaffDeps, actor: RequestActor, row: StaffMemberRow, storeName: string) {
  try {
    await sendStaffInvitationMail(deps.mailer, {
      to: row.email!,
      lang: row.locale ?? 'en',
      name: row.name,
      inviterName: actor.userName,
      brandName: await findBrandName(deps.db, actor.brandId),
      storeName,
      publicUrl: deps.publicUrl,
    });
  } catch (error) {
    deps.log.error({ err: error, storeUserId: row.id }, 'staff invitation mail not sent');
  }
}
