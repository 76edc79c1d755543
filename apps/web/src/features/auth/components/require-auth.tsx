import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ERROR_CODES } from '@rally/domain';
import { useMe } from '../api/auth-api';
import { isApiError } from '../../../lib/api-client';
import { FullPageLoader } from '../../../components/full-page-loader';
import { ErrorState } from '../../../components/error-state';
import { SessionProvider } from '../../../app/session';

/** Renders its children only for a signed-in member of a brand; anyone else is sent to /sign-in (or /onboarding). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();

  // Checked before data: a refetch after the session ended keeps the stale user around.
  if (me.isError) {
    if (isApiError(me.error) && me.error.isUnauthenticated) {
      return <Navigate to="/sign-in" replace />;
    }
    // The brand requires two-factor and this member has none yet: the page that turns it on.
    if (isApiError(me.error) && me.error.code === ERROR_CODES.twoFactorRequired) {
      return <Navigate to="/account/security" replace />;
    }
    // Signed in, a member of no brand yet (just signed up, or left or was removed from the last one): create one.
    if (isApiError(me.error) && me.error.code === ERROR_CODES.noBrand) return <Navigate to="/onboarding" replace />;
    return <ErrorState error={me.error} onRetry={() => void me.refetch()} fullPage />;
  }
  if (me.isPending) return <FullPageLoader />;
  return <SessionProvider value={me.data}>{children}</SessionProvider>;
}
