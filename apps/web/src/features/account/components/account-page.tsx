import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { TwoFactorSection } from '../../security';
import { useAccount } from '../api/account-api';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { SessionsPanel } from './sessions-panel';

/** My account: name, address, password, two-factor and where I am signed in. Reached from the user menu. */
export function AccountPage() {
  const { t } = useTranslation();
  const account = useAccount();
  if (account.isError) return <ErrorState error={account.error} onRetry={() => void account.refetch()} />;
  if (account.isPending) return <FullPageLoader fullHeight={false} />;
  return (
    <Stack gap="lg" maw={880}>
      <PageHeader title={t('account.title')} subtitle={t('account.subtitle')} />
      <ProfileForm profile={account.data} />
      <EmailForm profile={account.data} />
      <PasswordForm />
      <TwoFactorSection />
      <SessionsPanel />
    </Stack>
  );
}

export default AccountPage;
