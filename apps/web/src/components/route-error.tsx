import { useRouteError } from 'react-router';
import { ErrorState } from './error-state';

/** Last-resort boundary for render errors and failed lazy chunks (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  return <ErrorState error={error} onRetry={() => window.location.reload()} fullPage />;
}
