import { useInfiniteQuery } from '@tanstack/react-query';
import { ZBrandActivityPage } from '@rally/domain';
import { apiFetch, buildUrl } from '../../../lib/api-client';

type Query = Record<string, string | number | undefined>;

export const activityKeys = { list: (query: Query) => ['activity', query] as const };

/** The brand's activity log, newest first, a page at a time ("Show more" asks for the next cursor). */
export function useActivity(query: Query) {
  return useInfiniteQuery({
    queryKey: activityKeys.list(query),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => apiFetch('/activity', { query: { ...query, cursor: pageParam, limit: 50 }, schema: ZBrandActivityPage, signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The CSV of the same filter: a plain link, so the browser streams it to a file. */
export const activityCsvUrl = (query: Query) => buildUrl('/activity/export.csv', query);
