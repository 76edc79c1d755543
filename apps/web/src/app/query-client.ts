import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { ERROR_CODES } from '@rally/domain';
import { isApiError } from '../lib/api-error';
import { errorMessage } from '../lib/error-message';
import { i18n } from '../i18n/i18n';
import { meQueryKey } from './query-keys';

function handleUnauthenticated(queryClient: QueryClient): void {
  // Only a session that was known to exist can have ended (a failed sign-in is a plain 401).
  if (queryClient.getQueryData(meQueryKey) === undefined) return;
  // Refetching "me" then fails too, and the auth guard sends the user to /sign-in.
  void queryClient.invalidateQueries({ queryKey: meQueryKey });
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // No brand yet: the auth guard sends the person to create one; nothing failed to load.
        if (isApiError(error) && error.code === ERROR_CODES.noBrand) return;
        // A screen that shows its own query's failure in place (the invitation link's page) asks for no toast.
        if (query.meta?.['showsOwnError'] === true) return;
        if (isApiError(error) && error.isUnauthenticated) {
          if (query.queryKey[0] !== meQueryKey[0]) handleUnauthenticated(queryClient);
          return;
        }
        notifications.show({
          color: 'red',
          title: i18n.t('errors.load-failed'),
          message: errorMessage(i18n.t, error),
          closeButtonProps: { 'aria-label': i18n.t('common.close') },
        });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isApiError(error) && error.isUnauthenticated) handleUnauthenticated(queryClient);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not fix themselves; only retry network and server failures.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
  return queryClient;
}
