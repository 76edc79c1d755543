import { Suspense, lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { RouteError } from '../components/route-error';
import { loadDashboardStrings } from '../i18n/i18n';

// One chunk per screen, so the sign-in page does not download the dashboard and vice versa. The shell brings the
// features' English strings and date locales with it (fetched in parallel), so every screen under it renders
// translated.
const DashboardShell = lazy(() =>
  Promise.all([import('./layout/dashboard-shell'), loadDashboardStrings()]).then(([shell]) => shell),
);
const SignInPage = lazy(() => import('../features/auth/components/sign-in-page'));
const SignUpPage = lazy(() => import('../features/auth/components/sign-up-page'));
const CheckEmailPage = lazy(() => import('../features/auth/components/check-email-page'));
const VerifyEmailPage = lazy(() => import('../features/auth/components/verify-email-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/components/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/reset-password-page'));
const ConfirmEmailPage = lazy(() => import('../features/auth/components/confirm-email-page'));
const AccountPage = lazy(() => import('../features/account/components/account-page'));
const AccountSecurityPage = lazy(() => import('../features/security/components/account-security-page'));
const BrandSignInSecurityPage = lazy(() => import('../features/security/components/brand-sign-in-security-page'));
const ApiKeysPage = lazy(() => import('../features/api-keys/components/api-keys-page'));
const WebhooksPage = lazy(() => import('../features/webhooks/components/webhooks-page'));
const CampaignListPage = lazy(() => import('../features/campaigns/components/campaign-list-page'));
const CampaignBuilderPage = lazy(() => import('../features/builder/components/builder-page'));
const StoresPage = lazy(() => import('../features/stores/components/stores-page'));
const GroupsPage = lazy(() => import('../features/stores/components/groups-page'));
const StorePage = lazy(() => import('../features/stores/components/store-page'));
const PosImportPage = lazy(() => import('../features/stores/components/pos-import-page'));
const StaffImportPage = lazy(() => import('../features/staff/components/staff-import-page'));
const ExportsPage = lazy(() => import('../features/exports/components/exports-page'));
const MissionListPage = lazy(() => import('../features/missions/components/mission-list-page'));
const MissionEditorPage = lazy(() => import('../features/missions/components/mission-editor-page'));
const ReportPage = lazy(() => import('../features/report/components/report-page'));
const ReviewQueuePage = lazy(() => import('../features/smart-review/components/review-queue-page'));
const BillingPage = lazy(() => import('../features/billing/components/billing-page'));
const PayoutsPage = lazy(() => import('../features/payouts/components/payouts-page'));
const PartnersPage = lazy(() => import('../features/partners/components/partners-page'));
const NotFoundPage = lazy(() => import('../components/not-found-page'));
const TeamPage = lazy(() => import('../features/team/components/team-page'));
const ActivityPage = lazy(() => import('../features/activity/components/activity-page'));
const SalesPage = lazy(() => import('../features/sales/components/sales-page'));
// Outside the shell: an operator need not be a member of any brand (the page asks the operator routes, 403 otherwise).
const OperatorPage = lazy(() =>
  Promise.all([import('../features/operator/components/operator-page'), loadDashboardStrings()]).then(([page]) => page),
);
// Outside the shell, so they bring the features' strings themselves (the shell's loader, shared).
const CreateBrandPage = lazy(() =>
  Promise.all([import('../features/onboarding/components/create-brand-page'), loadDashboardStrings()]).then(([page]) => page),
);
const AcceptInvitationPage = lazy(() =>
  Promise.all([import('../features/team/components/accept-invitation-page'), loadDashboardStrings()]).then(([page]) => page),
);

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        path: '/sign-in',
        element: (
          <Suspense fallback={<FullPageLoader />}>
            <SignInPage />
          </Suspense>
        ),
      },
      // Two-factor on my account, outside the dashboard frame: a brand that requires it refuses its calls until then.
      {
        path: '/account/security',
        element: (
          <Suspense fallback={<FullPageLoader />}>
            <AccountSecurityPage />
          </Suspense>
        ),
      },
      // The signed-out pages of accounts: sign-up and the pages mailed links open.
      ...(
        [
          ['/sign-up', <SignUpPage key="sign-up" />],
          ['/check-email', <CheckEmailPage key="check-email" />],
          ['/verify-email', <VerifyEmailPage key="verify-email" />],
          ['/forgot-password', <ForgotPasswordPage key="forgot-password" />],
          ['/reset-password', <ResetPasswordPage key="reset-password" />],
          ['/confirm-email', <ConfirmEmailPage key="confirm-email" />],
        ] as const
      ).map(([path, page]) => ({ path, element: <Suspense fallback={<FullPageLoader />}>{page}</Suspense> })),
      // Signed in without a brand yet (or adding one): create a brand. The invitation mail's link: join a team.
      {
        path: '/onboarding',
        element: (
          <Suspense fallback={<FullPageLoader />}>
            <CreateBrandPage />
          </Suspense>
        ),
      },
      {
        path: '/invitations/:token',
        element: (
          <Suspense fallback={<FullPageLoader />}>
            <AcceptInvitationPage />
          </Suspense>
        ),
      },
      {
        path: '/operator',
        element: (
          <Suspense fallback={<FullPageLoader />}>
            <OperatorPage />
          </Suspense>
        ),
      },
      {
        path: '/',
        element: (
          <Suspense fallback={<FullPageLoader />}>
            <DashboardShell />
          </Suspense>
        ),
        children: [
          { index: true, element: <Navigate to="/campaign" replace /> },
          { path: 'campaign', element: <CampaignListPage /> },
          { path: 'campaign/:id', element: <CampaignBuilderPage mode="builder" /> },
          { path: 'campaign-view/:id', element: <CampaignBuilderPage mode="view" /> },
          { path: 'campaign/report/:id', element: <ReportPage /> },
          { path: 'mission', element: <MissionListPage /> },
          { path: 'mission/update/:missionId', element: <MissionEditorPage /> },
          { path: 'stores', element: <StoresPage /> },
          { path: 'stores/pos-import', element: <PosImportPage /> },
          { path: 'stores/staff-import', element: <StaffImportPage /> },
          { path: 'stores/:id', element: <StorePage /> },
          { path: 'exports', element: <ExportsPage /> },
          { path: 'groups', element: <GroupsPage /> },
          { path: 'receipts', element: <ReviewQueuePage /> },
          { path: 'billing', element: <BillingPage /> },
          { path: 'payouts', element: <PayoutsPage /> },
          { path: 'account', element: <AccountPage /> },
          { path: 'settings/sign-in-security', element: <BrandSignInSecurityPage /> },
          { path: 'settings/api-keys', element: <ApiKeysPage /> },
          { path: 'settings/webhooks', element: <WebhooksPage /> },
          { path: 'partners', element: <PartnersPage /> },
          { path: 'team', element: <TeamPage /> },
          { path: 'activity', element: <ActivityPage /> },
          { path: 'sales', element: <SalesPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
