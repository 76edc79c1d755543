import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import type { TSortOrder } from '@rally/domain';

export const SEARCH_DEBOUNCE_MS = 300;

export interface TTableSort<F extends string> {
  field: F;
  order: TSortOrder;
}

export interface TPagedSearch {
  /** What the search box shows, updated on every keystroke. */
  search: string;
  /** The trimmed search text sent to the server, settled after a pause in typing. */
  filter: string;
  currentPage: number;
  setSearch(value: string): void;
  clearSearch(): void;
  setPage(page: number): void;
}

export interface TTableQuery<F extends string> extends TPagedSearch {
  sort: TTableSort<F>;
  /** A click on a column header: the same column flips its order, another one starts ascending. */
  toggleSort(field: F): void;
}

/**
 * Search and page state of a server-paged list. `scopeKey` names anything else the rows
 * depend on (a status tab, a filter, the sort), so changing it returns to page 1.
 */
export function usePagedSearch({ scopeKey = '' }: { scopeKey?: string } = {}): TPagedSearch {
  const [search, setSearchText] = useState('');
  const [filter, setFilter] = useState('');
  const applyFilter = useDebouncedCallback((value: string) => setFilter(value.trim()), SEARCH_DEBOUNCE_MS);

  // A page number only makes sense for the query it was chosen in; any other query starts at
  // page 1, and so does going back to an earlier query (clearing a search returns to page 1).
  const queryKey = `${scopeKey}|${filter}`;
  const [paging, setPaging] = useState({ queryKey, page: 1 });
  if (paging.queryKey !== queryKey) setPaging({ queryKey, page: 1 });
  const currentPage = paging.queryKey === queryKey ? paging.page : 1;

  return {
    search,
    filter,
    currentPage,
    setSearch(value) {
      setSearchText(value);
      applyFilter(value);
    },
    clearSearch() {
      applyFilter.cancel();
      setSearchText('');
      setFilter('');
    },
    setPage(page) {
      setPaging({ queryKey, page });
    },
  };
}

/** Search, sort and page state of a server-paged table with sortable column headers. */
export function useTableQuery<F extends string>({
  defaultSort,
  scopeKey = '',
}: {
  defaultSort: TTableSort<F>;
  scopeKey?: string;
}): TTableQuery<F> {
  const [sort, setSort] = useState<TTableSort<F>>(defaultSort);
  const paged = usePagedSearch({ scopeKey: `${scopeKey}|${sort.field}|${sort.order}` });
  return {
    ...paged,
    sort,
    toggleSort(field) {
      setSort((prev) =>
        prev.field === field ? { field, order: prev.order === 'asc' ? 'desc' : 'asc' } : { field, order: 'asc' },
      );
    },
  };
}

/** The management lists' sort strings: the field, with '-' in front for descending. */
export function toSignedSort<F extends string>(sort: TTableSort<F>): F | `-${F}` {
  return sort.order === 'desc' ? `-${sort.field}` : sort.field;
}
