import type { ReactNode } from 'react';
import { EmptyState } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface ListEmptyStateProps {
  /** A search or filter found nothing, as opposed to the list having no rows at all. */
  searched: boolean;
  /** The icon of a list with no rows at all; a search that found nothing shows a magnifier. */
  icon: ReactNode;
  title: string;
  description: string;
  /** A way out: clear the search, or create the first row. */
  action?: ReactNode;
}

/** What a paged list shows in place of its rows when there are none. */
export function ListEmptyState({ searched, icon, title, description, action }: ListEmptyStateProps) {
  return (
    <EmptyState
      py="xl"
      variant={searched ? undefined : 'light'}
      icon={searched ? <IconSearch aria-hidden /> : icon}
      title={title}
      description={description}
    >
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}
