import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { confirmEmailChange } from '../api/account-access-api';
import { FollowLinkPage } from './follow-link-page';

/** The link mailed to a new address: the account moves to it (signed in or not). */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  return (
    <FollowLinkPage
      title={t('access.confirm-email.title')}
      working={t('access.confirm-email.working')}
      done={(email) => t('access.confirm-email.done', { email })}
      // Signed in: the account page; signed out, the dashboard's guard sends the person to sign in.
      next={() => (
        <Button component={Link} to="/account" fullWidth>
          {t('access.confirm-email.continue')}
        </Button>
      )}
      failed={(error) => (isApiError(error) && error.status === 409 ? t('access.confirm-email.taken') : t('access.confirm-email.failed'))}
      follow={confirmEmailChange}
    />
  );
}

export default ConfirmEmailPage;
