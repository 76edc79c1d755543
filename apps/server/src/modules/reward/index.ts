// The reward module's public file: what other modules may use.
export { findReward, listRewardCodes, listRewardsForCampaign, updateReward } from './reward.repository.js';
export { insertCodes } from './reward-codes.repository.js';
export { getCampaignRewards } from './get-campaign-rewards.js';
