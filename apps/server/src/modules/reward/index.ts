// The reward module's public file: what other modules may use.
export { listRewardsForCampaign } from './reward.repository.js';
export { insertCodes } from './insert-codes.js';
