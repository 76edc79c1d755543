import { ActionIcon, Anchor, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { openConfirm } from '../../../components/confirm-dialog';
import { IconBuildingStore, IconDots, IconGitMerge, IconUsersPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ExportButton } from '../../exports';
import { STORE_STATUSES, type TManagedStore, type TStoreStatus } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { CountTabs } from '../../../components/paged-table/count-tabs';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, type TTableColumn } from '../../../components/paged-table/paged-table';
import { ListEmptyState } from '../../../components/paged-table/list-empty-state';
import { PagedListPanel } from '../../../components/paged-table/paged-list-panel';
import { TableSearch } from '../../../components/paged-table/table-search';
import { useStatusParam } from '../../../components/paged-table/use-status-param';
import { toSignedSort, useTableQuery } from '../../../components/paged-table/use-table-query';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../app/session';
import { useChangeStoreStatus, useStoreList, useStoreStatusSummary, type TStoreListSortField } from '../api/stores-api';
import { StoreLogo } from './store-logo';
import { StoreStatusBadge } from './store-status-badge';

type TStatusTab = 'all' | TStoreStatus;
const TABS: readonly TStatusTab[] = ['all', ...STORE_STATUSES];

/** Statuses that take a store out of campaigns ask for confirmation first. */
const CONFIRMED_STATUSES = ['rejected', 'inactive'] as const satisfies readonly TStoreStatus[];
type TConfirmedStatus = (typeof CONFIRMED_STATUSES)[number];

function needsConfirmation(status: TStoreStatus): status is TConfirmedStatus {
  return (CONFIRMED_STATUSES as readonly TStoreStatus[]).includes(status);
}

function StatusMenu({
  store,
  busy,
  onChange,
}: {
  store: TManagedStore;
  busy: boolean;
  onChange(store: TManagedStore, status: TStoreStatus): void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('stores.change-status.menu', { name: store.storeName })}
          loading={busy}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {STORE_STATUSES.filter((status) => status !== store.status).map((status) => (
          <Menu.Item
            key={status}
            color={needsConfirmation(status) ? 'red' : undefined}
            onClick={() => onChange(store, status)}
          >
            {t(`stores.change-status.to.${status}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The /stores screen: every store of the brand by status, searchable and sortable, with status changes. */
export function StoresPage() {
  const { t, i18n } = useTranslation();
  const me = useSession();
  const canUpdate = me.permissions.includes('store:update');
  const [status, changeTab] = useStatusParam(STORE_STATUSES);

  const table = useTableQuery<TStoreListSortField>({
    defaultSort: { field: 'storeName', order: 'asc' },
    scopeKey: status ?? 'all',
  });
  const summary = useStoreStatusSummary();
  const list = useStoreList({
    status,
    filter: table.filter,
    sort: toSignedSort(table.sort),
    currentPage: table.currentPage,
  });
  const changeStatus = useChangeStoreStatus();

  function applyStatus(store: TManagedStore, next: TStoreStatus) {
    const name = store.storeName;
    // The store may leave this tab; leaving a later page empty would strand the user on it.
    const emptiesPage = status !== null && list.data?.items.length === 1 && table.currentPage > 1;
    changeStatus.mutate(
      { storeBrandId: store.storeBrandId, status: next },
      {
        onSuccess: () => {
          if (emptiesPage) table.setPage(table.currentPage - 1);
          notify({ color: 'teal', message: t(`stores.change-status.done.${next}`, { name }) });
        },
        onError: (error) =>
          notify({ color: 'red', title: t('stores.change-status.failed', { name }), message: errorMessage(t, error) }),
      },
    );
  }

  function requestStatus(store: TManagedStore, next: TStoreStatus) {
    if (!needsConfirmation(next)) {
      applyStatus(store, next);
      return;
    }
    void openConfirm({
      title: t(`stores.change-status.confirm-title.${next}`),
      body: t(`stores.change-status.confirm-body.${next}`, { name: store.storeName }),
      confirmLabel: t(`stores.change-status.confirm.${next}`),
      danger: true,
    }).then((confirmed) => {
      if (confirmed) applyStatus(store, next);
    });
  }

  const busyId = changeStatus.isPending ? changeStatus.variables.storeBrandId : null;
  const columns: TTableColumn<TManagedStore, TStoreListSortField>[] = [
    {
      key: 'name',
      label: t('stores.list.columns.name'),
      sortField: 'storeName',
      render: (store) => (
        <Group gap="sm" wrap="nowrap">
          <StoreLogo logoUrl={store.logoUrl} />
          <Anchor component={Link} to={`/stores/${store.id}`} size="sm" fw={500} lineClamp={2}>
            {store.storeName}
          </Anchor>
        </Group>
      ),
    },
    {
      key: 'address',
      label: t('stores.list.columns.address'),
      render: (store) => (
        <Text size="sm" c="dimmed" lineClamp={2} maw={320}>
          {store.address.formattedAddress}
        </Text>
      ),
    },
    {
      key: 'ref',
      label: t('stores.list.columns.ref'),
      sortField: 'refId',
      render: (store) => (
        <Text size="sm" ff="monospace">
          {store.refId ?? t('stores.list.no-ref')}
        </Text>
      ),
    },
    {
      key: 'status',
      label: t('stores.list.columns.status'),
      sortField: 'status',
      render: (store) => <StoreStatusBadge status={store.status} />,
    },
    {
      key: 'users',
      label: t('stores.list.columns.users'),
      sortField: 'totalUsers',
      align: 'right',
      render: (store) => formatNumber(store.totalUsers, i18n.language),
    },
    ...(canUpdate
      ? [
          {
            key: 'actions',
            label: t('stores.list.columns.actions'),
            hideLabel: true,
            align: 'right' as const,
            width: 64,
            render: (store: TManagedStore) => (
              <StatusMenu store={store} busy={busyId === store.storeBrandId} onChange={requestStatus} />
            ),
          },
        ]
      : []),
  ];

  const hasQuery = table.filter !== '' || status !== null;
  const empty = (
    <ListEmptyState
      searched={hasQuery}
      icon={<IconBuildingStore aria-hidden />}
      title={t(hasQuery ? 'stores.list.empty-search.title' : 'stores.list.empty.title')}
      description={t(hasQuery ? 'stores.list.empty-search.description' : 'stores.list.empty.description')}
      action={
        table.filter !== '' && (
          <Button variant="light" onClick={table.clearSearch}>
            {t('stores.list.clear-search')}
          </Button>
        )
      }
    />
  );

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <PageHeader
        title={t('stores.list.title')}
        subtitle={t('stores.list.subtitle', { brand: me.brand.name })}
        action={
          <Group gap="sm">
            {canUpdate && (
              <Button
                component={Link}
                to="/stores/pos-import"
                variant="light"
                leftSection={<IconGitMerge size={16} aria-hidden />}
              >
                {t('stores.pos-import-link')}
              </Button>
            )}
            {me.permissions.includes('staff:manage') && (
              <Button component={Link} to="/stores/staff-import" variant="light" leftSection={<IconUsersPlus size={16} aria-hidden />}>
                {t('staff.import.link')}
              </Button>
            )}
            <ExportButton
              kind="stores"
              filters={{ ...(status ? { status } : {}), ...(table.filter ? { filter: table.filter } : {}) }}
            />
          </Group>
        }
      />
      <PagedListPanel
        list={list}
        tabs={
          <CountTabs
            label={t('stores.list.status-tabs')}
            tabs={TABS}
            value={status ?? 'all'}
            onChange={changeTab}
            tabLabel={(tab) => t(`stores.status.${tab}`)}
            counts={summary.data}
          />
        }
        toolbar={
          <TableSearch
            label={t('stores.list.search')}
            placeholder={t('stores.list.search-placeholder')}
            value={table.search}
            onChange={table.setSearch}
            onClear={table.clearSearch}
            width={360}
          />
        }
        currentPage={table.currentPage}
        onPageChange={table.setPage}
        summary={(total) => t('stores.list.total', total)}
        paginationLabel={t('stores.list.pages')}
      >
        <PagedTable
          label={t('stores.list.title')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(store) => store.storeBrandId}
          sort={table.sort}
          onSort={table.toggleSort}
          stale={list.isPlaceholderData}
          minWidth={900}
          empty={empty}
        />
      </PagedListPanel>
    </Stack>
  );
}

export default StoresPage;
