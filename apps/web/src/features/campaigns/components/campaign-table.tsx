import { ActionIcon, Anchor, Box, Group, Menu, Progress, Text } from '@mantine/core';
import { IconCopy, IconDots, IconExternalLink, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { canDeleteCampaign, isEditableStatus, type TCampaign } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPercent } from '../../../lib/format';
import { CampaignStatusBadge, CampaignTypeBadge } from '../../../components/campaign-badges';
import { CampaignDate } from './campaign-dates';
import { PagedTable, type TTableColumn } from '../../../components/paged-table/paged-table';

export interface CampaignRowPermissions {
  canDuplicate: boolean;
  canDelete: boolean;
  /** May end active campaigns (the launch permission). */
  canEnd?: boolean;
}

interface CampaignTableProps extends CampaignRowPermissions {
  /** Undefined while the first page loads (skeleton rows). */
  campaigns: TCampaign[] | undefined;
  onDuplicate: (campaign: TCampaign) => void;
  onDelete: (campaign: TCampaign) => void;
  onEnd?: (campaign: TCampaign) => void;
  /** Id of a campaign with a running action, whose menu is disabled meanwhile. */
  busyId?: number | null;
  /** Old rows stay visible while the next page loads; they are dimmed to show it. */
  stale?: boolean;
}

/** Where a campaign opens: the builder while it can be edited, its report once launched. */
export function campaignPath(campaign: Pick<TCampaign, 'id' | 'status'>): string {
  return isEditableStatus(campaign.status) ? `/campaign/${campaign.id}` : `/campaign/report/${campaign.id}`;
}

function CampaignName({ campaign }: { campaign: TCampaign }) {
  const { t } = useTranslation();
  const untitled = campaign.name.trim() === '';
  const label = untitled ? t('campaign.list.untitled') : campaign.name;
  const style = untitled ? { fontStyle: 'italic' as const } : undefined;
  return (
    <Anchor component={Link} to={campaignPath(campaign)} size="sm" fw={500} style={style} lineClamp={2}>
      {label}
    </Anchor>
  );
}

function RowActions({
  campaign,
  canDuplicate,
  canDelete,
  canEnd = false,
  onDuplicate,
  onDelete,
  onEnd,
  busy,
}: CampaignRowPermissions & {
  campaign: TCampaign;
  onDuplicate: (campaign: TCampaign) => void;
  onDelete: (campaign: TCampaign) => void;
  onEnd?: ((campaign: TCampaign) => void) | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const editable = isEditableStatus(campaign.status);
  const deletable = canDelete && canDeleteCampaign(campaign.status);
  const name = campaign.name.trim() === '' ? t('campaign.list.untitled') : campaign.name;

  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('campaign.actions.menu', { name })} loading={busy}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={campaignPath(campaign)}
          leftSection={<IconExternalLink size={16} aria-hidden />}
        >
          {editable ? t('campaign.actions.open') : t('campaign.actions.report')}
        </Menu.Item>
        {canDuplicate && (
          <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => onDuplicate(campaign)}>
            {t('campaign.actions.duplicate')}
          </Menu.Item>
        )}
        {canEnd && onEnd && campaign.status === 'active' && (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconPlayerStop size={16} aria-hidden />}
              onClick={() => onEnd(campaign)}
            >
              {t('end-campaign.action')}
            </Menu.Item>
          </>
        )}
        {deletable && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onDelete(campaign)}>
              {t('campaign.actions.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

export function CampaignTable({
  campaigns,
  onDuplicate,
  onDelete,
  canDuplicate,
  canDelete,
  canEnd = false,
  onEnd,
  busyId = null,
  stale = false,
}: CampaignTableProps) {
  const { t, i18n } = useTranslation();
  const columns: TTableColumn<TCampaign>[] = [
    {
      key: 'name',
      label: t('campaign.list.columns.name'),
      render: (campaign) => (
        <Box miw={180} maw={320}>
          <CampaignName campaign={campaign} />
        </Box>
      ),
    },
    {
      key: 'type',
      label: t('campaign.list.columns.type'),
      render: (campaign) => <CampaignTypeBadge campaign={campaign} />,
    },
    {
      key: 'status',
      label: t('campaign.list.columns.status'),
      render: (campaign) => <CampaignStatusBadge status={campaign.status} startBlocked={campaign.startBlocked} />,
    },
    {
      key: 'progress',
      label: t('campaign.list.columns.progress'),
      render: (campaign) => (
        <Group gap="xs" wrap="nowrap" miw={120}>
          <Progress
            value={campaign.completionProgress}
            w={64}
            size="sm"
            aria-label={t('campaign.list.columns.progress')}
            color={campaign.completionProgress === 100 ? 'teal' : undefined}
          />
          <Text size="xs" c="dimmed">
            {formatPercent(campaign.completionProgress, i18n.language)}
          </Text>
        </Group>
      ),
    },
    {
      key: 'start',
      label: t('campaign.list.columns.start'),
      render: (campaign) => <CampaignDate epochSeconds={campaign.startDate} timeZone={campaign.timeZone} />,
    },
    {
      key: 'end',
      label: t('campaign.list.columns.end'),
      render: (campaign) => <CampaignDate epochSeconds={campaign.endDate} timeZone={campaign.timeZone} />,
    },
    {
      key: 'created',
      label: t('campaign.list.columns.created'),
      render: (campaign) => <CampaignDate epochSeconds={campaign.createdAt} timeZone={campaign.timeZone} />,
    },
    {
      key: 'actions',
      label: t('campaign.list.columns.actions'),
      hideLabel: true,
      align: 'right',
      render: (campaign) => (
        <RowActions
          campaign={campaign}
          canDuplicate={canDuplicate}
          canDelete={canDelete}
          canEnd={canEnd}
          onDuplicate={onDuplicate}
          onDelete={onDelete}
          onEnd={onEnd}
          busy={busyId === campaign.id}
        />
      ),
    },
  ];
  return (
    <PagedTable
      label={t('campaign.list.title')}
      loadingLabel={t('app.loading')}
      columns={columns}
      rows={campaigns}
      rowKey={(campaign) => campaign.id}
      stale={stale}
      minWidth={960}
    />
  );
}
