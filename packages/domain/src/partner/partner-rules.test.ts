import { describe, expect, it } from 'vitest';
import {
  acceptedTermsErrors,
  canManagePartners,
  inviteAnswerProblem,
  isAcceptedPartner,
  launchSlices,
  PARTNER_MESSAGES,
  partnerChangeErrors,
  partnerSelectErrors,
  partnerShareCents,
  rewardsForViewer,
  rewardSupplyErrors,
  sharedLaunchErrors,
  sliceTotal,
  splitByOwnership,
  walletShortBy,
} from './partner-rules.js';
import { ZBundlePartnerCreateBody } from './partner.schema.js';

describe('partners of a shared campaign', () => {
  it('counts only ACCEPTED invites as partners', () => {
    expect(isAcceptedPartner('ACCEPTED')).toBe(true);
    expect(isAcceptedPartner('SENT')).toBe(false);
    expect(isAcceptedPartner('REJECTED')).toBe(false);
    expect(isAcceptedPartner(null)).toBe(false);
  });

  it('lets only the retailer owner of a shared contest manage partners', () => {
    const base = { type: 'contest' as const, sharedCampaign: true, ownerIsRetailer: true, isOwner: true };
    expect(canManagePartners(base)).toBe(true);
    expect(canManagePartners({ ...base, isOwner: false })).toBe(false);
    expect(canManagePartners({ ...base, ownerIsRetailer: false })).toBe(false);
    expect(canManagePartners({ ...base, sharedCampaign: false })).toBe(false);
    expect(canManagePartners({ ...base, type: 'general' })).toBe(false);
  });

  it('needs at least one approved partner, never itself, none twice', () => {
    const ctx = { approvedIds: new Set(['peak', 'bright']), ownBrandId: 'metro' };
    expect(partnerSelectErrors([], ctx)).toEqual([{ path: 'partnersId', message: PARTNER_MESSAGES.selectPartner }]);
    expect(partnerSelectErrors(['peak', 'bright'], ctx)).toEqual([]);
    expect(partnerSelectErrors(['peak', 'peak', 'metro', 'stranger'], ctx)).toEqual([
      { path: 'partnersId.1', message: PARTNER_MESSAGES.duplicate },
      { path: 'partnersId.2', message: PARTNER_MESSAGES.self },
      { path: 'partnersId.3', message: PARTNER_MESSAGES.notApproved },
    ]);
  });

  it('freezes the partner set once invites are out, until one partner rejects; accepted partners stay', () => {
    expect(partnerChangeErrors([{ brandId: 'a', inviteStatus: null }], ['b'])).toEqual([]);
    expect(partnerChangeErrors([{ brandId: 'a', inviteStatus: 'SENT' }], ['a'])).toEqual([]);
    expect(partnerChangeErrors([{ brandId: 'a', inviteStatus: 'SENT' }], ['a', 'b'])).toEqual([{ path: 'partnersId', message: PARTNER_MESSAGES.invitesOut }]);
    const answered = [
      { brandId: 'a', inviteStatus: 'ACCEPTED' as const },
      { brandId: 'b', inviteStatus: 'REJECTED' as const },
    ];
    expect(partnerChangeErrors(answered, ['a', 'c'])).toEqual([]);
    expect(partnerChangeErrors(answered, ['c'])).toEqual([{ path: 'partnersId', message: PARTNER_MESSAGES.acceptedStays }]);
  });

  it('checks who supplies each reward and the proposed budgets', () => {
    const ctx = { partnerIds: new Set(['peak']), rewardTypes: new Map([[1, 'money' as const], [2, 'discount' as const]]) };
    expect(rewardSupplyErrors([{ rewardId: 1, suppliedBy: 'partners', partners: [{ brandId: 'peak', budget: 5000 }] }], ctx)).toEqual([]);
    expect(rewardSupplyErrors([{ rewardId: 2, suppliedBy: 'self', partners: [] }], ctx)).toEqual([]);
    expect(
      rewardSupplyErrors(
        [
          { rewardId: 1, suppliedBy: 'partners', partners: [{ brandId: 'peak', budget: 0 }] },
          { rewardId: 2, suppliedBy: 'partners', partners: [{ brandId: 'other', budget: 100 }] },
          { rewardId: 9, suppliedBy: 'self', partners: [] },
          { rewardId: 2, suppliedBy: 'partners', partners: [] },
        ],
        ctx,
      ),
    ).toEqual([
      { path: 'rewards.0.partners.0.budget', message: PARTNER_MESSAGES.budgetNeeded },
      { path: 'rewards.1.partners.0.brandId', message: PARTNER_MESSAGES.notAPartner },
      { path: 'rewards.1.partners.0.budget', message: PARTNER_MESSAGES.budgetOnlyMoney },
      { path: 'rewards.2.rewardId', message: 'not a reward of this campaign' },
      { path: 'rewards.3.partners', message: PARTNER_MESSAGES.selectPartner },
    ]);
  });

  it('answers an invite once, and accepts only when every assigned reward is filled', () => {
    expect(inviteAnswerProblem({ inviteStatus: 'SENT', answer: 'accept', assignedFill: ['filled'] })).toBeNull();
    expect(inviteAnswerProblem({ inviteStatus: 'SENT', answer: 'accept', assignedFill: [] })).toBeNull();
    expect(inviteAnswerProblem({ inviteStatus: 'SENT', answer: 'accept', assignedFill: ['filled', 'pending'] })).toBe(PARTNER_MESSAGES.fillFirst);
    expect(inviteAnswerProblem({ inviteStatus: 'SENT', answer: 'reject', assignedFill: ['pending'] })).toBeNull();
    expect(inviteAnswerProblem({ inviteStatus: 'ACCEPTED', answer: 'accept', assignedFill: [] })).toBe(PARTNER_MESSAGES.alreadyAnswered);
    expect(inviteAnswerProblem({ inviteStatus: 'REJECTED', answer: 'accept', assignedFill: [] })).toBe(PARTNER_MESSAGES.alreadyAnswered);
    expect(inviteAnswerProblem({ inviteStatus: null, answer: 'reject', assignedFill: [] })).toBe(PARTNER_MESSAGES.notSent);
  });

  it("sums a partner's share over its money rewards only", () => {
    expect(partnerShareCents([{ type: 'money', budget: 5000, paid: 1000 }, { type: 'discount', budget: 0 }, { type: 'money', budget: 2500 }])).toEqual({ budget: 7500, unpaid: 6500 });
  });

  it('asks a prepaid wallet for what it lacks; postpaid skips the check', () => {
    expect(walletShortBy('prepaid', 10_000, 7_500)).toBe(0);
    expect(walletShortBy('prepaid', 2_000, 7_500)).toBe(5_500);
    expect(walletShortBy('postpaid', 0, 7_500)).toBe(0);
  });

  it('launches a shared campaign with an accepted partner and every partner reward filled', () => {
    const filled = { id: 1, filledByPartners: true, partners: [{ fillStatus: 'filled' as const }] };
    expect(sharedLaunchErrors({ partners: [{ inviteStatus: 'ACCEPTED' }, { inviteStatus: 'REJECTED' }], rewards: [filled] })).toEqual([]);
    expect(sharedLaunchErrors({ partners: [{ inviteStatus: 'SENT' }], rewards: [filled] })).toEqual([{ path: 'partners', message: PARTNER_MESSAGES.needsAcceptedPartner }]);
    expect(
      sharedLaunchErrors({ partners: [{ inviteStatus: 'ACCEPTED' }], rewards: [{ id: 2, filledByPartners: true, partners: [{ fillStatus: 'pending' }] }] }),
    ).toEqual([{ path: 'rewards.2', message: PARTNER_MESSAGES.partnerRewardsPending }]);
  });

  it('gives each brand its own slice: the owner its own money rewards, each accepted partner its budget', () => {
    const slices = launchSlices({
      owner: { brandId: 'metro', paymentPlan: 'prepaid' },
      rewards: [
        { id: 1, type: 'money', filledByPartners: false, budgetCents: 10_000, budgetPaidCents: 4_000, partners: [] },
        {
          id: 2,
          type: 'money',
          filledByPartners: true,
          budgetCents: 9_000,
          budgetPaidCents: 0,
          partners: [
            { brandId: 'peak', budget: 5_000, paid: 0 },
            { brandId: 'bright', budget: 4_000, paid: 0 },
          ],
        },
        { id: 3, type: 'discount', filledByPartners: true, budgetCents: null, budgetPaidCents: 0, partners: [{ brandId: 'peak', budget: 0, paid: 0 }] },
      ],
      partners: [
        { brandId: 'peak', inviteStatus: 'ACCEPTED', paymentPlan: 'postpaid' },
        { brandId: 'bright', inviteStatus: 'REJECTED', paymentPlan: 'prepaid' },
      ],
    });
    expect(slices).toEqual([
      { brandId: 'metro', paymentPlan: 'prepaid', rewards: [{ rewardId: 1, cents: 6_000 }] },
      { brandId: 'peak', paymentPlan: 'postpaid', rewards: [{ rewardId: 2, cents: 5_000 }] },
    ]);
    expect(slices.map(sliceTotal)).toEqual([6_000, 5_000]);
  });

  it('shows a partner only its own budget, and a retailer partner only the shared rewards it fills', () => {
    const rewards = [
      { id: 1, filledByPartners: false, partners: [] },
      { id: 2, filledByPartners: true, partners: [{ brandId: 'peak' }, { brandId: 'bright' }] },
      { id: 3, filledByPartners: true, partners: [{ brandId: 'bright' }] },
    ];
    expect(rewardsForViewer(rewards, { brandId: 'peak', isRetailer: false }).map((r) => [r.id, r.partners.length])).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
    ]);
    expect(rewardsForViewer(rewards, { brandId: 'peak', isRetailer: true }).map((r) => r.id)).toEqual([2]);
    expect(splitByOwnership(rewards)).toEqual({ own: [rewards[0]], partners: [rewards[1], rewards[2]] });
  });

  it('refuses unknown fields and a negative budget in the create call', () => {
    expect(ZBundlePartnerCreateBody.safeParse({ bundleId: 1, partnersId: ['a'] }).success).toBe(true);
    expect(ZBundlePartnerCreateBody.safeParse({ bundleId: 1, partnersId: ['a'], extra: 1 }).success).toBe(false);
    expect(
      ZBundlePartnerCreateBody.safeParse({ bundleId: 1, partnersId: ['a'], rewards: [{ rewardId: 1, suppliedBy: 'partners', partners: [{ brandId: 'a', budget: -1 }] }] })
        .success,
    ).toBe(false);
  });

  it('keeps what an accepted partner accepted: its rewards and budgets, and no new reward for it', () => {
    const accepted = { brandIds: new Set(['peak']), entries: [{ rewardId: 1, brandId: 'peak', budget: 5_000 }, { rewardId: 1, brandId: 'bright', budget: 3_000 }] };
    const same = [{ rewardId: 1, suppliedBy: 'partners' as const, partners: [{ brandId: 'peak', budget: 5_000 }, { brandId: 'summit', budget: 3_000 }] }];
    expect(acceptedTermsErrors(same, accepted)).toEqual([]);
    expect(acceptedTermsErrors([{ rewardId: 1, suppliedBy: 'partners', partners: [{ brandId: 'peak', budget: 4_000 }] }], accepted)).toEqual([
      { path: 'rewards.0.partners', message: PARTNER_MESSAGES.acceptedTerms },
    ]);
    expect(acceptedTermsErrors([{ rewardId: 1, suppliedBy: 'self', partners: [] }], accepted)).toEqual([{ path: 'rewards.0.partners', message: PARTNER_MESSAGES.acceptedTerms }]);
    expect(acceptedTermsErrors([{ rewardId: 2, suppliedBy: 'partners', partners: [{ brandId: 'peak', budget: 100 }] }], accepted)).toEqual([
      { path: 'rewards.0.partners.0.brandId', message: PARTNER_MESSAGES.acceptedTerms },
    ]);
  });
});
