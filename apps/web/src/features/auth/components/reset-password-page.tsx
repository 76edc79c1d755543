import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ZNewPassword } from '@rally/domain';
import { z } from 'zod';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { resetPassword } from '../api/account-access-api';
import { useLinkToken } from '../lib/use-link-token';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { AuthFrame } from './auth-frame';

// The form's one field, checked with the domain's password policy (ZResetPasswordBody's `password`).
const ZNewPasswordForm = z.object({ password: ZNewPassword });

/** The reset mail's link: a new password, then signing in with it (every session of the account ended). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useLinkToken();
  const form = useSchemaForm(ZNewPasswordForm, { password: '' });
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: ({ email }) => void navigate('/sign-in', { replace: true, state: { email, notice: 'password-reset' } }),
    onError: (error) => form.setServerErrors(error),
  });

  const failure = mutation.error;
  const expired = !token || (isApiError(failure) && (failure.status === 410 || failure.fields.some((f) => f.path === 'token')));
  const alert =
    !failure || expired || (isApiError(failure) && failure.status === 400 && failure.fields.length > 0)
      ? null
      : isApiError(failure) && failure.status === 429
        ? t('access.common.rate-limited')
        : errorMessage(t, failure);

  return (
    <AuthFrame
      title={t('access.reset.title')}
      subtitle={t('access.reset.subtitle')}
      below={
        <Anchor component={Link} to="/sign-in">
          {t('access.common.back-to-sign-in')}
        </Anchor>
      }
    >
      {expired ? (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
            {t('access.reset.expired')}
          </Alert>
          <Button component={Link} to="/forgot-password" variant="light" fullWidth>
            {t('access.reset.ask-again')}
          </Button>
        </Stack>
      ) : (
        <form noValidate onSubmit={form.onSubmit(({ password }) => mutation.mutate({ token, password }))}>
          <Stack gap="md">
            {alert && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {alert}
              </Alert>
            )}
            <PasswordInput
              label={t('access.common.new-password')}
              description={t('access.common.password-hint')}
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': t('access.common.show-password') }}
              required
              {...form.getInputProps('password')}
            />
            <Button type="submit" fullWidth loading={mutation.isPending}>
              {t('access.reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthFrame>
  );
}

export default ResetPasswordPage;
