import { ERROR_CODES, INVITATION_TTL_DAYS, INVITATIONS_PER_DAY, mayGrantRole, type TMemberRole } from '@rally/domain';
import { appError, conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { MailLanguage } from '../../lib/email-template.js';
import { recordActivity, userActor } from '../activity/index.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { sendInvitationMail } from './invitation-mail.js';
import { newInvitationToken } from './invitation-token.js';
import { toInvitation } from './list-team.js';
import {
  findBrandName,
  findInvitation,
  findPendingInvitation,
  insertInvitation,
  isMemberByEmail,
  lockBrand,
  renewInvitation,
  takeDailyUnit,
  type InvitationRow,
} from './team.repository.js';
import type { TeamDeps } from './team-deps.js';

const expiry = () => new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);

const tooManyMails = () =>
  appError(
    ERROR_CODES.rateLimited,
    `This brand sent ${INVITATIONS_PER_DAY} invitations today; try again tomorrow`,
    [],
    { 'retry-after': String(secondsToUtcMidnight()) },
  );

export function secondsToUtcMidnight(now = new Date()): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/**
 * Invites an address with a role. The answer is the same whether or not the address has a Rally account (the inviter
 * learns only "invited"); an address already in this brand's team is a 409, as the team list shows it anyway.
 * Inviting an address with an open invitation sends that invitation anew (new link, new role, 7 more days).
 */
export async function inviteMember(
  deps: TeamDeps,
  actor: RequestActor,
  input: { email: string; role: TMemberRole },
  lang: MailLanguage,
) {
  requirePermission(actor, 'team:manage');
  if (!mayGrantRole(actor.role, input.role)) throw forbidden('Only an owner may invite an owner');
  const email = input.email.trim().toLowerCase();
  const { token, tokenHash } = newInvitationToken();
  const { row, brandName } = await deps.db.transaction(async (tx) => {
    const brand = await lockBrand(tx, actor.brandId);
    if (!brand) throw notFound('Brand');
    if (await isMemberByEmail(tx, actor.brandId, email)) {
      throw conflict('This address is already a member of the brand', ERROR_CODES.conflict, [
        { path: 'email', message: 'already a member of this brand' },
      ]);
    }
    if (!(await takeDailyUnit(tx, 'invitation_sent', actor.brandId, INVITATIONS_PER_DAY))) throw tooManyMails();
    const open = await findPendingInvitation(tx, actor.brandId, email);
    const values = { role: input.role, inviterId: actor.userId, tokenHash, expiresAt: expiry() };
    const saved = open
      ? await renewInvitation(tx, open.id, values)
      : await insertInvitation(tx, { brandId: actor.brandId, email, ...values });
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'member.invited',
      subject: { type: 'invitation', id: saved.id, label: email },
      changes: [{ field: 'role', old: open?.role ?? null, new: input.role }],
    });
    return { row: saved, brandName: brand.name };
  });
  await mail(deps, row, token, actor.userName, brandName, lang);
  return toInvitation(row, actor.userName);
}

/** Sends an open (or expired) invitation again with a new link; the old link stops working. */
export async function resendInvitation(deps: TeamDeps, actor: RequestActor, invitationId: string, lang: MailLanguage) {
  requirePermission(actor, 'team:manage');
  const { token, tokenHash } = newInvitationToken();
  const row = await deps.db.transaction(async (tx) => {
    await lockBrand(tx, actor.brandId);
    const found = await findInvitation(tx, actor.brandId, invitationId);
    if (!found) throw notFound('Invitation');
    if (found.status !== 'pending')
      throw conflict(
        `This invitation was ${found.status === 'accepted' ? 'accepted' : 'revoked'}; invite the address again`,
      );
    const role = (found.role ?? 'campaign_manager') as TMemberRole;
    if (!mayGrantRole(actor.role, role)) throw forbidden('Only an owner may invite an owner');
    if (!(await takeDailyUnit(tx, 'invitation_sent', actor.brandId, INVITATIONS_PER_DAY))) throw tooManyMails();
    const saved = await renewInvitation(tx, found.id, {
      role,
      inviterId: actor.userId,
      tokenHash,
      expiresAt: expiry(),
    });
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'invitation.resent',
      subject: { type: 'invitation', id: saved.id, label: saved.email },
    });
    return saved;
  });
  await mail(deps, row, token, actor.userName, (await findBrandName(deps.db, actor.brandId)) ?? '', lang);
  return toInvitation(row, actor.userName);
}

async function mail(
  deps: TeamDeps,
  row: InvitationRow,
  token: string,
  inviterName: string,
  brandName: string,
  lang: MailLanguage,
) {
  // The invitation is saved whatever the mail server says: a failed send is logged, not answered as a 500, and the
  // inviter's Resend mails a new link. (The link's token exists only here and in the mail, never in a job's data.)
  try {
    await sendInvitationMail(deps.mailer, {
      to: row.email,
      lang,
      inviterName,
      brandName,
      role: (row.role ?? 'campaign_manager') as TMemberRole,
      url: `${deps.publicUrl.replace(/\/$/, '')}/invitations/${token}`,
      days: INVITATION_TTL_DAYS,
    });
  } catch (error) {
    deps.log.error({ err: error, invitationId: row.id }, 'the invitation mail could not be sent');
  }
}
