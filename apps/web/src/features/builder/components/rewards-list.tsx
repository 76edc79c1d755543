import { ActionIcon, Avatar, Badge, Group, Paper, Stack, Text, Tooltip, type MantineColor } from '@mantine/core';
import {
  IconCash,
  IconDiscount2,
  IconGift,
  IconPencil,
  IconTicket,
  IconTrash,
  IconTrophy,
  type Icon,
} from '@tabler/icons-react';
import type { TRewardRead, TRewardType } from '@rally/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useBrandCurrency } from '../../../app/session';
import { rewardTitle } from '../../../lib/reward-title';

const TYPE_LOOK: Record<TRewardType, { icon: Icon; color: MantineColor }> = {
  money: { icon: IconCash, color: 'teal' },
  prize: { icon: IconTrophy, color: 'yellow' },
  discount: { icon: IconDiscount2, color: 'grape' },
  free_product: { icon: IconGift, color: 'pink' },
  gift_card: { icon: IconTicket, color: 'cyan' },
};

/** One line saying what the reward gives and how it unlocks (product rules R30, R38). */
export function rewardSummary(reward: TRewardRead, t: TFunction, lang: string, currency = 'USD'): string {
  const money = (cents: number | null) => formatMoney(cents ?? 0, lang, currency);
  const parts: string[] = [];
  switch (reward.type) {
    case 'money':
      parts.push(
        reward.dynamicActive
          ? t('builder.rewards.summary.money-dynamic', { count: reward.dynamicAmounts.length })
          : t('builder.rewards.summary.money', { amount: money(reward.amount) }),
      );
      if (reward.budget !== null) parts.push(t('builder.rewards.summary.budget', { budget: money(reward.budget) }));
      break;
    case 'prize':
      parts.push(
        t('builder.rewards.summary.prize', {
          value: money(reward.value),
          count: reward.totalAvailable ?? 0,
          available: formatNumber(reward.totalAvailable ?? 0, lang),
        }),
      );
      break;
    case 'discount':
      parts.push(t('builder.rewards.summary.discount', { percent: reward.percentageDiscount ?? 0 }));
      break;
    case 'gift_card':
      parts.push(t('builder.rewards.summary.gift-card', { amount: money(reward.amount) }));
      break;
    case 'free_product':
      parts.push(t('builder.rewards.summary.free-product'));
      break;
  }
  parts.push(
    reward.isUnlimited || reward.maxPerUser === 0
      ? t('builder.rewards.summary.unlimited')
      : reward.maxPerUser === 1
        ? t('builder.rewards.summary.one-per-user')
        : t('builder.rewards.summary.per-user', { count: reward.maxPerUser }),
  );
  parts.push(t('builder.rewards.summary.to-unlock', { count: reward.completionsToUnlock }));
  return parts.join(' · ');
}

interface RewardsListProps {
  rewards: TRewardRead[];
  canDelete: boolean;
  onDelete: (reward: TRewardRead) => void;
  /** Opens the reward wizard on this reward; absent in read-only views. */
  onEdit?: ((reward: TRewardRead) => void) | undefined;
  /** Which rewards the edit action shows on (all by default): a partner acts only on its own (spec §6). */
  canEdit?: ((reward: TRewardRead) => boolean) | undefined;
  /** A fill status shown beside the type, for rewards partners supply. */
  fillStatus?: ((reward: TRewardRead) => 'pending' | 'filled' | null) | undefined;
  label?: string | undefined;
}

/** The campaign's rewards as the server orders them (prize and money first). */
export function RewardsList({ rewards, canDelete, onDelete, onEdit, canEdit, fillStatus, label }: RewardsListProps) {
  const { t, i18n } = useTranslation();
  const currency = useBrandCurrency();
  if (rewards.length === 0) {
    return (
      <Text size="sm" c="gray.7" py="md" ta="center">
        {t('builder.rewards.empty')}
      </Text>
    );
  }
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label ?? t('builder.rewards.list-label')}
    >
      {rewards.map((reward) => {
        const look = TYPE_LOOK[reward.type];
        const title = rewardTitle(reward, t);
        const fill = fillStatus?.(reward) ?? null;
        return (
          <Paper key={reward.id} component="li" withBorder radius="md" p="sm" data-testid="reward-row">
            <Group gap="sm" wrap="nowrap">
              <Avatar color={look.color} variant="light" radius="md" size={44} src={reward.imageUrl} alt="">
                <look.icon size={22} aria-hidden />
              </Avatar>
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Text fw={600} size="sm" lineClamp={1}>
                    {title}
                  </Text>
                  <Badge size="sm" variant="light" color={look.color} c="dark.7" radius="sm" style={{ flexShrink: 0 }}>
                    {t(`builder.reward-type.${reward.type}`)}
                  </Badge>
                  {fill && (
                    <Badge
                      size="sm"
                      variant="dot"
                      color={fill === 'filled' ? 'teal' : 'yellow'}
                      radius="sm"
                      style={{ flexShrink: 0 }}
                    >
                      {t(`builder.partners.fill.${fill}`)}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="gray.7" lineClamp={2}>
                  {rewardSummary(reward, t, i18n.language, currency)}
                </Text>
                {reward.scope === 'mission' && reward.mission && (
                  <Text size="xs" c="gray.7" lineClamp={1}>
                    {t('builder.rewards.for-mission', { mission: reward.mission.name })}
                  </Text>
                )}
              </Stack>
              {onEdit && (canEdit?.(reward) ?? true) && (
                <Tooltip label={t('builder.rewards.edit', { title })}>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    onClick={() => onEdit(reward)}
                    aria-label={t('builder.rewards.edit', { title })}
                  >
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
              {canDelete && (
                <Tooltip label={t('builder.rewards.delete', { title })}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    onClick={() => onDelete(reward)}
                    aria-label={t('builder.rewards.delete', { title })}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
