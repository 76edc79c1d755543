import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useMe } from '../api/auth-api';
import { isApiError } from '../../../lib/api-client';
import { FullPageLoader } from '../../../components/full-page-loader';
import { ErrorState } from '../../../components/error-state';
import { SessionProvider } from '../../../app/session';

/** Renders its children only for a signed-in user; anyone else is sent to /sign-in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();

  // Checked before data: a refetch after the session ended keeps the stale user around.
  if (me.isError) {
    if (isApiError(me.error) && me.error.isUnauthenticated) {
      return <Navigate to="/sign-in" replace />;
    }
    return <ErrorState error={me.error} onRetry={() => void me.refetch()} fullPage />;
  }
  if (me.isPending) return <FullPageLoader />;
  return <SessionProvider value={me.data}>{children}</SessionProvider>;
}
