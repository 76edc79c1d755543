import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS, type TPagedSearch } from './use-table-query';

export interface TUrlPagedSearch<S extends string> extends TPagedSearch {
  sort: S;
  setSort(sort: S): void;
}

/**
 * Search (`?q=`), sort (`?sort=`) and page (`?page=`) of a server-paged list kept in the URL, so
 * back/forward and shared links restore them. Defaults are the absence of the parameter; a new
 * search or sort returns to page 1. Typing replaces the history entry, pages and sorts push one.
 */
export function useUrlPagedSearch<S extends string>({
  sorts,
  defaultSort,
}: {
  sorts: readonly S[];
  defaultSort: S;
}): TUrlPagedSearch<S> {
  const [params, setParams] = useSearchParams();
  const filter = (params.get('q') ?? '').trim();
  const page = Number(params.get('page') ?? '1');
  const currentPage = Number.isInteger(page) && page > 0 ? page : 1;
  const sortParam = params.get('sort');
  const sort = sorts.find((s) => s === sortParam) ?? defaultSort;

  // The box shows what is typed; when the URL's search changes underneath (back/forward), it follows.
  const [search, setSearchText] = useState(filter);
  const [seenFilter, setSeenFilter] = useState(filter);
  if (seenFilter !== filter) {
    setSeenFilter(filter);
    if (search.trim() !== filter) setSearchText(filter);
  }

  function update(change: (next: URLSearchParams) => void, replace: boolean) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        return next;
      },
      { replace },
    );
  }
  const applyFilter = useDebouncedCallback((value: string) => {
    update((next) => {
      if (value.trim() === '') next.delete('q');
      else next.set('q', value.trim());
      next.delete('page');
    }, true);
  }, SEARCH_DEBOUNCE_MS);

  return {
    search,
    filter,
    currentPage,
    sort,
    setSearch(value) {
      setSearchText(value);
      applyFilter(value);
    },
    clearSearch() {
      applyFilter.cancel();
      setSearchText('');
      update((next) => {
        next.delete('q');
        next.delete('page');
      }, false);
    },
    setPage(p) {
      update((next) => {
        if (p > 1) next.set('page', String(p));
        else next.delete('page');
      }, false);
    },
    setSort(s) {
      update((next) => {
        if (s === defaultSort) next.delete('sort');
        else next.set('sort', s);
        next.delete('page');
      }, false);
    },
  };
}
