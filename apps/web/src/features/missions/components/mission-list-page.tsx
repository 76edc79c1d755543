import { useState } from 'react';
import { Button, Select, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconTargetArrow } from '@tabler/icons-react';
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
import { ListEmptyState } from '../../../components/paged-table/list-empty-state';
import { PagedListPanel } from '../../../components/paged-table/paged-list-panel';
import { TableSearch } from '../../../components/paged-table/table-search';
import { usePagedSearch } from '../../../components/paged-table/use-table-query';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../app/session';
import { useDuplicateMission, useMissionList } from '../api/missions-api';
import { CreateMissionModal } from './create-mission-modal';
import { missionEditorPath } from './mission-paths';
import { MissionTable } from './mission-table';
import { notify } from '../../../lib/notify';

export const MISSION_PAGE_SIZES = [PAGE_SIZES.missions, 10, 20] as const;
const ALL = 'all';

function isType(value: string | null): value is TMissionType {
  return value !== null && (MISSION_TYPES as readonly string[]).includes(value);
}

function isStatus(value: string | null): value is TMissionStatus {
  return value !== null && (MISSION_STATUSES as readonly string[]).includes(value);
}

export function MissionListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSession();
  const canCreate = me.permissions.includes('mission:create');

  const [type, setType] = useState<TMissionType | null>(null);
  const [status, setStatus] = useState<TMissionStatus | null>(null);
  const [perPage, setPerPage] = useState<number>(PAGE_SIZES.missions);
  const [createOpened, createModal] = useDisclosure(false);

  const { search, filter, currentPage, setSearch, clearSearch, setPage } = usePagedSearch({
    scopeKey: `${type ?? ALL}|${status ?? ALL}|${perPage}`,
  });

  const list = useMissionList({ filter, type, status, currentPage, perPage });
  const duplicate = useDuplicateMission();

  function duplicateMission(mission: TMission) {
    duplicate.mutate(mission.id, {
      onSuccess: (copy) => {
        notify({ color: 'teal', message: t('missions.actions.duplicated', { title: copy.title }) });
        void navigate(missionEditorPath(copy));
      },
      onError: (error) =>
        notify({ color: 'red', title: t('missions.actions.duplicate-failed'), message: errorMessage(t, error) }),
    });
  }

  const hasQuery = filter !== '' || type !== null || status !== null;

  function renderBody() {
    if (list.data?.items.length === 0) {
      return (
        <ListEmptyState
          searched={hasQuery}
          icon={<IconTargetArrow aria-hidden />}
          title={t(hasQuery ? 'missions.list.empty-search.title' : 'missions.list.empty.title')}
          description={t(
            hasQuery
              ? 'missions.list.empty-search.description'
              : canCreate
                ? 'missions.list.empty.description'
                : 'missions.list.empty.description-readonly',
          )}
          action={
            hasQuery ? (
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
            ) : (
              canCreate && (
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
                  {t('missions.create.button')}
                </Button>
              )
            )
          }
        />
      );
    }
    // Without a page yet (loading, or failed: the panel then shows the retry instead) the table shows skeleton rows.
    return (
      <MissionTable
        missions={list.data?.items}
        skeletonRows={Math.min(perPage, 5)}
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

      <PagedListPanel
        list={list}
        toolbar={
          <>
            <TableSearch
              label={t('missions.list.search')}
              placeholder={t('missions.list.search-placeholder')}
              value={search}
              onChange={setSearch}
              onClear={clearSearch}
              width={300}
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
          </>
        }
        currentPage={currentPage}
        onPageChange={setPage}
        summary={(total) => t('missions.list.total', total)}
        paginationLabel={t('missions.list.pagination')}
        footerExtra={
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
        }
      >
        {renderBody()}
      </PagedListPanel>

      <CreateMissionModal
        opened={createOpened}
        onClose={createModal.close}
        onCreated={(mission) => {
          createModal.close();
          notify({ color: 'teal', message: t('missions.create.created') });
          void navigate(missionEditorPath(mission));
        }}
      />
    </Stack>
  );
}

export default MissionListPage;
