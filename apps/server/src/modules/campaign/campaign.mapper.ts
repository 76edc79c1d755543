import type { TCampaign, TFinishCriterion } from '@rally/domain';
import type { campaigns } from '../../db/schema/index.js';

export type CampaignRow = typeof campaigns.$inferSelect;

export const toEpochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);
const toEpochOrNull = (d: Date | null) => (d ? toEpochSeconds(d) : null);

/** Database row → the campaign shape of the API (instants as epoch seconds). */
export function toApiCampaign(row: CampaignRow): TCampaign {
  return {
    id: row.id,
    publicUid: row.publicUid,
    name: row.name,
    type: row.type,
    status: row.status,
    sharedCampaign: row.sharedCampaign,
    brandId: row.brandId,
    finishCriteria: row.finishCriteria as TFinishCriterion[],
    startDate: toEpochOrNull(row.startDate),
    endDate: toEpochOrNull(row.endDate),
    timeZone: row.timeZone,
    createdAt: toEpochSeconds(row.createdAt),
    updatedAt: toEpochSeconds(row.updatedAt),
    completionProgress: row.completionProgress,
    kpi: { reach: { groups: row.reachGroups, stores: row.reachStores, users: row.reachUsers } },
    scope: {
      type: row.scopeType,
      pks: row.scopePks,
      countryCodes: row.countryCodes,
      selectedPlacesIds: row.selectedPlacesIds,
      selectedCountries: row.selectedCountries,
    },
    version: row.version,
    // Shown only while it holds: scheduled, and the start has passed (a reschedule to later lifts it).
    startBlocked: row.status === 'scheduled' && row.startDate && row.startDate.getTime() <= Date.now() ? row.startBlocked : null,
  };
}
