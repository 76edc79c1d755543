import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZMediaFile, zPaged, type TMediaFile } from '@rally/domain';
import { apiFetch } from '../../lib/api-client';

export const MEDIA_LIBRARY_PAGE_SIZE = 12;

const ZMediaPage = zPaged(ZMediaFile);

export const mediaKeys = {
  all: ['media'] as const,
  page: (currentPage: number, perPage: number) => [...mediaKeys.all, 'list', { currentPage, perPage }] as const,
};

export function mediaLibraryQueryOptions(currentPage: number, perPage = MEDIA_LIBRARY_PAGE_SIZE) {
  return queryOptions({
    queryKey: mediaKeys.page(currentPage, perPage),
    queryFn: ({ signal }) => apiFetch('/v3/media', { schema: ZMediaPage, query: { currentPage, perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMediaLibrary(currentPage: number, enabled = true) {
  return useQuery({ ...mediaLibraryQueryOptions(currentPage), enabled });
}

export function updateMediaTitle(fileId: string, title: string): Promise<TMediaFile> {
  return apiFetch(`/v3/media/${fileId}/update`, { method: 'POST', body: { title }, schema: ZMediaFile });
}

export function useUpdateMediaTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, title }: { fileId: string; title: string }) => updateMediaTitle(fileId, title),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

/** After an upload the library's first page has a new file. */
export function useInvalidateMediaLibrary() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mediaKeys.all });
}
