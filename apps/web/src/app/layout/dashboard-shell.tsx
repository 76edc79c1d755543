import { RequireAuth } from '../../features/auth/components/require-auth';
import { AppLayout } from './app-layout';

/**
 * The signed-in part's frame (auth guard, navigation, brand and user menus), loaded as its own chunk:
 * the sign-in page never needs it, and the first download stays small.
 */
export default function DashboardShell() {
  return (
    <RequireAuth>
      <AppLayout />
    </RequireAuth>
  );
}
