import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Avatar, Group, Skeleton, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCopy, IconPencil, IconTargetArrow } from '@tabler/icons-react';
import type { TMission } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatListDate, formatNumber } from '../../../lib/format';
import { MissionStatusBadge, MissionTypeBadge } from './mission-badges';
import { missionEditorPath } from './mission-paths';

interface MissionTableProps {
  missions: TMission[];
  canDuplicate: boolean;
  onDuplicate: (mission: TMission) => void;
  busyId?: number | null;
  stale?: boolean;
}

export function missionTitle(mission: Pick<TMission, 'title'>, untitled: string): string {
  return mission.title.trim() === '' ? untitled : mission.title;
}

function Header() {
  const { t } = useTranslation();
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th w={64}>
          <VisuallyHidden>{t('missions.list.columns.image')}</VisuallyHidden>
        </Table.Th>
        <Table.Th>{t('missions.list.columns.title')}</Table.Th>
        <Table.Th>{t('missions.list.columns.type')}</Table.Th>
        <Table.Th>{t('missions.list.columns.subtype')}</Table.Th>
        <Table.Th>{t('missions.list.columns.status')}</Table.Th>
        <Table.Th ta="right">{t('missions.list.columns.items')}</Table.Th>
        <Table.Th>{t('missions.list.columns.updated')}</Table.Th>
        <Table.Th>
          <VisuallyHidden>{t('missions.list.columns.actions')}</VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

const COLUMN_COUNT = 8;

function TableFrame({ children, label, busy }: { children: ReactNode; label: string; busy?: boolean }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={label} aria-busy={busy || undefined}>
        <Header />
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

export function MissionTableSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <TableFrame label={t('app.loading')} busy>
      <Table.Tbody>
        {Array.from({ length: rows }, (_, row) => (
          <Table.Tr key={row}>
            {Array.from({ length: COLUMN_COUNT }, (_, col) => (
              <Table.Td key={col}>
                {col === 0 ? (
                  <Skeleton height={44} width={44} radius="md" />
                ) : (
                  <Skeleton height={14} width={col === 1 ? '80%' : '60%'} radius="sm" />
                )}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableFrame>
  );
}

export function MissionTable({ missions, canDuplicate, onDuplicate, busyId = null, stale = false }: MissionTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <TableFrame label={t('missions.list.title')} busy={stale}>
      <Table.Tbody style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {missions.map((mission) => {
          const title = missionTitle(mission, t('missions.untitled'));
          return (
            <Table.Tr key={mission.id}>
              <Table.Td>
                <Avatar src={mission.imageUrl} alt="" radius="md" size={44} color="indigo" variant="light">
                  <IconTargetArrow size={20} aria-hidden />
                </Avatar>
              </Table.Td>
              <Table.Td maw={320}>
                <Anchor component={Link} to={missionEditorPath(mission)} size="sm" fw={500} lineClamp={2}>
                  {title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <MissionTypeBadge type={mission.type} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`missions.subtype.${mission.subtype}`)}</Text>
              </Table.Td>
              <Table.Td>
                <MissionStatusBadge status={mission.status} />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{formatNumber(mission.itemCount, i18n.language)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatListDate(mission.updatedAt, i18n.language)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label={t('missions.actions.edit')} withinPortal>
                    <ActionIcon
                      component={Link}
                      to={missionEditorPath(mission)}
                      variant="subtle"
                      color="gray"
                      aria-label={t('missions.actions.edit-named', { title })}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  {canDuplicate && (
                    <Tooltip label={t('missions.actions.duplicate')} withinPortal>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('missions.actions.duplicate-named', { title })}
                        onClick={() => onDuplicate(mission)}
                        loading={busyId === mission.id}
                      >
                        <IconCopy size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </TableFrame>
  );
}
