import type {
  TPlayCampaignDetail,
  TPlayCampaignSummary,
  TPlayMission,
  TPlayReward,
  TPlaySession,
  TPlayUnlock,
} from '@rally/domain';

export const sessionFixture = (): TPlaySession => ({
  participant: {
    kind: 'store_user',
    id: 41,
    name: 'Sam Seller',
    email: 'sam@brightside-staff.test',
    brandId: 'b1',
    brandName: 'Brightside',
    brandCurrency: 'USD',
    storeId: 7,
    storeName: 'Downtown',
    countryCode: 'US',
    language: null,
    timeZone: null,
  },
});

export const summaryFixture = (over: Partial<TPlayCampaignSummary> = {}): TPlayCampaignSummary => ({
  id: 5,
  name: 'Spring cooler push',
  type: 'general',
  status: 'active',
  sharedCampaign: false,
  startDate: 1_772_373_600,
  endDate: 1_774_965_600,
  timeZone: 'America/New_York',
  missionCount: 3,
  rewardCount: 1,
  myCompletions: 0,
  myUnlocks: 0,
  ...over,
});

export const missionFixture = (over: Partial<TPlayMission> = {}): TPlayMission => ({
  campaignMissionId: 11,
  missionId: 101,
  title: 'Cooler quiz',
  description: 'Three questions about the new cooler.',
  imageUrl: null,
  type: 'learning',
  subtype: 'standard',
  order: 1,
  submissionKind: 'learning',
  items: [
    {
      kind: 'question',
      id: 1,
      title: 'Best shelf height?',
      options: [
        { id: 'a', text: 'Eye level' },
        { id: 'b', text: 'Floor' },
      ],
    },
    {
      kind: 'question',
      id: 2,
      title: 'Cooler temperature?',
      options: [
        { id: 'a', text: '4 °C' },
        { id: 'b', text: '15 °C' },
      ],
    },
  ],
  passingGrade: 2,
  receiptRequired: false,
  maxEntriesPerUser: 3,
  maxEntriesPerStore: null,
  entriesLeft: 3,
  myCompletions: { accepted: 0, pending: 0, rejected: 0 },
  lastRejection: null,
  contest: null,
  ...over,
});

export const formMission = (): TPlayMission =>
  missionFixture({
    campaignMissionId: 12,
    title: 'Shelf check',
    type: 'general',
    submissionKind: 'general',
    passingGrade: null,
    items: [
      { kind: 'field', id: 21, title: 'Facings count', fieldType: 'number', required: true, choices: [] },
      { kind: 'field', id: 22, title: 'Placement', fieldType: 'choice', required: true, choices: ['Front', 'Back'] },
      { kind: 'field', id: 23, title: 'Comment', fieldType: 'text', required: false, choices: [] },
    ],
  });

export const saleMission = (): TPlayMission =>
  missionFixture({
    campaignMissionId: 13,
    title: 'Sell the cooler',
    type: 'general',
    subtype: 'itemSold',
    submissionKind: 'itemSold',
    passingGrade: null,
    receiptRequired: true,
    entriesLeft: null,
    maxEntriesPerUser: null,
    items: [
      { kind: 'option', id: 31, title: 'Cooler XL', sku: 'CXL-1' },
      { kind: 'option', id: 32, title: 'Cooler S', sku: null },
    ],
  });

export const rewardFixture = (over: Partial<TPlayReward> = {}): TPlayReward => ({
  id: 61,
  type: 'discount',
  title: '20% off your next order',
  description: '',
  imageUrl: null,
  scope: 'campaign',
  campaignMissionId: null,
  amountCents: null,
  percentageDiscount: 20,
  valueCents: null,
  completionsToUnlock: 2,
  maxPerUser: 1,
  isUnlimited: false,
  codesLeft: 480,
  budgetLeftCents: null,
  prizesLeft: null,
  myProgress: { accepted: 1, needed: 2 },
  myUnlocked: 0,
  canStillUnlock: true,
  ...over,
});

export const detailFixture = (
  missions: TPlayMission[] = [missionFixture(), formMission(), saleMission()],
): TPlayCampaignDetail => ({
  campaign: summaryFixture({ missionCount: missions.length }),
  missions,
  rewards: [rewardFixture()],
});

export const unlockFixture = (over: Partial<TPlayUnlock> = {}): TPlayUnlock => ({
  unlockId: 901,
  campaignId: 5,
  campaignName: 'Spring cooler push',
  rewardId: 61,
  type: 'discount',
  title: '20% off your next order',
  status: 'issued',
  code: 'SPRING-7Q2X',
  amountCents: null,
  linkToShop: null,
  finePrint: null,
  completionId: 77,
  createdAt: 1_772_400_000,
  prizeForm: null,
  ...over,
});
