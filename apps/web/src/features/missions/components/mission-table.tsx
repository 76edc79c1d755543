import { ActionIcon, Anchor, Avatar, Box, Group, Skeleton, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconPencil, IconTargetArrow } from '@tabler/icons-react';
import type { TMission } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatListDate, formatNumber } from '../../../lib/format';
import { MissionStatusBadge, MissionTypeBadge } from './mission-badges';
import { missionEditorPath } from './mission-paths';
import { PagedTable, type TTableColumn } from '../../../components/paged-table/paged-table';

interface MissionTableProps {
  /** Undefined while the first page loads (skeleton rows). */
  missions: TMission[] | undefined;
  skeletonRows?: number;
  canDuplicate: boolean;
  onDuplicate: (mission: TMission) => void;
  busyId?: number | null;
  stale?: boolean;
}

export function missionTitle(mission: Pick<TMission, 'title'>, untitled: string): string {
  return mission.title.trim() === '' ? untitled : mission.title;
}

export function MissionTable({ missions, canDuplicate, onDuplicate, busyId = null, stale = false, skeletonRows }: MissionTableProps) {
  const { t, i18n } = useTranslation();
  const titleOf = (mission: TMission) => missionTitle(mission, t('missions.untitled'));
  const columns: TTableColumn<TMission>[] = [
    {
      key: 'image',
      label: t('missions.list.columns.image'),
      hideLabel: true,
      width: 64,
      skeleton: <Skeleton height={44} width={44} radius="md" />,
      render: (mission) => (
        <Avatar src={mission.imageUrl} alt="" radius="md" size={44} color="indigo" variant="light">
          <IconTargetArrow size={20} aria-hidden />
        </Avatar>
      ),
    },
    {
      key: 'title',
      label: t('missions.list.columns.title'),
      skeleton: <Skeleton height={14} width="80%" radius="sm" />,
      render: (mission) => (
        <Box maw={320}>
          <Anchor component={Link} to={missionEditorPath(mission)} size="sm" fw={500} lineClamp={2}>
            {titleOf(mission)}
          </Anchor>
        </Box>
      ),
    },
    { key: 'type', label: t('missions.list.columns.type'), render: (mission) => <MissionTypeBadge type={mission.type} /> },
    {
      key: 'subtype',
      label: t('missions.list.columns.subtype'),
      render: (mission) => <Text size="sm">{t(`missions.subtype.${mission.subtype}`)}</Text>,
    },
    { key: 'status', label: t('missions.list.columns.status'), render: (mission) => <MissionStatusBadge status={mission.status} /> },
    {
      key: 'items',
      label: t('missions.list.columns.items'),
      align: 'right',
      render: (mission) => <Text size="sm">{formatNumber(mission.itemCount, i18n.language)}</Text>,
    },
    {
      key: 'updated',
      label: t('missions.list.columns.updated'),
      render: (mission) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatListDate(mission.updatedAt, i18n.language)}
        </Text>
      ),
    },
    {
      key: 'actions',
      label: t('missions.list.columns.actions'),
      hideLabel: true,
      render: (mission) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('missions.actions.edit')} withinPortal>
            <ActionIcon
              component={Link}
              to={missionEditorPath(mission)}
              variant="subtle"
              color="gray"
              aria-label={t('missions.actions.edit-named', { title: titleOf(mission) })}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {canDuplicate && (
            <Tooltip label={t('missions.actions.duplicate')} withinPortal>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('missions.actions.duplicate-named', { title: titleOf(mission) })}
                onClick={() => onDuplicate(mission)}
                loading={busyId === mission.id}
              >
                <IconCopy size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];
  return (
    <PagedTable
      label={t('missions.list.title')}
      loadingLabel={t('app.loading')}
      columns={columns}
      rows={missions}
      rowKey={(mission) => mission.id}
      stale={stale}
      skeletonRows={skeletonRows}
      minWidth={900}
    />
  );
}
