import { useState } from 'react';
import { Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { TPageMeta } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { PagedTable, type TTableColumn } from '../../../components/paged-table/paged-table';
import { TableFooter } from '../../../components/paged-table/table-footer';
import { TableSearch } from '../../../components/paged-table/table-search';
import { useTableQuery } from '../../../components/paged-table/use-table-query';
import { formatNumber } from '../../../lib/format';
import type { TApprovedListParams } from '../api/reach-api';

interface TPage<T> {
  items: T[];
  _meta: TPageMeta;
}

interface SelectableReachTableProps<T extends { id: number }, F extends string, K extends readonly unknown[]> {
  kind: 'stores' | 'groups';
  /** The data columns; the checkbox column is added in front. */
  columns: readonly TTableColumn<T, F>[];
  rowName(row: T): string;
  listQuery(params: TApprovedListParams<F>): UseQueryOptions<TPage<T>, Error, TPage<T>, K>;
  defaultSortField: F;
  selected: readonly number[];
  onSelectedChange(next: number[]): void;
  /** Users the selection reaches, for the summary line; unknown until first calculated. */
  reachedUsers: number | undefined;
}

/** Adds ids not yet selected, keeping the order in which they were chosen. */
function withIds(selected: readonly number[], ids: readonly number[]): number[] {
  const present = new Set(selected);
  return [...selected, ...ids.filter((id) => !present.has(id))];
}

function withoutIds(selected: readonly number[], ids: readonly number[]): number[] {
  const removed = new Set(ids);
  return selected.filter((id) => !removed.has(id));
}

/**
 * The searchable, sortable, paged list of approved stores or groups of the reach step,
 * with a checkbox per row and one for the whole page.
 */
export function SelectableReachTable<T extends { id: number }, F extends string, K extends readonly unknown[]>({
  kind,
  columns,
  rowName,
  listQuery,
  defaultSortField,
  selected,
  onSelectedChange,
  reachedUsers,
}: SelectableReachTableProps<T, F, K>) {
  const { t, i18n } = useTranslation();
  const table = useTableQuery<F>({ defaultSort: { field: defaultSortField, order: 'asc' } });

  // The server lists the selected ids first. They are taken when the page, search or sort
  // changes, not on every tick, so a row does not jump away from under the pointer.
  const viewKey = `${table.filter}|${table.sort.field}|${table.sort.order}|${table.currentPage}`;
  const [pinned, setPinned] = useState({ viewKey, selected });
  if (pinned.viewKey !== viewKey) setPinned({ viewKey, selected });
  const selectedFirst = pinned.viewKey === viewKey ? pinned.selected : selected;

  const list = useQuery(
    listQuery({
      filter: table.filter,
      sort: table.sort.field,
      order: table.sort.order,
      currentPage: table.currentPage,
      selected: selectedFirst,
    }),
  );

  const rows = list.data?.items;
  const selectedSet = new Set(selected);
  const pageIds = rows?.map((row) => row.id) ?? [];
  const selectedOnPage = pageIds.filter((id) => selectedSet.has(id)).length;
  const allOnPage = pageIds.length > 0 && selectedOnPage === pageIds.length;

  const toggle = (id: number, checked: boolean) =>
    onSelectedChange(checked ? withIds(selected, [id]) : withoutIds(selected, [id]));

  const selectColumn: TTableColumn<T, F> = {
    key: 'select',
    label: t(`reach.${kind}.columns.select`),
    width: 48,
    header: (
      <Checkbox
        aria-label={t(`reach.${kind}.select-page`)}
        checked={allOnPage}
        indeterminate={selectedOnPage > 0 && !allOnPage}
        disabled={pageIds.length === 0}
        onChange={() => onSelectedChange(allOnPage ? withoutIds(selected, pageIds) : withIds(selected, pageIds))}
      />
    ),
    render: (row) => (
      <Checkbox
        aria-label={t(`reach.${kind}.select-row`, { name: rowName(row) })}
        checked={selectedSet.has(row.id)}
        onChange={(event) => toggle(row.id, event.currentTarget.checked)}
      />
    ),
  };

  const count = selected.length;
  const summary = [
    t(`reach.${kind}.selected`, { count, formatted: formatNumber(count, i18n.language) }),
    ...(reachedUsers === undefined
      ? []
      : [t('reach.summary.reaching', { count: reachedUsers, formatted: formatNumber(reachedUsers, i18n.language) })]),
  ].join(t('reach.summary.separator'));

  return (
    <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
      <Stack gap={0}>
        <Group p="sm">
          <TableSearch
            label={t(`reach.${kind}.search`)}
            placeholder={t(`reach.${kind}.search-placeholder`)}
            value={table.search}
            onChange={table.setSearch}
            onClear={table.clearSearch}
          />
        </Group>
        {list.isError && !list.data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <PagedTable<T, F>
            label={t(`reach.${kind}.table`)}
            columns={[selectColumn, ...columns]}
            rows={rows}
            rowKey={(row) => row.id}
            sort={table.sort}
            onSort={table.toggleSort}
            stale={list.isPlaceholderData}
            skeletonRows={5}
            minWidth={560}
            empty={
              <Text size="sm" c="dimmed" ta="center" py="md">
                {t(table.filter === '' ? `reach.${kind}.empty-all` : `reach.${kind}.empty`)}
              </Text>
            }
            rowProps={(row) => (selectedSet.has(row.id) ? { bg: 'var(--mantine-primary-color-light)' } : {})}
          />
        )}
        <TableFooter
          summary={summary}
          pageCount={list.data?._meta.pageCount ?? 0}
          currentPage={table.currentPage}
          onPageChange={table.setPage}
          paginationLabel={t(`reach.${kind}.pages`)}
        />
      </Stack>
    </Paper>
  );
}
