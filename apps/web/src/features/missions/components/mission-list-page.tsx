import { useState } from 'react';
import { Button, EmptyState, Group, Pagination, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch, IconTargetArrow, IconX } from '@tabler/icons-react';
import {
  MISSION_STATUSES,
  MISSION_TYPES,
  PAGE_SIZES,
  missionStatusLabel,
  type TMission,
  type TMissionStatus,
  type TMissionType,
} from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber } from '../../../lib/format';
import { useSession } from '../../auth/components/session-context';
import { useDuplicateMission, useMissionList } from '../api/missions-api';
import { CreateMissionModal } from './create-mission-modal';
import { missionEditorPath } from './mission-paths';
import { MissionTable, MissionTableSkeleton } from './mission-table';
import { notify } from './notify';

const SEARCH_DEBOUNCE_MS = 300;
export const MISSION_PAGE_SIZES = [PAGE_SIZES.missions, 10, 20] as const;
const ALL = 'all';

function isType(value: string | null): value is TMissionType {
  return value !== null && (MISSION_TYPES as readonly string[]).includes(value);
}

function isStatus(value: string | null): value is TMissionStatus {
  return value !== null && (MISSION_STATUSES as readonly string[]).includes(value);
}

export function MissionListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = useSession();
  const canCreate = me.permissions.includes('mission:create');

  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
  const applyFilter = useDebouncedCallback((value: string) => setFilter(value.trim()), SEARCH_DEBOUNCE_MS);
  const [type, setType] = useState<TMissionType | null>(null);
  const [status, setStatus] = useState<TMissionStatus | null>(null);
  const [perPage, setPerPage] = useState<number>(PAGE_SIZES.missions);
  const [createOpened, createModal] = useDisclosure(false);

  // A page number belongs to the query it was chosen in; any other query starts at page 1.
  const queryKey = `${filter}|${type ?? ALL}|${status ?? ALL}|${perPage}`;
  const [paging, setPaging] = useState({ queryKey, page: 1 });
  const currentPage = paging.queryKey === queryKey ? paging.page : 1;
  const setPage = (page: number) => setPaging({ queryKey, page });

  const list = useMissionList({ filter, type, status, currentPage, perPage });
  const duplicate = useDuplicateMission();

  function clearSearch() {
    setSearch('');
    setFilter('');
  }

  function duplicateMission(mission: TMission) {
    duplicate.mutate(mission.id, {
      onSuccess: (copy) => {
        notify(t, { color: 'teal', message: t('missions.actions.duplicated', { title: copy.title }) });
        void navigate(missionEditorPath(copy));
      },
      onError: (error) =>
        notify(t, { color: 'red', title: t('missions.actions.duplicate-failed'), message: errorMessage(t, error) }),
    });
  }

  const pageCount = list.data?._meta.pageCount ?? 0;
  const totalCount = list.data?._meta.totalCount ?? 0;
  const hasQuery = filter !== '' || type !== null || status !== null;

  function renderBody() {
    if (list.isPending) return <MissionTableSkeleton rows={Math.min(perPage, 5)} />;
    if (list.isError && !list.data) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
    if (list.data.items.length === 0) {
      return hasQuery ? (
        <EmptyState
          py="xl"
          icon={<IconSearch aria-hidden />}
          title={t('missions.list.empty-search.title')}
          description={t('missions.list.empty-search.description')}
        >
          <EmptyState.Actions>
            <Button
              variant="light"
              onClick={() => {
                clearSearch();
                setType(null);
                setStatus(null);
              }}
            >
              {t('missions.list.clear-filters')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <EmptyState
          py="xl"
          variant="light"
          icon={<IconTargetArrow aria-hidden />}
          title={t('missions.list.empty.title')}
          description={t(canCreate ? 'missions.list.empty.description' : 'missions.list.empty.description-readonly')}
        >
          {canCreate && (
            <EmptyState.Actions>
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
                {t('missions.create.button')}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      );
    }
    return (
      <MissionTable
        missions={list.data.items}
        canDuplicate={canCreate}
        onDuplicate={duplicateMission}
        busyId={duplicate.isPending ? duplicate.variables : null}
        stale={list.isPlaceholderData}
      />
    );
  }

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <PageHeader
        title={t('missions.list.title')}
        subtitle={t('missions.list.subtitle', { brand: me.brand.name })}
        action={
          canCreate && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
              {t('missions.create.button')}
            </Button>
          )
        }
      />

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Stack gap={0}>
          <Group p="md" gap="sm" wrap="wrap">
            <TextInput
              aria-label={t('missions.list.search')}
              placeholder={t('missions.list.search-placeholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={
                search !== '' && (
                  <IconX
                    size={14}
                    role="button"
                    aria-label={t('missions.list.clear-search')}
                    style={{ cursor: 'pointer' }}
                    onClick={clearSearch}
                  />
                )
              }
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                applyFilter(event.currentTarget.value);
              }}
              type="search"
              w={{ base: '100%', sm: 300 }}
            />
            <Select
              aria-label={t('missions.list.type-filter')}
              data={[
                { value: ALL, label: t('missions.list.all-types') },
                ...MISSION_TYPES.map((value) => ({ value, label: t(`missions.type.${value}`) })),
              ]}
              value={type ?? ALL}
              onChange={(value) => setType(isType(value) ? value : null)}
              allowDeselect={false}
              w={{ base: '100%', sm: 180 }}
            />
            <Select
              aria-label={t('missions.list.status-filter')}
              data={[
                { value: ALL, label: t('missions.list.all-statuses') },
                ...MISSION_STATUSES.map((value) => ({
                  value,
                  label: t(`missions.status.${missionStatusLabel(value)}`),
                })),
              ]}
              value={status ?? ALL}
              onChange={(value) => setStatus(isStatus(value) ? value : null)}
              allowDeselect={false}
              w={{ base: '100%', sm: 180 }}
            />
          </Group>
          {renderBody()}
          {list.data && list.data.items.length > 0 && (
            <Group justify="space-between" p="md" wrap="wrap">
              <Group gap="md">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {t('missions.list.total', { count: totalCount, formatted: formatNumber(totalCount, i18n.language) })}
                </Text>
                <Select
                  aria-label={t('missions.list.page-size')}
                  data={MISSION_PAGE_SIZES.map((size) => ({
                    value: String(size),
                    label: t('missions.list.per-page', { count: size }),
                  }))}
                  value={String(perPage)}
                  onChange={(value) => value && setPerPage(Number(value))}
                  allowDeselect={false}
                  size="xs"
                  w={130}
                />
              </Group>
              {pageCount > 1 && (
                <nav aria-label={t('missions.list.pagination')}>
                  <Pagination
                    total={pageCount}
                    value={currentPage}
                    onChange={setPage}
                    getControlProps={(control) => ({ 'aria-label': t(`missions.pagination.${control}`) })}
                    getItemProps={(page) => ({ 'aria-label': t('missions.pagination.page', { page }) })}
                  />
                </nav>
              )}
            </Group>
          )}
        </Stack>
      </Paper>

      <CreateMissionModal
        opened={createOpened}
        onClose={createModal.close}
        onCreated={(mission) => {
          createModal.close();
          notify(t, { color: 'teal', message: t('missions.create.created') });
          void navigate(missionEditorPath(mission));
        }}
      />
    </Stack>
  );
}

export default MissionListPage;
