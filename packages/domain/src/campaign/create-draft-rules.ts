import {
  CREATE_DRAFT_TYPES,
  EDITABLE_STATUSES,
  type TCampaignStatus,
  type TCampaignType,
  type TCreateDraftType,
} from './campaign-enums.js';

export interface TBrandCapabilities {
  isRetailer: boolean;
  consumerEnabled: boolean;
}

/** Which draft types a brand may create: consumer needs the consumer flag, shared is for retailers. */
export function allowedDraftTypes(brand: TBrandCapabilities): TCreateDraftType[] {
  return CREATE_DRAFT_TYPES.filter((t) => {
    if (t === 'consumer') return brand.consumerEnabled;
    if (t === 'shared') return brand.isRetailer;
    return true;
  });
}

/** A shared campaign is a contest with the shared switch on. */
export function draftFromCreateType(type: TCreateDraftType): { type: TCampaignType; sharedCampaign: boolean } {
  return type === 'shared' ? { type: 'contest', sharedCampaign: true } : { type, sharedCampaign: false };
}

export function isEditableStatus(status: TCampaignStatus): boolean {
  return (EDITABLE_STATUSES as readonly TCampaignStatus[]).includes(status);
}

/** Statuses from which a campaign may be deleted: anything not yet running or finished. */
export const DELETABLE_STATUSES: readonly TCampaignStatus[] = ['draft', 'scheduled', 'rejected'];
export function canDeleteCampaign(status: TCampaignStatus): boolean {
  return DELETABLE_STATUSES.includes(status);
}

/** Name given to a duplicate, kept inside the 50-character limit. */
export function duplicateName(name: string, maxLength = 50): string {
  const base = name.trim() === '' ? 'Untitled' : name.trim();
  const prefix = 'Copy of ';
  return (prefix + base).slice(0, maxLength).trimEnd();
}
