import { describe, expect, it } from 'vitest';
import { computeProgress, type ProgressInput, type ProgressReward } from './compute-progress.js';

const mission = (missionId: number, isCompleteFill = true) => ({ missionId, isCompleteFill });
const reward = (over: Partial<ProgressReward> = {}): ProgressReward => ({
  scope: 'campaign',
  missionId: null,
  filledByPartners: false,
  partners: [],
  ...over,
});
const base: ProgressInput = {
  mode: 'builder',
  type: 'general',
  sharedCampaign: false,
  name: 'Spring',
  missions: [mission(1)],
  rewards: [reward()],
  partners: [],
  viewer: { brandId: 'me', isRetailer: false },
};

describe('computeProgress — regular campaigns (3 steps, 4 when shared)', () => {
  it.each<[string, Partial<ProgressInput>, number, number]>([
    ['everything set', {}, 100, 3],
    ['no name', { name: '  ' }, 67, 3],
    ['no missions', { missions: [] }, 67, 3],
    ['an incomplete mission', { missions: [mission(1), mission(2, false)] }, 67, 3],
    ['no rewards', { rewards: [] }, 67, 3],
    ['nothing', { name: '', missions: [], rewards: [] }, 0, 3],
    ['shared without partners', { type: 'contest', sharedCampaign: true }, 75, 4],
    ['shared with a partner', { type: 'contest', sharedCampaign: true, partners: [{ brandId: 'p', inviteStatus: null }] }, 100, 4],
    ['shared, every partner rejected', { type: 'contest', sharedCampaign: true, partners: [{ brandId: 'p', inviteStatus: 'REJECTED' }] }, 75, 4],
    ['shared, one rejected and one sent', { type: 'contest', sharedCampaign: true, partners: [{ brandId: 'p', inviteStatus: 'REJECTED' }, { brandId: 'q', inviteStatus: 'SENT' }] }, 100, 4],
    ['shared with only a name', { type: 'contest', sharedCampaign: true, missions: [], rewards: [] }, 25, 4],
  ])('%s → %i %% of %i steps', (_label, over, percent, stepCount) => {
    const result = computeProgress({ ...base, ...over });
    expect(result.percent).toBe(percent);
    expect(result.steps).toHaveLength(stepCount);
  });
});

describe('computeProgress — learning campaigns', () => {
  const learning = { ...base, type: 'learning' as const, missions: [mission(1), mission(2)] };
  it.each<[string, ProgressReward[], boolean]>([
    ['a campaign-scope reward', [reward()], true],
    ['a mission-scope reward for every mission', [reward({ scope: 'mission', missionId: 1 }), reward({ scope: 'mission', missionId: 2 })], true],
    ['a mission left without a reward', [reward({ scope: 'mission', missionId: 1 })], false],
    ['no rewards', [], false],
  ])('rewards step with %s: done=%s', (_label, rewards, done) => {
    const result = computeProgress({ ...learning, rewards });
    expect(result.steps.find((s) => s.step === 'rewards')?.done).toBe(done);
  });
});

describe('computeProgress — campaign-view', () => {
  const view: ProgressInput = { ...base, mode: 'view', type: 'contest', sharedCampaign: true };
  it('gives a retailer two steps: partner rewards filled and one accepted partner', () => {
    const result = computeProgress({
      ...view,
      viewer: { brandId: 'retail', isRetailer: true },
      rewards: [reward({ filledByPartners: true, partners: [{ brandId: 'p', filled: true }] })],
      partners: [{ brandId: 'p', inviteStatus: 'ACCEPTED' }],
    });
    expect(result.steps.map((s) => s.step)).toEqual(['partnerRewards', 'acceptedPartner']);
    expect(result.percent).toBe(100);
  });
  it('counts only ACCEPTED invites as partners', () => {
    const result = computeProgress({
      ...view,
      viewer: { brandId: 'retail', isRetailer: true },
      rewards: [reward({ filledByPartners: true, partners: [{ brandId: 'p', filled: false }] })],
      partners: [{ brandId: 'p', inviteStatus: 'SENT' }],
    });
    expect(result.percent).toBe(0);
  });
  it('gives a partner brand one step: its pending rewards', () => {
    const pending = computeProgress({
      ...view,
      viewer: { brandId: 'p', isRetailer: false },
      rewards: [reward({ filledByPartners: true, partners: [{ brandId: 'p', filled: false }, { brandId: 'q', filled: true }] })],
    });
    expect(pending.steps.map((s) => s.step)).toEqual(['pendingRewards']);
    expect(pending.percent).toBe(0);
    const filled = computeProgress({
      ...view,
      viewer: { brandId: 'q', isRetailer: false },
      rewards: [reward({ filledByPartners: true, partners: [{ brandId: 'p', filled: false }, { brandId: 'q', filled: true }] })],
    });
    expect(filled.percent).toBe(100);
  });
});
