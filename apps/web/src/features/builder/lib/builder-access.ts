import { isEditableStatus, type TFormData } from '@rally/domain';
import { useSession } from '../../../app/session';

export type TBuilderRouteMode = 'builder' | 'view';

/** What the signed-in user may do on this campaign page; every section reads the same answer. */
export interface TBuilderAccess {
  isOwner: boolean;
  /** The campaign-view route, a partner's view, a campaign past editing, or a role without campaign:update. */
  readOnly: boolean;
  can: (permission: string) => boolean;
  /** The server's capabilities, with every edit switched off when read-only. */
  caps: TFormData['capabilities'];
}

export function useBuilderAccess(formData: TFormData, routeMode: TBuilderRouteMode): TBuilderAccess {
  const me = useSession();
  const isOwner = formData.mode === 'builder';
  // A role that may not change campaigns (analyst, finance) sees the builder as a view.
  const readOnly =
    routeMode === 'view' ||
    !isOwner ||
    !isEditableStatus(formData.campaign.status) ||
    !me.permissions.includes('campaign:update');
  const caps = readOnly
    ? {
        ...formData.capabilities,
        canChangeType: false,
        canShowSharedSwitch: false,
        canAddMission: false,
        canAddReward: false,
        canDeleteMissions: false,
      }
    : formData.capabilities;
  return { isOwner, readOnly, can: (permission) => me.permissions.includes(permission), caps };
}
