import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { isEditableStatus, splitByOwnership, type TFormData, type TPartnerView, type TRewardRead } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { RewardWizard } from '../../rewards';
import { builderKeys, deleteCampaignReward } from '../api/builder-api';
import type { TBuilderAccess } from '../lib/builder-access';
import type { BuilderWrites } from '../lib/use-builder-writes';
import { useConfirmedRemoval } from '../lib/use-confirmed-removal';
import { AddButton, Section } from './builder-section';
import { rewardTitle } from '../../../lib/reward-title';
import { RewardsList } from './rewards-list';

interface RewardsSectionProps {
  formData: TFormData;
  access: TBuilderAccess;
  writes: BuilderWrites;
  /** The invited brand's side of a shared campaign, when this is its view. */
  partnerView: TPartnerView | undefined;
}

/** The campaign's rewards (in a partner's view, the owner's apart from the partners'), the reward wizard opened from here. */
export function RewardsSection({ formData, access, writes, partnerView }: RewardsSectionProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { campaign, missions, rewards } = formData;
  const { readOnly, caps, can } = access;
  // The reward wizard: null closed, 'new' adding, or the reward being edited.
  const [rewardWizard, setRewardWizard] = useState<TRewardRead | 'new' | null>(null);
  const remove = useConfirmedRemoval('rewards', writes, (reward: TRewardRead) =>
    deleteCampaignReward(campaign.id, reward.id),
  );

  const myFill = new Map((partnerView?.rewards ?? []).filter((r) => r.assignedToMe).map((r) => [r.id, r.fillStatus]));
  const canFill = partnerView?.inviteStatus === 'SENT' && isEditableStatus(campaign.status) && can('reward:update');

  const removeReward = (reward: TRewardRead) => remove(reward, rewardTitle(reward, t));

  const addRewardReason = caps.canAddReward
    ? null
    : missions.length === 0
      ? t('builder.rewards.add-needs-mission')
      : campaign.type === 'consumer' && rewards.length > 0
        ? t('builder.rewards.add-consumer-one')
        : t('builder.rewards.add-not-allowed');

  return (
    <Section
      title={t('builder.rewards.title', { count: rewards.length })}
      id="builder-rewards"
      action={
        readOnly ? undefined : (
          <AddButton reason={addRewardReason} onClick={() => setRewardWizard('new')}>
            {t('builder.rewards.add')}
          </AddButton>
        )
      }
    >
      {formData.mode === 'view' && campaign.sharedCampaign ? (
        // Campaign-view: the owner's rewards apart from the ones partners supply; a partner fills its own.
        <Stack gap="md">
          <Text size="sm" fw={600}>
            {t('builder.partners.rewards-of', { name: formData.owner.brandName })}
          </Text>
          <RewardsList
            rewards={splitByOwnership(rewards).own}
            canDelete={false}
            onDelete={removeReward}
            label={t('builder.partners.rewards-of', { name: formData.owner.brandName })}
          />
          <Text size="sm" fw={600}>
            {t('builder.partners.rewards-partners')}
          </Text>
          <RewardsList
            rewards={splitByOwnership(rewards).partners}
            canDelete={false}
            onDelete={removeReward}
            label={t('builder.partners.rewards-partners')}
            fillStatus={(reward) => myFill.get(reward.id) ?? null}
            onEdit={canFill ? (reward) => setRewardWizard(reward) : undefined}
            canEdit={(reward) => myFill.has(reward.id)}
          />
        </Stack>
      ) : (
        <RewardsList
          rewards={rewards}
          canDelete={!readOnly && can('reward:delete')}
          onDelete={removeReward}
          onEdit={!readOnly && can('reward:update') ? (reward) => setRewardWizard(reward) : undefined}
          fillStatus={
            campaign.sharedCampaign
              ? (reward) =>
                  reward.filledByPartners
                    ? reward.partners.every((p) => p.fillStatus === 'filled') && reward.partners.length > 0
                      ? 'filled'
                      : 'pending'
                    : null
              : undefined
          }
        />
      )}
      {rewardWizard && (
        <RewardWizard
          campaign={campaign}
          missions={missions}
          reward={rewardWizard === 'new' ? undefined : rewardWizard}
          viewMode={formData.mode === 'view'}
          onClose={() => {
            setRewardWizard(null);
            if (formData.mode === 'view') void queryClient.invalidateQueries({ queryKey: builderKeys.all });
          }}
        />
      )}
    </Section>
  );
}
