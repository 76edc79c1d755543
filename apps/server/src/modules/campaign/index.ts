// The campaign module's public file: what other modules may use.
export { toApiCampaign, toEpochSeconds, type CampaignRow } from './campaign.mapper.js';
export { findCampaign, invalidateCampaignPages, recordAudit } from './campaign.repository.js';
export { deleteCampaign, type DeleteCampaignOptions } from './delete-campaign.js';
