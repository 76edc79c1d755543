// The builder module's public file: the builder's read models (its writes are the campaign module's).
export { listCampaignMissions as listCampaignMissionsFor, listCampaignPartners as listCampaignPartnersFor } from './builder.repository.js';
