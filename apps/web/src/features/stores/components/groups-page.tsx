import { Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { IconSearch, IconUsersGroup } from '@tabler/icons-react';
import type { TManagedGroupList } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, type TTableColumn } from '../../../components/paged-table/paged-table';
import { TableFooter } from '../../../components/paged-table/table-footer';
import { TableSearch } from '../../../components/paged-table/table-search';
import { toSignedSort, useTableQuery } from '../../../components/paged-table/use-table-query';
import { formatNumber } from '../../../lib/format';
import { useSession } from '../../auth/components/session-context';
import { useGroupList, type TGroupListSortField } from '../api/stores-api';
import { StoreStatusBadge } from './store-status-badge';

type TManagedGroup = TManagedGroupList['items'][number];

/** The /groups screen: the brand's store groups, searchable, sortable and paged. */
export function GroupsPage() {
  const { t, i18n } = useTranslation();
  const me = useSession();
  const table = useTableQuery<TGroupListSortField>({ defaultSort: { field: 'name', order: 'asc' } });
  const list = useGroupList({ filter: table.filter, sort: toSignedSort(table.sort), currentPage: table.currentPage });

  const columns: TTableColumn<TManagedGroup, TGroupListSortField>[] = [
    {
      key: 'name',
      label: t('stores.groups.columns.name'),
      sortField: 'name',
      render: (group) => (
        <Text size="sm" fw={500}>
          {group.name}
        </Text>
      ),
    },
    {
      key: 'status',
      label: t('stores.groups.columns.status'),
      render: (group) => <StoreStatusBadge status={group.status} of="group" />,
    },
    {
      key: 'stores',
      label: t('stores.groups.columns.stores'),
      sortField: 'totalStores',
      align: 'right',
      render: (group) => formatNumber(group.totalStores, i18n.language),
    },
    {
      key: 'users',
      label: t('stores.groups.columns.users'),
      sortField: 'totalUsers',
      align: 'right',
      render: (group) => formatNumber(group.totalUsers, i18n.language),
    },
  ];

  const totalCount = list.data?._meta.totalCount ?? 0;
  const empty =
    table.filter !== '' ? (
      <EmptyState
        py="xl"
        icon={<IconSearch aria-hidden />}
        title={t('stores.groups.empty-search.title')}
        description={t('stores.groups.empty-search.description')}
      >
        <EmptyState.Actions>
          <Button variant="light" onClick={table.clearSearch}>
            {t('stores.list.clear-search')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    ) : (
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconUsersGroup aria-hidden />}
        title={t('stores.groups.empty.title')}
        description={t('stores.groups.empty.description')}
      />
    );

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <PageHeader title={t('stores.groups.title')} subtitle={t('stores.groups.subtitle', { brand: me.brand.name })} />
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Stack gap={0}>
          <Group p="md">
            <TableSearch
              label={t('stores.groups.search')}
              placeholder={t('stores.groups.search-placeholder')}
              value={table.search}
              onChange={table.setSearch}
              onClear={table.clearSearch}
            />
          </Group>
          {list.isError && !list.data ? (
            <ErrorState error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <PagedTable
              label={t('stores.groups.table')}
              columns={columns}
              rows={list.data?.items}
              rowKey={(group) => group.id}
              sort={table.sort}
              onSort={table.toggleSort}
              stale={list.isPlaceholderData}
              minWidth={640}
              empty={empty}
            />
          )}
          {list.data && list.data.items.length > 0 && (
            <TableFooter
              summary={t('stores.groups.total', {
                count: totalCount,
                formatted: formatNumber(totalCount, i18n.language),
              })}
              pageCount={list.data._meta.pageCount}
              currentPage={table.currentPage}
              onPageChange={table.setPage}
              paginationLabel={t('stores.groups.pages')}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

export default GroupsPage;
