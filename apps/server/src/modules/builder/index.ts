// The builder module's public file: what other modules may use.
export { getCampaignRewards } from './campaign-queries.js';
export { listCampaignMissions as listCampaignMissionsFor, listCampaignPartners as listCampaignPartnersFor } from './builder.repository.js';
