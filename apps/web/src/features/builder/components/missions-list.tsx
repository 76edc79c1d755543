import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
  type MantineColor,
} from '@mantine/core';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconEye, IconGripVertical, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { missionStatusLabel, type TCampaignMission } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const STATUS_COLORS: Record<ReturnType<typeof missionStatusLabel>, MantineColor> = {
  incomplete: 'orange',
  ready: 'teal',
  'in-use': 'blue',
};

interface MissionsListProps {
  missions: TCampaignMission[];
  /** Drag handles are shown only when the order may change. */
  sortable: boolean;
  canDelete: boolean;
  /** 'edit' opens the wizard at details; 'view' shows the data read-only (campaign-view). */
  rowAction: 'edit' | 'view' | null;
  onMove: (entryId: number, toIndex: number) => void;
  onOpen: (entry: TCampaignMission) => void;
  onDelete: (entry: TCampaignMission) => void;
}

function missionTitle(entry: TCampaignMission, untitled: string) {
  return entry.mission.title.trim() === '' ? untitled : entry.mission.title;
}

function SettingsLine({ entry }: { entry: TCampaignMission }) {
  const { t } = useTranslation();
  const parts: string[] = [];
  if (entry.type === 'learning') {
    parts.push(
      entry.passingGrade === null
        ? t('builder.missions.no-passing-grade')
        : t('builder.missions.passing-grade', { grade: entry.passingGrade, total: entry.mission.itemCount }),
    );
  }
  if (entry.type === 'contest' && entry.contest) {
    parts.push(t(`builder.missions.contest-kind.${entry.contest.type}`));
    parts.push(
      entry.contest.displayLeaderboard
        ? t(`builder.missions.ranked.${entry.contest.rankLeadersBasedOn}`)
        : t('builder.missions.no-leaderboard'),
    );
  }
  if (entry.type !== 'learning') {
    parts.push(
      entry.maxEntriesPerUser === null || entry.maxEntriesPerUser === 0
        ? t('builder.missions.entries-unlimited')
        : t('builder.missions.entries-per-user', { count: entry.maxEntriesPerUser }),
    );
  }
  return (
    <Text size="xs" c="gray.7" lineClamp={1}>
      {parts.join(' · ')}
    </Text>
  );
}

function MissionRow({
  entry,
  index,
  sortable,
  canDelete,
  rowAction,
  onOpen,
  onDelete,
}: Omit<MissionsListProps, 'missions' | 'onMove'> & { entry: TCampaignMission; index: number }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: entry.id,
    disabled: !sortable,
  });
  const title = missionTitle(entry, t('builder.missions.untitled'));
  const status = missionStatusLabel(entry.mission.status);
  const style = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative' as const,
    zIndex: isDragging ? 2 : undefined,
  };
  return (
    <Paper
      ref={setNodeRef}
      style={style}
      withBorder
      radius="md"
      p="sm"
      shadow={isDragging ? 'md' : undefined}
      component="li"
      data-testid="mission-row"
      data-entry-id={entry.id}
    >
      <Group gap="sm" wrap="nowrap">
        {sortable && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="lg"
            style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
            aria-label={t('builder.missions.reorder', { title })}
            data-testid="mission-drag-handle"
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
        )}
        <Text size="sm" fw={600} c="gray.7" w={20} ta="center" aria-hidden>
          {index + 1}
        </Text>
        <Avatar src={entry.mission.imageUrl} alt="" radius="md" size={48} color="indigo" variant="light">
          <IconPhoto size={22} aria-hidden />
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={`/mission/update/${entry.missionId}`} fw={600} size="sm" lineClamp={1}>
            {title}
          </Anchor>
          <Group gap={6} wrap="nowrap">
            <Badge size="sm" variant="outline" color="indigo" radius="sm">
              {t(`campaign.type.${entry.mission.type}`)}
            </Badge>
            <Badge size="sm" variant="dot" color={STATUS_COLORS[status]} radius="sm">
              {t(`builder.mission-status.${status}`)}
            </Badge>
          </Group>
          <SettingsLine entry={entry} />
        </Stack>
        {rowAction && (
          <Tooltip
            label={rowAction === 'edit' ? t('builder.missions.edit', { title }) : t('builder.missions.view', { title })}
          >
            <ActionIcon
              variant="subtle"
              size="lg"
              onClick={() => onOpen(entry)}
              aria-label={
                rowAction === 'edit' ? t('builder.missions.edit', { title }) : t('builder.missions.view', { title })
              }
            >
              {rowAction === 'edit' ? <IconPencil size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
        {canDelete && (
          <Tooltip label={t('builder.missions.delete', { title })}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={() => onDelete(entry)}
              aria-label={t('builder.missions.delete', { title })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}

/** The campaign's missions in order; drag (mouse or keyboard) to reorder. */
export function MissionsList({
  missions,
  sortable,
  canDelete,
  rowAction,
  onMove,
  onOpen,
  onDelete,
}: MissionsListProps) {
  const { t } = useTranslation();
  const ids = missions.map((m) => m.id);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const titleOf = (id: UniqueIdentifier) => {
    const entry = missions.find((m) => m.id === id);
    return entry ? missionTitle(entry, t('builder.missions.untitled')) : '';
  };
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('builder.dnd.picked-up', { title: titleOf(active.id), position: positionOf(active.id), total: ids.length }),
    onDragOver: ({ active, over }) =>
      over
        ? t('builder.dnd.moved', { title: titleOf(active.id), position: positionOf(over.id), total: ids.length })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('builder.dnd.dropped', { title: titleOf(active.id), position: positionOf(over.id), total: ids.length })
        : t('builder.dnd.cancelled', { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => t('builder.dnd.cancelled', { title: titleOf(active.id) }),
  };
  const screenReaderInstructions: ScreenReaderInstructions = { draggable: t('builder.dnd.instructions') };

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    onMove(Number(active.id), to);
  }

  if (missions.length === 0) {
    return (
      <Text size="sm" c="gray.7" py="md" ta="center">
        {t('builder.missions.empty')}
      </Text>
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={!sortable}>
        <Stack
          component="ol"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('builder.missions.list-label')}
        >
          {missions.map((entry, index) => (
            <MissionRow
              key={entry.id}
              entry={entry}
              index={index}
              sortable={sortable}
              canDelete={canDelete}
              rowAction={rowAction}
              onOpen={onOpen}
              onDelete={onDelete}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
