// The builder module's public file: what other modules may use.
export { lockCampaign } from './builder.repository.js';
export { lockEditableCampaign } from './builder-guards.js';
export { getCampaignRewards } from './campaign-queries.js';
export { saveCampaignChange, type SaveCampaignChangeOptions } from './save-campaign-change.js';
export { listCampaignMissions as listCampaignMissionsFor, listCampaignPartners as listCampaignPartnersFor } from './builder.repository.js';
