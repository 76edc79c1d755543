// The reward module's public file: what other modules may use.
export { findReward, listRewardCodes, listRewardsForCampaign, updateReward } from './reward.repository.js';
export { insertCodes, type CodeList } from './reward-codes.repository.js';
export { keptUploadCodes } from './upload-codes.js';
export { newCodesForReward } from './new-codes.js';
export { getCampaignRewards } from './get-campaign-rewards.js';
export { generateRewardCodes } from './generate-reward-codes.js';
export { rewardCodesCsv } from './export-reward-codes.js';
export { getStockAlerts, setStockAlerts } from './stock-alerts.js';
