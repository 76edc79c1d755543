import type { ReactNode } from 'react';
import { Group, Skeleton, Table, UnstyledButton, VisuallyHidden, type TableTrProps } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { TTableSort } from './use-table-query';

export interface TTableColumn<T, F extends string = string> {
  key: string;
  /** The header text; also the column's accessible name when `header` replaces what is shown. */
  label: string;
  /** Shown instead of the label, e.g. a select-all checkbox. */
  header?: ReactNode;
  /** Header read by screen readers only (checkbox and action columns). */
  hideLabel?: boolean;
  /** The server's sort field; makes the header a sort button. */
  sortField?: F;
  align?: 'left' | 'right';
  width?: number | string;
  render(row: T): ReactNode;
  skeleton?: ReactNode;
}

interface PagedTableProps<T, F extends string> {
  label: string;
  /** The table's name while its first page loads (skeleton rows are not the table's rows yet). */
  loadingLabel?: string;
  columns: readonly TTableColumn<T, F>[];
  /** Undefined while the first page loads: skeleton rows are shown instead. */
  rows: readonly T[] | undefined;
  rowKey(row: T): string | number;
  sort?: TTableSort<F>;
  onSort?(field: F): void;
  /** Old rows stay visible while the next page loads; they are dimmed to show it. */
  stale?: boolean;
  skeletonRows?: number;
  minWidth?: number;
  /** Shown in the body when a loaded page has no rows, so the headers stay in place. */
  empty?: ReactNode;
  rowProps?(row: T): TableTrProps;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function SortIcon({ active, order }: { active: boolean; order: TTableSort<string>['order'] }) {
  if (!active) return <IconArrowsSort size={14} stroke={1.6} aria-hidden style={{ opacity: 0.5 }} />;
  return order === 'asc' ? <IconArrowUp size={14} aria-hidden /> : <IconArrowDown size={14} aria-hidden />;
}

function HeaderCell<T, F extends string>({
  column,
  sort,
  onSort,
}: {
  column: TTableColumn<T, F>;
  sort: TTableSort<F> | undefined;
  onSort: ((field: F) => void) | undefined;
}) {
  const { sortField } = column;
  const active = sortField !== undefined && sort?.field === sortField;
  const content = column.header ?? (column.hideLabel ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label);
  return (
    <Table.Th
      w={column.width}
      ta={column.align}
      // Only the column the rows are ordered by carries aria-sort, as the ARIA practices advise.
      aria-sort={active && sort ? ARIA_SORT[sort.order] : undefined}
      aria-label={column.header ? column.label : undefined}
    >
      {sortField !== undefined && onSort ? (
        <UnstyledButton
          onClick={() => onSort(sortField)}
          fz="sm"
          fw={700}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : 'flex-start'}>
            {column.label}
            <SortIcon active={active} order={sort?.order ?? 'asc'} />
          </Group>
        </UnstyledButton>
      ) : (
        content
      )}
    </Table.Th>
  );
}

/** A server-paged table: sortable headers, skeleton rows while loading, dimmed rows while the next page loads. */
export function PagedTable<T, F extends string = string>({
  label,
  loadingLabel,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  stale = false,
  skeletonRows = 5,
  minWidth = 640,
  empty,
  rowProps,
}: PagedTableProps<T, F>) {
  const loading = rows === undefined;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={loading && loadingLabel ? loadingLabel : label}
        aria-busy={loading || stale || undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <HeaderCell key={column.key} column={column} sort={sort} onSort={onSort} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {loading &&
            Array.from({ length: skeletonRows }, (_, row) => (
              <Table.Tr key={row}>
                {columns.map((column, col) => (
                  <Table.Td key={column.key}>
                    {column.skeleton ?? <Skeleton height={14} width={col === 0 ? '80%' : '60%'} radius="sm" />}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {rows?.length === 0 && empty !== undefined && (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{empty}</Table.Td>
            </Table.Tr>
          )}
          {rows?.map((row) => (
            <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column) => (
                <Table.Td key={column.key} ta={column.align}>
                  {column.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
