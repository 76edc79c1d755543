import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { verifyEmail } from '../api/account-access-api';
import { FollowLinkPage } from './follow-link-page';

/**
 * The sign-up mail's link: confirms the address, then the person signs in (the link opens no session). A person with
 * no brand yet is then taken by the dashboard to create one.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  return (
    <FollowLinkPage
      title={t('access.verify.title')}
      working={t('access.verify.working')}
      done={(email) => t('access.verify.done', { email })}
      next={(email) => (
        <Button component={Link} to="/sign-in" state={{ email, notice: 'verified' }} fullWidth>
          {t('access.verify.continue')}
        </Button>
      )}
      failed={() => t('access.verify.failed')}
      follow={verifyEmail}
    />
  );
}

export default VerifyEmailPage;
