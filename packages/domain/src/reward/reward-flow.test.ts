import { describe, expect, it } from 'vitest';
import { CAMPAIGN_TYPES } from '../campaign/campaign-enums.js';
import { REWARD_TYPES } from './reward-enums.js';
import { nextRewardStep, rewardFlow, type RewardFlowInput } from './reward-flow.js';

const base: RewardFlowInput = {
  rewardType: 'discount',
  campaignType: 'general',
  consumer: false,
  sharedCampaign: false,
  viewMode: false,
  isRetailer: false,
};

describe('rewardFlow', () => {
  it.each<[string, Partial<RewardFlowInput>, string[], string]>([
    ['money in a learning campaign', { rewardType: 'money', campaignType: 'learning' }, ['type', 'details', 'confirmation'], 'confirmation'],
    ['money in a consumer campaign', { rewardType: 'money', campaignType: 'consumer', consumer: true }, ['type', 'details'], 'details'],
    ['money in a general campaign', { rewardType: 'money' }, ['type', 'details', 'conditions', 'confirmation'], 'confirmation'],
    ['money in a contest', { rewardType: 'money', campaignType: 'contest' }, ['type', 'details', 'conditions', 'confirmation'], 'confirmation'],
    ['a prize anywhere', { rewardType: 'prize', campaignType: 'contest' }, ['type', 'details', 'confirmation'], 'confirmation'],
    ['a discount in a learning campaign', { campaignType: 'learning' }, ['type', 'details', 'assignment', 'confirmation'], 'confirmation'],
    ['a gift card in a general campaign', { rewardType: 'gift_card' }, ['type', 'details', 'conditions', 'confirmation'], 'confirmation'],
    ['a free product in a consumer campaign', { rewardType: 'free_product', campaignType: 'consumer', consumer: true }, ['type', 'details', 'confirmation'], 'confirmation'],
    ['a discount seen by a partner (view, not retailer)', { viewMode: true, sharedCampaign: true, campaignType: 'contest' }, ['type', 'details', 'confirmation'], 'confirmation'],
    ['a discount seen by the retailer in view', { viewMode: true, isRetailer: true, sharedCampaign: true, campaignType: 'contest' }, ['type', 'details', 'conditions', 'confirmation'], 'confirmation'],
  ])('%s → %j', (_label, over, steps, saveAfter) => {
    const flow = rewardFlow({ ...base, ...over });
    expect(flow.steps).toEqual(steps);
    expect(flow.saveAfter).toBe(saveAfter);
  });

  it('hides the step bar in view mode only', () => {
    expect(rewardFlow(base).showStepBar).toBe(true);
    expect(rewardFlow({ ...base, viewMode: true }).showStepBar).toBe(false);
  });

  it('for every combination starts at type, ends where it saves, and never offers conditions for prize, learning or consumer', () => {
    for (const rewardType of REWARD_TYPES)
      for (const campaignType of CAMPAIGN_TYPES)
        for (const viewMode of [false, true])
          for (const isRetailer of [false, true]) {
            const consumer = campaignType === 'consumer';
            const flow = rewardFlow({ ...base, rewardType, campaignType, consumer, viewMode, isRetailer });
            expect(flow.steps[0]).toBe('type');
            expect(flow.steps.at(-1)).toBe(flow.saveAfter);
            if (rewardType === 'prize' || campaignType === 'learning' || consumer || (viewMode && !isRetailer)) {
              expect(flow.steps).not.toContain('conditions');
            }
            if (flow.steps.includes('assignment')) {
              expect(campaignType).toBe('learning');
              expect(['money', 'prize']).not.toContain(rewardType);
            }
          }
  });

  it('moves forward one step at a time', () => {
    const flow = rewardFlow(base);
    expect(nextRewardStep(flow, 'type')).toBe('details');
    expect(nextRewardStep(flow, 'confirmation')).toBeNull();
  });
});
