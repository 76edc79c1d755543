import type { ReactNode } from 'react';
import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface TableFooterProps {
  /** A line such as "24 stores", announced when it changes. */
  summary: ReactNode;
  pageCount: number;
  currentPage: number;
  onPageChange(page: number): void;
  /** Names the pagination landmark ("Store pages"). */
  paginationLabel: string;
  /** Extra controls beside the summary (page size, selection count). */
  children?: ReactNode;
}

/** The line under a paged table: what is shown on the left, page buttons on the right. */
export function TableFooter({
  summary,
  pageCount,
  currentPage,
  onPageChange,
  paginationLabel,
  children,
}: TableFooterProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" p="md" gap="sm" wrap="wrap">
      <Group gap="md">
        <Text size="sm" c="dimmed" aria-live="polite">
          {summary}
        </Text>
        {children}
      </Group>
      {pageCount > 1 && (
        <nav aria-label={paginationLabel}>
          <Pagination
            total={pageCount}
            value={Math.min(currentPage, pageCount)}
            onChange={onPageChange}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`table.pagination.${control}`) })}
            getItemProps={(page) => ({ 'aria-label': t('table.pagination.page', { page }) })}
          />
        </nav>
      )}
    </Group>
  );
}
