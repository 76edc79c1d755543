import type { TCurrentBrand, TCampaign, TCampaignList, TMe, TMemberRole, TRewardRead, TStatusSummary } from '@rally/domain';
import { permissionsForRole } from '@rally/domain';

export function brandFixture(overrides: Partial<TCurrentBrand> = {}): TCurrentBrand {
  return {
    id: 'brand-1',
    name: 'Acme Drinks',
    isRetailer: false,
    consumerEnabled: false,
    paymentPlan: 'prepaid',
    logoUrl: null,
    walletBalance: 0,
    currency: 'USD',
    smartReview: { enabled: false, pricePerScan: 0, currency: 'USD', plan: null },
    ...overrides,
  };
}

export function meFixture(brand: Partial<TCurrentBrand> = {}): TMe {
  const current = brandFixture(brand);
  return {
    user: { id: 'user-1', name: 'Olivia Owner', email: 'owner@brand.test' },
    brand: current,
    role: 'owner',
    permissions: permissionsForRole('owner'),
    brands: [{ ...current, role: 'owner' }],
  };
}

/** The session of a member with this role (its permissions from the domain's table). */
export function meAs(role: TMemberRole, brand: Partial<TCurrentBrand> = {}): TMe {
  const me = meFixture(brand);
  return { ...me, role, permissions: permissionsForRole(role), brands: [{ ...me.brand, role }] };
}

let nextId = 1;

export function campaignFixture(overrides: Partial<TCampaign> = {}): TCampaign {
  const id = overrides.id ?? nextId++;
  return {
    id,
    publicUid: `uid-${id}`,
    name: `Campaign ${id}`,
    type: 'general',
    status: 'draft',
    sharedCampaign: false,
    brandId: 'brand-1',
    finishCriteria: ['days_over'],
    startDate: null,
    endDate: null,
    timeZone: 'America/New_York',
    createdAt: 1_767_225_600, // 2026-01-01T00:00:00Z
    updatedAt: 1_767_225_600,
    completionProgress: 0,
    kpi: { reach: { groups: 0, stores: 0, users: 0 } },
    scope: { type: 'all', pks: [], countryCodes: [], selectedPlacesIds: [], selectedCountries: [] },
    version: 1,
    ...overrides,
  };
}

export function listFixture(items: TCampaign[], meta: Partial<TCampaignList['_meta']> = {}): TCampaignList {
  return {
    items,
    _meta: { totalCount: items.length, pageCount: items.length > 0 ? 1 : 0, currentPage: 1, perPage: 10, ...meta },
  };
}

export function summaryFixture(overrides: Partial<TStatusSummary> = {}): TStatusSummary {
  const counts = { draft: 0, scheduled: 0, rejected: 0, active: 0, ended: 0, ...overrides };
  return {
    ...counts,
    all: overrides.all ?? counts.draft + counts.scheduled + counts.rejected + counts.active + counts.ended,
  };
}

/** A campaign-wide money reward of campaign 5 ($10 each, $800 budget). */
export function rewardFixture(overrides: Partial<TRewardRead> = {}): TRewardRead {
  return {
    id: 21,
    bundleId: 5,
    type: 'money',
    key: null,
    title: '$10 for passing the quiz',
    autoTitle: null,
    description: '',
    isShared: false,
    filledByPartners: false,
    completionsToUnlock: 1,
    maxPerUser: 1,
    isUnlimited: false,
    scope: 'campaign',
    missionId: null,
    mission: null,
    itemsId: [],
    assignment: null,
    amount: 1_000,
    budget: 80_000,
    dynamicActive: false,
    dynamicAmounts: [],
    percentageDiscount: null,
    linkToShop: null,
    noFinePrint: true,
    finePrint: null,
    value: null,
    totalAvailable: null,
    imageUrl: null,
    imageArgs: null,
    endDate: null,
    partners: [],
    totalAllocatedBudget: 0,
    budgetPaid: 0,
    totalCodes: 0,
    availableCodes: 0,
    unlockedCodes: 0,
    ...overrides,
  };
}
