import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthFrame } from './auth-frame';

/** After signing up: where the link went. The email comes in the navigation's state (not the address bar). */
export function CheckEmailPage() {
  const { t } = useTranslation();
  const state = useLocation().state as { email?: string } | null;
  const email = typeof state?.email === 'string' ? state.email : null;
  return (
    <AuthFrame
      title={t('access.check-email.title')}
      below={
        <Anchor component={Link} to="/sign-in" state={email ? { email } : undefined}>
          {t('access.common.back-to-sign-in')}
        </Anchor>
      }
    >
      <Stack gap="sm" role="status">
        <Text>{email ? t('access.check-email.sent-to', { email }) : t('access.check-email.sent')}</Text>
        <Text size="sm" c="dimmed">
          {t('access.check-email.no-mail')}
        </Text>
      </Stack>
    </AuthFrame>
  );
}

export default CheckEmailPage;
