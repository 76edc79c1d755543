import type { TRewardRead } from '@rally/domain';
import type { TFunction } from 'i18next';

// The builder's reward list and the launch step's end dates both name rewards; the helper is shared here because the
// builder opens the launch modal, so launch importing builder would make the two features a cycle.
/** A reward's title, or its type's name while the title is still empty. */
export function rewardTitle(reward: Pick<TRewardRead, 'title' | 'type'>, t: TFunction): string {
  return reward.title.trim() === '' ? t(`builder.reward-type.${reward.type}`) : reward.title;
}
