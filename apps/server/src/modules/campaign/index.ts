// The campaign module's public file: what other modules may use.
export { toApiCampaign, toEpochSeconds, type CampaignRow } from './campaign.mapper.js';
export {
  countMissionItems,
  countMissionsAndRewards,
  countPartners,
  deleteCampaignRewardRow,
  deleteMissionEntries,
  deleteMissionRewards,
  deletePartners,
  findBrand,
  findBrandMission,
  findCampaign,
  findCampaignWithProgressFacts,
  findMissionEntry,
  findVisibleCampaign,
  insertMissionEntry,
  listMissionEntries,
  listMissionEntryIds,
  listMissionItemIds,
  updateMissionEntry,
  writeMissionOrder,
  type BrandRow,
  lockCampaign,
  recordAudit,
  type CampaignSet,
} from './campaign.repository.js';
export { deleteCampaign, type DeleteCampaignOptions } from './delete-campaign.js';
export { assertEditable, editCampaign, type CampaignChange, type CampaignEdit, type EditCampaignOptions } from './edit-campaign.js';
export { saveCampaignChange, type CampaignChangeEntry, type SaveCampaignChangeOptions } from './save-campaign-change.js';
