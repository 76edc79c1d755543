// A campaign's status and type badges: the campaign list and the report page show them, so they are shared here
// (the campaigns feature links to the report; the report importing campaigns would make the two features a cycle).
import { Badge, Group, Tooltip, type MantineColor } from '@mantine/core';
import type { TCampaign, TCampaignStatus, TStartBlockedReason } from '@rally/domain';
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

export function CampaignStatusBadge({
  status,
  startBlocked,
}: {
  status: TCampaignStatus;
  /** A scheduled campaign past its start that the scheduler could not start (budget unpaid). */
  startBlocked?: TStartBlockedReason | null | undefined;
}) {
  const { t } = useTranslation();
  const badge = (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" style={FULL_WIDTH}>
      {t(`campaign.status.${status}`)}
    </Badge>
  );
  if (!startBlocked) return badge;
  return (
    <Group gap={4} wrap="nowrap">
      {badge}
      <Tooltip label={t(`campaign.start-blocked.${startBlocked}.hint`)} multiline w={260}>
        <Badge color="red" variant="filled" radius="sm" style={FULL_WIDTH} tabIndex={0}>
          {t(`campaign.start-blocked.${startBlocked}.label`)}
        </Badge>
      </Tooltip>
    </Group>
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
