import type { TErrorField } from '../shared/api-schemas.js';
import type { TCampaignType, TInviteStatus } from '../campaign/campaign-enums.js';
import type { TFillStatus, TRewardType } from '../reward/reward-enums.js';
import type { TPaymentPlan } from '../brand/brand-enums.js';

/** Partner-select and invite messages, as keys the web app translates (product rules R70–R76). */
export const PARTNER_MESSAGES = {
  selectPartner: 'select at least one partner',
  notApproved: 'not an approved partner brand',
  self: 'a brand cannot partner with itself',
  duplicate: 'listed twice',
  notShared: 'only a shared contest of a retailer takes partners',
  invitesOut: 'invites are out: partners can be changed once one of them has rejected',
  acceptedStays: 'an accepted partner stays on the campaign',
  acceptedTerms: 'a partner that accepted keeps the rewards and budget it accepted',
  notAPartner: 'not a partner of this campaign',
  budgetNeeded: 'a partner supplying a money reward needs a budget above 0',
  budgetOnlyMoney: 'a budget is proposed only for money rewards',
  notInvited: 'not invited to this campaign',
  alreadyAnswered: 'the invite is already answered',
  notSent: 'the invite is not sent yet',
  fillFirst: 'fill every reward assigned to you before accepting',
  needsAcceptedPartner: 'at least one partner must accept before launch',
  partnerRewardsPending: 'every partner reward must be filled before launch',
  progress: 'complete all sections before sending invites',
  noPartners: 'add a partner before sending invites',
} as const;

/** Only ACCEPTED invites count as partners (product rule R70). */
export const isAcceptedPartner = (status: TInviteStatus | null | undefined) => status === 'ACCEPTED';

/** Who may set partners: the retailer owner of a shared contest (product rule R71). */
export function canManagePartners(input: { type: TCampaignType; sharedCampaign: boolean; ownerIsRetailer: boolean; isOwner: boolean }): boolean {
  return input.isOwner && input.ownerIsRetailer && input.type === 'contest' && input.sharedCampaign;
}

/**
 * The partner select (spec §5): at least one partner, each an approved partner of the retailer,
 * never the retailer itself, none twice.
 */
export function partnerSelectErrors(partnersId: readonly string[], ctx: { approvedIds: ReadonlySet<string>; ownBrandId: string }): TErrorField[] {
  if (partnersId.length === 0) return [{ path: 'partnersId', message: PARTNER_MESSAGES.selectPartner }];
  const fields: TErrorField[] = [];
  const seen = new Set<string>();
  partnersId.forEach((id, i) => {
    if (id === ctx.ownBrandId) fields.push({ path: `partnersId.${i}`, message: PARTNER_MESSAGES.self });
    else if (seen.has(id)) fields.push({ path: `partnersId.${i}`, message: PARTNER_MESSAGES.duplicate });
    else if (!ctx.approvedIds.has(id)) fields.push({ path: `partnersId.${i}`, message: PARTNER_MESSAGES.notApproved });
    seen.add(id);
  });
  return fields;
}

/**
 * Changing the partner set (spec §6): free until invites go out; once they are out, only when a
 * partner rejected ("change the bundle"), and an accepted partner is never dropped.
 */
export function partnerChangeErrors(current: readonly { brandId: string; inviteStatus: TInviteStatus | null }[], next: readonly string[]): TErrorField[] {
  const sent = current.some((p) => p.inviteStatus !== null);
  const rejected = current.some((p) => p.inviteStatus === 'REJECTED');
  const fields: TErrorField[] = [];
  const nextSet = new Set(next);
  const unchanged = current.length === nextSet.size && current.every((p) => nextSet.has(p.brandId));
  if (sent && !rejected && !unchanged) fields.push({ path: 'partnersId', message: PARTNER_MESSAGES.invitesOut });
  for (const p of current) {
    if (p.inviteStatus === 'ACCEPTED' && !nextSet.has(p.brandId)) fields.push({ path: 'partnersId', message: PARTNER_MESSAGES.acceptedStays });
  }
  return fields;
}

/**
 * What a partner accepted is fixed (R71): the rewards it supplies and its budget for each stay as they were when
 * it accepted, and it is given no new reward to supply. Checked against the supplies a save sends; rewards the
 * save leaves out keep their supply.
 */
export function acceptedTermsErrors(
  supplies: readonly RewardSupplyInput[],
  accepted: { brandIds: ReadonlySet<string>; entries: readonly { rewardId: number; brandId: string; budget: number }[] },
): TErrorField[] {
  const fields: TErrorField[] = [];
  supplies.forEach((s, i) => {
    const kept = s.suppliedBy === 'partners' ? s.partners : [];
    for (const entry of accepted.entries.filter((e) => e.rewardId === s.rewardId && accepted.brandIds.has(e.brandId))) {
      const now = kept.find((p) => p.brandId === entry.brandId);
      if (!now || now.budget !== entry.budget) fields.push({ path: `rewards.${i}.partners`, message: PARTNER_MESSAGES.acceptedTerms });
    }
    kept.forEach((p, j) => {
      const isNew = !accepted.entries.some((e) => e.rewardId === s.rewardId && e.brandId === p.brandId);
      if (accepted.brandIds.has(p.brandId) && isNew) fields.push({ path: `rewards.${i}.partners.${j}.brandId`, message: PARTNER_MESSAGES.acceptedTerms });
    });
  });
  return fields;
}

export interface RewardSupplyInput {
  rewardId: number;
  suppliedBy: 'self' | 'partners';
  partners: { brandId: string; budget: number }[];
}

/**
 * Who supplies each reward (spec §6): the retailer itself, or named partners of the campaign;
 * a partner supplying a money reward has a proposed budget above 0, other types carry none.
 */
export function rewardSupplyErrors(
  supplies: readonly RewardSupplyInput[],
  ctx: { partnerIds: ReadonlySet<string>; rewardTypes: ReadonlyMap<number, TRewardType> },
): TErrorField[] {
  const fields: TErrorField[] = [];
  supplies.forEach((s, i) => {
    const type = ctx.rewardTypes.get(s.rewardId);
    if (!type) {
      fields.push({ path: `rewards.${i}.rewardId`, message: 'not a reward of this campaign' });
      return;
    }
    if (s.suppliedBy === 'partners' && s.partners.length === 0) fields.push({ path: `rewards.${i}.partners`, message: PARTNER_MESSAGES.selectPartner });
    s.partners.forEach((p, j) => {
      if (!ctx.partnerIds.has(p.brandId)) fields.push({ path: `rewards.${i}.partners.${j}.brandId`, message: PARTNER_MESSAGES.notAPartner });
      if (type === 'money' && p.budget <= 0) fields.push({ path: `rewards.${i}.partners.${j}.budget`, message: PARTNER_MESSAGES.budgetNeeded });
      if (type !== 'money' && p.budget > 0) fields.push({ path: `rewards.${i}.partners.${j}.budget`, message: PARTNER_MESSAGES.budgetOnlyMoney });
    });
  });
  return fields;
}

export type InviteAnswer = 'accept' | 'reject';

/**
 * Whether the invited brand may answer now (spec §4, §6): only a SENT invite is answered, once;
 * accepting needs every reward assigned to the brand filled.
 */
export function inviteAnswerProblem(input: {
  inviteStatus: TInviteStatus | null;
  answer: InviteAnswer;
  assignedFill: readonly TFillStatus[];
}): string | null {
  if (input.inviteStatus === null) return PARTNER_MESSAGES.notSent;
  if (input.inviteStatus !== 'SENT') return PARTNER_MESSAGES.alreadyAnswered;
  if (input.answer === 'accept' && input.assignedFill.some((f) => f !== 'filled')) return PARTNER_MESSAGES.fillFirst;
  return null;
}

/** A partner's share of a campaign: the budgets proposed to it on money rewards, in cents. */
export function partnerShareCents(assigned: readonly { type: TRewardType; budget: number; paid?: number }[]): { budget: number; unpaid: number } {
  const money = assigned.filter((a) => a.type === 'money');
  const budget = money.reduce((sum, a) => sum + a.budget, 0);
  const unpaid = money.reduce((sum, a) => sum + Math.max(0, a.budget - (a.paid ?? 0)), 0);
  return { budget, unpaid };
}

/**
 * The wallet check behind "accept and pay" (spec §4): a prepaid brand's wallet must cover its
 * share, or `dueCents` is what the payment form has to add; postpaid brands skip the check.
 */
export function walletShortBy(plan: TPaymentPlan, balanceCents: number, dueCents: number): number {
  if (plan === 'postpaid' || dueCents <= 0) return 0;
  return Math.max(0, dueCents - balanceCents);
}

/** A shared campaign launches with ≥ 1 accepted partner and every partner reward filled (product rule R75). */
export function sharedLaunchErrors(input: {
  partners: readonly { inviteStatus: TInviteStatus | null }[];
  rewards: readonly { id: number; filledByPartners: boolean; partners: readonly { fillStatus: TFillStatus }[] }[];
}): TErrorField[] {
  const fields: TErrorField[] = [];
  if (!input.partners.some((p) => isAcceptedPartner(p.inviteStatus))) fields.push({ path: 'partners', message: PARTNER_MESSAGES.needsAcceptedPartner });
  for (const r of input.rewards) {
    if (r.filledByPartners && (r.partners.length === 0 || r.partners.some((p) => p.fillStatus !== 'filled'))) {
      fields.push({ path: `rewards.${r.id}`, message: PARTNER_MESSAGES.partnerRewardsPending });
    }
  }
  return fields;
}

export interface LaunchSlice {
  brandId: string;
  paymentPlan: TPaymentPlan;
  /** Unpaid cents this brand owes the campaign, per reward. */
  rewards: { rewardId: number; cents: number }[];
}

/**
 * Which wallet pays what at launch (product rule R76): the owner its own money rewards, each
 * accepted partner its accepted budgets. Prepaid slices are debited; postpaid ones are invoiced.
 */
export function launchSlices(input: {
  owner: { brandId: string; paymentPlan: TPaymentPlan };
  rewards: readonly {
    id: number;
    type: TRewardType;
    filledByPartners: boolean;
    budgetCents: number | null;
    budgetPaidCents: number;
    partners: readonly { brandId: string; budget: number; paid: number }[];
  }[];
  partners: readonly { brandId: string; inviteStatus: TInviteStatus | null; paymentPlan: TPaymentPlan }[];
}): LaunchSlice[] {
  const slices = new Map<string, LaunchSlice>();
  const slice = (brandId: string, paymentPlan: TPaymentPlan) => {
    let s = slices.get(brandId);
    if (!s) slices.set(brandId, (s = { brandId, paymentPlan, rewards: [] }));
    return s;
  };
  const accepted = new Map(input.partners.filter((p) => isAcceptedPartner(p.inviteStatus)).map((p) => [p.brandId, p]));
  for (const r of input.rewards) {
    if (r.type !== 'money') continue;
    if (!r.filledByPartners) {
      const cents = Math.max(0, (r.budgetCents ?? 0) - r.budgetPaidCents);
      if (cents > 0) slice(input.owner.brandId, input.owner.paymentPlan).rewards.push({ rewardId: r.id, cents });
      continue;
    }
    for (const p of r.partners) {
      const partner = accepted.get(p.brandId);
      const cents = Math.max(0, p.budget - p.paid);
      if (partner && cents > 0) slice(p.brandId, partner.paymentPlan).rewards.push({ rewardId: r.id, cents });
    }
  }
  return [...slices.values()];
}

export const sliceTotal = (s: LaunchSlice) => s.rewards.reduce((sum, r) => sum + r.cents, 0);

/**
 * What a brand viewing someone else's shared campaign sees of its rewards (spec §6): every
 * partner sees only its own partner entry (budget); a retailer that is itself a partner sees only
 * the shared rewards it fills.
 */
export function rewardsForViewer<R extends { filledByPartners: boolean; partners: readonly { brandId: string }[] }>(
  rewards: readonly R[],
  viewer: { brandId: string; isRetailer: boolean },
): R[] {
  const own = rewards.map((r) => ({ ...r, partners: r.partners.filter((p) => p.brandId === viewer.brandId) }));
  return viewer.isRetailer ? own.filter((r) => r.filledByPartners && r.partners.length > 0) : own;
}

/** Rewards split by ownership in campaign-view (spec §6): the owner's, and the ones partners supply. */
export function splitByOwnership<R extends { filledByPartners: boolean }>(rewards: readonly R[]): { own: R[]; partners: R[] } {
  return { own: rewards.filter((r) => !r.filledByPartners), partners: rewards.filter((r) => r.filledByPartners) };
}
