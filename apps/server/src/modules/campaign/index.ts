// The campaign module's public file: what other modules may use. The campaign aggregate lives here: its
// repository, its one unit of work for writes (editCampaign) and the writes themselves; the builder module keeps
// the builder's routes and read models.
export { toApiCampaign, toEpochSeconds, type CampaignRow } from './campaign.mapper.js';
export {
  countMissionsAndRewards,
  countPartners,
  findBrand,
  findCampaign,
  findVisibleCampaign,
  listMissionEntries,
  listMissionItemIds,
  recordAudit,
} from './campaign.repository.js';
export { endCampaign, deleteCampaignReward } from './campaign-lifecycle.js';
export { addCampaignMission, deleteCampaignMission, updateCampaignMission } from './campaign-missions.js';
export { deleteCampaign, type DeleteCampaignOptions } from './delete-campaign.js';
export { editCampaign, type CampaignEdit, type EditCampaignOptions } from './edit-campaign.js';
export { updateCampaignFields } from './update-campaign-fields.js';
export { createDraft } from './create-draft.js';
export { duplicateCampaign } from './duplicate-campaign.js';
