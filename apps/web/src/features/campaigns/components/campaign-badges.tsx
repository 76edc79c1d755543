import { Badge, Group, type MantineColor } from '@mantine/core';
import type { TCampaign, TCampaignStatus } from '@rally/domain';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<TCampaignStatus, MantineColor> = {
  draft: 'gray',
  scheduled: 'blue',
  rejected: 'red',
  active: 'teal',
  ended: 'dark',
};

// Badges clip their label when squeezed, and auto-sized table columns squeeze them; never shrink.
const FULL_WIDTH = { minWidth: 'max-content' } as const;

export function CampaignStatusBadge({ status }: { status: TCampaignStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" style={FULL_WIDTH}>
      {t(`campaign.status.${status}`)}
    </Badge>
  );
}

export function CampaignTypeBadge({ campaign }: { campaign: Pick<TCampaign, 'type' | 'sharedCampaign'> }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="outline" color="indigo" radius="sm" style={FULL_WIDTH}>
        {t(`campaign.type.${campaign.type}`)}
      </Badge>
      {campaign.sharedCampaign && (
        <Badge variant="light" color="grape" radius="sm" style={FULL_WIDTH}>
          {t('campaign.type.shared')}
        </Badge>
      )}
    </Group>
  );
}
