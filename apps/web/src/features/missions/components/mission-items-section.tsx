import { useId, useRef, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  Group,
  NumberInput,
  Pagination,
  Paper,
  Popover,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { openConfirm } from '../../../components/confirm-dialog';
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
  IconArrowsSort,
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
import { notify } from '../../../lib/notify';
import { readableText } from './mission-badges';

const KIND_ICONS = { question: IconListCheck, option: IconShoppingCart, field: IconForms } as const;

/** Spec §9: a mission's items are listed five a page. */
export const ITEMS_PER_PAGE = 5;

const pageCountFor = (total: number) => Math.max(1, Math.ceil(total / ITEMS_PER_PAGE));
/** The 1-based page that shows the item at a 0-based index. */
const pageOfIndex = (index: number) => Math.floor(Math.max(0, index) / ITEMS_PER_PAGE) + 1;

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

/** Moves an item to any position, also one on another page, which dragging cannot reach. */
function MoveToPosition({
  item,
  position,
  total,
  onMove,
}: {
  item: TMissionItem;
  position: number;
  total: number;
  onMove: (position: number) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<number | string>(position);
  const target = typeof value === 'number' ? value : Number.NaN;
  const valid = Number.isInteger(target) && target >= 1 && target <= total;

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus returnFocus withArrow shadow="md" position="bottom-end">
      <Tooltip label={t('missions.items.move.tooltip')} disabled={opened}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('missions.items.move.open', { title: item.title })}
            onClick={() => {
              setValue(position);
              setOpened((open) => !open);
            }}
          >
            <IconArrowsSort size={18} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Tooltip>
      <Popover.Dropdown>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!valid) return;
            setOpened(false);
            if (target !== position) onMove(target);
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <NumberInput
              label={t('missions.items.move.position')}
              description={t('missions.items.move.position-help', { total })}
              min={1}
              max={total}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={value}
              onChange={setValue}
              w={150}
              data-autofocus
            />
            <Button type="submit" disabled={!valid}>
              {t('missions.items.move.submit')}
            </Button>
          </Group>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

function SortableItemRow({
  item,
  position,
  total,
  otherKind,
  canEdit,
  onEdit,
  onDelete,
  onMove,
  deleting,
}: {
  item: TMissionItem;
  /** 1-based position in the whole list, not only on this page. */
  position: number;
  total: number;
  otherKind: boolean;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMove: (position: number) => void;
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
            {total > 1 && <MoveToPosition item={item} position={position} total={total} onMove={onMove} />}
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
  const [page, setPage] = useState(1);
  const [announcement, setAnnouncement] = useState('');
  const remove = useDeleteItem(missionId);
  const reorder = useReorderItem(missionId);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const list = items ?? [];
  const pageCount = pageCountFor(list.length);
  // A shorter list (a delete, a refetch) never leaves an empty page on screen.
  const activePage = Math.min(page, pageCount);
  const offset = (activePage - 1) * ITEMS_PER_PAGE;
  const pageItems = list.slice(offset, offset + ITEMS_PER_PAGE);
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

  /** Sends the item's new absolute, 0-based position and shows the page that now holds it. */
  function moveItem(itemId: number, from: number, to: number, onMoved?: () => void) {
    const optimistic = arrayMove(list, from, to).map((item, order) => ({ ...item, order }));
    setPage(pageOfIndex(to));
    reorder.mutate(
      { itemId, order: to, optimistic },
      {
        onSuccess: onMoved,
        onError: (error) => {
          // The old order comes back, so does the page that showed the item.
          setPage(pageOfIndex(from));
          notify({ color: 'red', title: t('missions.items.reorder-failed'), message: errorMessage(t, error) });
        },
      },
    );
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    // Only the page's rows are sortable; their indices in the whole list are absolute positions.
    const from = list.findIndex((item) => item.id === active.id);
    const to = list.findIndex((item) => item.id === over.id);
    if (from < 0 || to < 0) return;
    moveItem(Number(active.id), from, to);
  }

  function moveToPosition(item: TMissionItem, position: number) {
    const from = list.findIndex((candidate) => candidate.id === item.id);
    const to = Math.min(Math.max(position - 1, 0), list.length - 1);
    if (from < 0 || from === to) return;
    moveItem(item.id, from, to, () =>
      setAnnouncement(t('missions.items.move.moved', { title: item.title, position: to + 1, total: list.length })),
    );
  }

  /** After an add or a save, show the page holding that item (a new item is the one not listed before). */
  function followSavedItem(saved: TMissionItem[], editedId: number | null) {
    const known = new Set(list.map((item) => item.id));
    const index =
      editedId === null
        ? saved.findIndex((item) => !known.has(item.id))
        : saved.findIndex((item) => item.id === editedId);
    setPage(index < 0 ? pageCountFor(saved.length) : pageOfIndex(index));
  }

  function confirmDelete(item: TMissionItem) {
    void openConfirm({
      title: t(`missions.items.${item.kind}.delete-title`),
      body: t('missions.items.delete-body', { title: item.title }),
      confirmLabel: t('missions.items.delete'),
      danger: true,
    }).then((confirmed) => {
      if (!confirmed) return;
      remove.mutate(item.id, {
        onSuccess: (rest) => {
          // Deleting the only item of the last page shows the page before it.
          setPage((current) => Math.min(current, pageCountFor(rest.length)));
          notify({ color: 'teal', message: t('missions.items.deleted', { title: item.title }) });
        },
        onError: (error) =>
          notify({
            color: 'red',
            title: t('missions.items.delete-failed'),
            // The server names the reward using the item; its message says which.
            message: isApiError(error) && error.code === 'ITEM_IN_USE' ? error.message : errorMessage(t, error),
          }),
      });
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
        <SortableContext items={pageItems.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <Stack component="ol" gap="xs" p={0} m={0} aria-labelledby={headingId}>
            {pageItems.map((item, index) => (
              <SortableItemRow
                key={item.id}
                item={item}
                position={offset + index + 1}
                total={list.length}
                otherKind={item.kind !== kind}
                canEdit={canEdit}
                onEdit={() => setEditing({ item, kind: item.kind })}
                onDelete={() => confirmDelete(item)}
                onMove={(position) => moveToPosition(item, position)}
                deleting={remove.isPending && remove.variables === item.id}
              />
            ))}
          </Stack>
        </SortableContext>
        {pageCount > 1 && (
          <Group justify="space-between" align="center" mt="sm">
            <Text size="sm" c="dimmed">
              {t('missions.items.range', {
                from: offset + 1,
                to: offset + pageItems.length,
                total: list.length,
              })}
            </Text>
            <nav aria-label={t(`missions.items.${kind}.pagination`)}>
              <Pagination
                total={pageCount}
                value={activePage}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': t(`missions.pagination.${control}`) })}
                getItemProps={(item) => ({ 'aria-label': t('missions.pagination.page', { page: item }) })}
              />
            </nav>
          </Group>
        )}
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
              {canEdit && pageCount > 1 && <> {t('missions.items.move-help')}</>}
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
        <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      </Stack>
      <ItemFormModal
        missionId={missionId}
        kind={editing?.kind ?? kind}
        item={editing?.item ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={(saved) => followSavedItem(saved, editing?.item?.id ?? null)}
      />
    </Paper>
  );
}
