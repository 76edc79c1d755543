import type { ReactNode } from 'react';
import { Group, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../error-state';
import { formatNumber } from '../../lib/format';
import { TableFooter } from './table-footer';

interface TListPage {
  items: readonly unknown[];
  _meta: { pageCount: number; totalCount: number };
}

interface PagedListPanelProps {
  /** The list query: a failure with nothing loaded yet replaces the body with a retry. */
  list: { data: TListPage | undefined; isError: boolean; error: unknown; refetch(): unknown };
  /** Status tabs above the toolbar. */
  tabs?: ReactNode;
  /** The search box and any filters. */
  toolbar: ReactNode;
  toolbarJustify?: 'flex-start' | 'space-between';
  currentPage: number;
  onPageChange(page: number): void;
  /** The line under the rows, given the total ("24 stores"). */
  summary(total: { count: number; formatted: string }): ReactNode;
  paginationLabel: string;
  /** Extra footer controls beside the summary, such as a page size. */
  footerExtra?: ReactNode;
  /** The rows, their loading skeleton or the empty state. */
  children: ReactNode;
}

/** The card of a management list: tabs, toolbar, the rows (or a retry) and the paging footer. */
export function PagedListPanel({
  list,
  tabs,
  toolbar,
  toolbarJustify = 'flex-start',
  currentPage,
  onPageChange,
  summary,
  paginationLabel,
  footerExtra,
  children,
}: PagedListPanelProps) {
  const { i18n } = useTranslation();
  const totalCount = list.data?._meta.totalCount ?? 0;
  return (
    <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
      <Stack gap={0}>
        {tabs}
        <Group p="md" gap="sm" justify={toolbarJustify} wrap="wrap">
          {toolbar}
        </Group>
        {list.isError && !list.data ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : children}
        {list.data && list.data.items.length > 0 && (
          <TableFooter
            summary={summary({ count: totalCount, formatted: formatNumber(totalCount, i18n.language) })}
            pageCount={list.data._meta.pageCount}
            currentPage={currentPage}
            onPageChange={onPageChange}
            paginationLabel={paginationLabel}
          >
            {footerExtra}
          </TableFooter>
        )}
      </Stack>
    </Paper>
  );
}
