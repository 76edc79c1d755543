import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Group, Menu, Progress, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCopy, IconDots, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { canDeleteCampaign, isEditableStatus, type TCampaign } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPercent } from '../../../lib/format';
import { CampaignStatusBadge, CampaignTypeBadge } from './campaign-badges';
import { CampaignDate } from './campaign-dates';

export interface CampaignRowPermissions {
  canDuplicate: boolean;
  canDelete: boolean;
}

interface CampaignTableProps extends CampaignRowPermissions {
  campaigns: TCampaign[];
  onDuplicate: (campaign: TCampaign) => void;
  onDelete: (campaign: TCampaign) => void;
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
  onDuplicate,
  onDelete,
  busy,
}: CampaignRowPermissions & {
  campaign: TCampaign;
  onDuplicate: (campaign: TCampaign) => void;
  onDelete: (campaign: TCampaign) => void;
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
        <Menu.Item component={Link} to={campaignPath(campaign)} leftSection={<IconExternalLink size={16} aria-hidden />}>
          {editable ? t('campaign.actions.open') : t('campaign.actions.report')}
        </Menu.Item>
        {canDuplicate && (
          <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => onDuplicate(campaign)}>
            {t('campaign.actions.duplicate')}
          </Menu.Item>
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

function Header() {
  const { t } = useTranslation();
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t('campaign.list.columns.name')}</Table.Th>
        <Table.Th>{t('campaign.list.columns.type')}</Table.Th>
        <Table.Th>{t('campaign.list.columns.status')}</Table.Th>
        <Table.Th>{t('campaign.list.columns.progress')}</Table.Th>
        <Table.Th>{t('campaign.list.columns.start')}</Table.Th>
        <Table.Th>{t('campaign.list.columns.end')}</Table.Th>
        <Table.Th>{t('campaign.list.columns.created')}</Table.Th>
        <Table.Th>
          <VisuallyHidden>{t('campaign.list.columns.actions')}</VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

const COLUMN_COUNT = 8;

function TableFrame({ children, label, busy }: { children: ReactNode; label: string; busy?: boolean }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={label} aria-busy={busy || undefined}>
        <Header />
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

export function CampaignTableSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <TableFrame label={t('app.loading')} busy>
      <Table.Tbody>
        {Array.from({ length: rows }, (_, row) => (
          <Table.Tr key={row}>
            {Array.from({ length: COLUMN_COUNT }, (_, col) => (
              <Table.Td key={col}>
                <Skeleton height={14} width={col === 0 ? '80%' : '60%'} radius="sm" />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableFrame>
  );
}

export function CampaignTable({
  campaigns,
  onDuplicate,
  onDelete,
  canDuplicate,
  canDelete,
  busyId = null,
  stale = false,
}: CampaignTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <TableFrame label={t('campaign.list.title')} busy={stale}>
      <Table.Tbody style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {campaigns.map((campaign) => (
          <Table.Tr key={campaign.id}>
            <Table.Td maw={280}>
              <CampaignName campaign={campaign} />
            </Table.Td>
            <Table.Td>
              <CampaignTypeBadge campaign={campaign} />
            </Table.Td>
            <Table.Td>
              <CampaignStatusBadge status={campaign.status} />
            </Table.Td>
            <Table.Td miw={120}>
              <Group gap="xs" wrap="nowrap">
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
            </Table.Td>
            <Table.Td>
              <CampaignDate epochSeconds={campaign.startDate} timeZone={campaign.timeZone} />
            </Table.Td>
            <Table.Td>
              <CampaignDate epochSeconds={campaign.endDate} timeZone={campaign.timeZone} />
            </Table.Td>
            <Table.Td>
              <CampaignDate epochSeconds={campaign.createdAt} />
            </Table.Td>
            <Table.Td ta="right">
              <RowActions
                campaign={campaign}
                canDuplicate={canDuplicate}
                canDelete={canDelete}
                onDuplicate={onDuplicate}
                onDelete={onDelete}
                busy={busyId === campaign.id}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableFrame>
  );
}
