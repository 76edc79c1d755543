import { Button, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import type { TManagedGroupList } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, type TTableColumn } from '../../../components/paged-table/paged-table';
import { ListEmptyState } from '../../../components/paged-table/list-empty-state';
import { PagedListPanel } from '../../../components/paged-table/paged-list-panel';
import { TableSearch } from '../../../components/paged-table/table-search';
import { toSignedSort, useTableQuery } from '../../../components/paged-table/use-table-query';
import { formatNumber } from '../../../lib/format';
import { useSession } from '../../../app/session';
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

  const searched = table.filter !== '';
  const empty = (
    <ListEmptyState
      searched={searched}
      icon={<IconUsersGroup aria-hidden />}
      title={t(searched ? 'stores.groups.empty-search.title' : 'stores.groups.empty.title')}
      description={t(searched ? 'stores.groups.empty-search.description' : 'stores.groups.empty.description')}
      action={
        searched && (
          <Button variant="light" onClick={table.clearSearch}>
            {t('stores.list.clear-search')}
          </Button>
        )
      }
    />
  );

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <PageHeader title={t('stores.groups.title')} subtitle={t('stores.groups.subtitle', { brand: me.brand.name })} />
      <PagedListPanel
        list={list}
        toolbar={
          <TableSearch
            label={t('stores.groups.search')}
            placeholder={t('stores.groups.search-placeholder')}
            value={table.search}
            onChange={table.setSearch}
            onClear={table.clearSearch}
          />
        }
        currentPage={table.currentPage}
        onPageChange={table.setPage}
        summary={(total) => t('stores.groups.total', total)}
        paginationLabel={t('stores.groups.pages')}
      >
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
      </PagedListPanel>
    </Stack>
  );
}

export default GroupsPage;
