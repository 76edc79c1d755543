import type { TErrorField } from '../shared/api-schemas.js';
import { canAddMission } from '../campaign/builder-rules.js';
import type { TCampaignType } from '../campaign/campaign-enums.js';
import type { TRewardScope } from './reward-enums.js';
import { REWARD_MESSAGES } from './reward-rules.js';

/** The part of a reward (draft, form or request) that says what it covers. */
export interface RewardScopeFields {
  scope: TRewardScope;
  missionId: number | null;
}

/**
 * Whether the wizard asks "whole campaign or one mission?".
 *
 * Reading of the spec: a mission scope only says something when a campaign can hold several
 * missions, and learning campaigns are the only ones that can (§5 "a mission can be added only
 * when none exist, except in learning campaigns"). They are also the only campaigns whose
 * progress looks at scope (§4 "rewards count done if any campaign-scope reward exists or every
 * mission has a mission-scope reward"). Everywhere else a reward covers the campaign. The choice
 * is offered for every reward type, money and prize included, since learning progress counts them.
 */
export function isScopeChoiceOffered(campaignType: TCampaignType): boolean {
  return canAddMission({ type: campaignType, missionCount: 1 });
}

/**
 * Switches a reward's scope (product rule R39); mission scope
 * keeps the mission already chosen, if any, and otherwise waits for one.
 *
 * Assignment items are deliberately left alone: they are picked from every itemSold mission of
 * the campaign, not from the scoped mission, so an item that belonged to the cleared mission is
 * still one of the campaign's items and stays valid under campaign scope.
 */
export function applyRewardScope<T extends RewardScopeFields>(draft: T, scope: TRewardScope): T {
  return { ...draft, scope, missionId: scope === 'campaign' ? null : draft.missionId };
}

export interface RewardScopeInput extends RewardScopeFields {
  /** The library mission ids of the campaign's missions: a mission scope must name one of them. */
  campaignMissionIds: readonly number[];
  /** isScopeChoiceOffered for the campaign: where it is not, only campaign scope is valid. */
  scopeOffered: boolean;
}

/** Mission scope needs one of the campaign's missions (product rule R39; message "select mission to continue"). */
export function validateRewardScope(input: RewardScopeInput): TErrorField[] {
  if (input.scope === 'campaign') return [];
  if (!input.scopeOffered) return [{ path: 'scope', message: REWARD_MESSAGES.campaignScopeOnly }];
  if (input.missionId === null || !input.campaignMissionIds.includes(input.missionId)) {
    return [{ path: 'missionId', message: REWARD_MESSAGES.selectMission }];
  }
  return [];
}
