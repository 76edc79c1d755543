import { useId, useRef, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  IconForms,
  IconGripVertical,
  IconListCheck,
  IconPencil,
  IconPlus,
  IconShoppingCart,
  IconTrash,
} from '@tabler/icons-react';
import type { TMissionItem, TMissionItemKind } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteItem, useReorderItem } from '../api/missions-api';
import { draftFor } from './item-form';
import { ItemFormModal } from './item-form-modal';
import { notify } from './notify';
import { readableText } from './mission-badges';

const KIND_ICONS = { question: IconListCheck, option: IconShoppingCart, field: IconForms } as const;

interface MissionItemsSectionProps {
  missionId: number;
  /** The kind this mission is built from (itemKindFor). */
  kind: TMissionItemKind;
  items: TMissionItem[] | undefined;
  loading: boolean;
  canEdit: boolean;
}

function ItemSummary({ item }: { item: TMissionItem }) {
  const { t } = useTranslation();
  const draft = draftFor(item.kind, item);
  if (item.kind === 'question') {
    const correct = draft.options.find((option) => option.id === draft.correctOptionId);
    return (
      <Text size="xs" c="dimmed">
        {t('missions.items.question.summary', { count: draft.options.length })}
        {' · '}
        {correct ? (
          t('missions.items.question.summary-correct', { answer: correct.text })
        ) : (
          <Text span size="xs" c="orange.8" fw={500}>
            {t('missions.items.question.summary-no-correct')}
          </Text>
        )}
      </Text>
    );
  }
  if (item.kind === 'option') {
    return (
      <Text size="xs" c="dimmed">
        {draft.sku === '' ? t('missions.items.option.no-sku') : t('missions.items.option.summary', { sku: draft.sku })}
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      {t(`missions.items.field.types.${draft.fieldType}`)}
      {' · '}
      {t(draft.required ? 'missions.items.field.is-required' : 'missions.items.field.is-optional')}
      {draft.fieldType === 'choice' && ` · ${draft.choices.join(', ')}`}
    </Text>
  );
}

function SortableItemRow({
  item,
  position,
  otherKind,
  canEdit,
  onEdit,
  onDelete,
  deleting,
}: {
  item: TMissionItem;
  position: number;
  otherKind: boolean;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: !canEdit,
    attributes: { roleDescription: t('missions.items.dnd.role') },
  });
  const rewards = item.inUseBy.map((use) => `“${use.title}”`).join(', ');
  const Icon = KIND_ICONS[item.kind];

  return (
    <Paper
      ref={setNodeRef}
      component="li"
      withBorder
      radius="md"
      p="sm"
      shadow={isDragging ? 'md' : undefined}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        listStyle: 'none',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {canEdit && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
            aria-label={t('missions.items.dnd.handle', { title: item.title })}
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
        )}
        <Badge
          variant="light"
          color="gray"
          radius="sm"
          mt={4}
          style={{ minWidth: 'max-content', color: readableText('gray') }}
          aria-hidden
        >
          {position}
        </Badge>
        <Icon
          size={18}
          stroke={1.6}
          aria-hidden
          style={{ marginTop: 5, flexShrink: 0 }}
          color="var(--mantine-color-indigo-6)"
        />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Text>
          <ItemSummary item={item} />
          <Group gap={6} mt={2}>
            {item.inUse && (
              <Badge
                variant="light"
                color="blue"
                radius="sm"
                id={reasonId}
                style={{ textTransform: 'none', color: readableText('blue') }}
              >
                {t('missions.items.used-by', { rewards, count: item.inUseBy.length })}
              </Badge>
            )}
            {otherKind && (
              <Badge
                variant="light"
                color="orange"
                radius="sm"
                style={{ textTransform: 'none', color: readableText('orange') }}
              >
                {t('missions.items.other-kind')}
              </Badge>
            )}
          </Group>
        </Stack>
        {canEdit && (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('missions.items.edit')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={onEdit}
                aria-label={t('missions.items.edit-named', { title: item.title })}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip
              label={
                item.inUse
                  ? t('missions.items.delete-disabled', { rewards, count: item.inUseBy.length })
                  : t('missions.items.delete')
              }
              multiline
              maw={260}
            >
              {/* A wrapper keeps the tooltip working while the button is disabled. */}
              <span>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={onDelete}
                  disabled={item.inUse}
                  loading={deleting}
                  aria-label={t('missions.items.delete-named', { title: item.title })}
                  aria-describedby={item.inUse ? reasonId : undefined}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </span>
            </Tooltip>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

export function MissionItemsSkeleton() {
  return (
    <Stack gap="sm">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} height={64} radius="md" />
      ))}
    </Stack>
  );
}

export function MissionItemsSection({ missionId, kind, items, loading, canEdit }: MissionItemsSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [editing, setEditing] = useState<{ item: TMissionItem | null; kind: TMissionItemKind } | null>(null);
  const remove = useDeleteItem(missionId);
  const reorder = useReorderItem(missionId);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const list = items ?? [];
  const titleOf = (id: UniqueIdentifier) => list.find((item) => item.id === id)?.title ?? '';
  const positionOf = (id: UniqueIdentifier) => list.findIndex((item) => item.id === id) + 1;

  // The item starts over itself; announcing that would replace "picked up" before it is read.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t('missions.items.dnd.picked', {
        title: titleOf(active.id),
        position: positionOf(active.id),
        total: list.length,
      });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return t('missions.items.dnd.over', {
        title: titleOf(active.id),
        position: positionOf(over.id),
        total: list.length,
      });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t('missions.items.dnd.dropped', {
            title: titleOf(active.id),
            position: positionOf(over.id),
            total: list.length,
          })
        : undefined,
    onDragCancel: ({ active }) => t('missions.items.dnd.cancelled', { title: titleOf(active.id) }),
  };

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = list.findIndex((item) => item.id === active.id);
    const to = list.findIndex((item) => item.id === over.id);
    if (from < 0 || to < 0) return;
    const optimistic = arrayMove(list, from, to).map((item, order) => ({ ...item, order }));
    reorder.mutate(
      { itemId: Number(active.id), order: to, optimistic },
      {
        onError: (error) =>
          notify(t, { color: 'red', title: t('missions.items.reorder-failed'), message: errorMessage(t, error) }),
      },
    );
  }

  function confirmDelete(item: TMissionItem) {
    modals.openConfirmModal({
      title: t(`missions.items.${item.kind}.delete-title`),
      centered: true,
      children: <Text size="sm">{t('missions.items.delete-body', { title: item.title })}</Text>,
      labels: { confirm: t('missions.items.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        remove.mutate(item.id, {
          onSuccess: () => notify(t, { color: 'teal', message: t('missions.items.deleted', { title: item.title }) }),
          onError: (error) =>
            notify(t, {
              color: 'red',
              title: t('missions.items.delete-failed'),
              // The server names the reward using the item; its message says which.
              message: isApiError(error) && error.code === 'ITEM_IN_USE' ? error.message : errorMessage(t, error),
            }),
        }),
    });
  }

  const Icon = KIND_ICONS[kind];
  let body;
  if (loading) {
    body = <MissionItemsSkeleton />;
  } else if (list.length === 0) {
    body = (
      <EmptyState
        variant="light"
        icon={<Icon aria-hidden />}
        title={t(`missions.items.${kind}.empty-title`)}
        description={t(`missions.items.${kind}.empty-description`)}
      />
    );
  } else {
    body = (
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={handleDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('missions.items.dnd.instructions') },
        }}
      >
        <SortableContext items={list.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <Stack component="ol" gap="xs" p={0} m={0} aria-labelledby={headingId}>
            {list.map((item, index) => (
              <SortableItemRow
                key={item.id}
                item={item}
                position={index + 1}
                otherKind={item.kind !== kind}
                canEdit={canEdit}
                onEdit={() => setEditing({ item, kind: item.kind })}
                onDelete={() => confirmDelete(item)}
                deleting={remove.isPending && remove.variables === item.id}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    );
  }

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} fz="h4" id={headingId}>
              {t(`missions.items.${kind}.heading`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`missions.items.${kind}.help`)}
              {canEdit && list.length > 1 && <> {t('missions.items.reorder-help')}</>}
            </Text>
          </div>
          {canEdit && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ item: null, kind })}>
              {t(`missions.items.${kind}.add`)}
            </Button>
          )}
        </Group>
        {body}
        {reorder.isPending && <VisuallyHidden role="status">{t('missions.items.saving-order')}</VisuallyHidden>}
      </Stack>
      <ItemFormModal
        missionId={missionId}
        kind={editing?.kind ?? kind}
        item={editing?.item ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Paper>
  );
}
