import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ZEmailRequestBody } from '@rally/domain';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { requestPasswordReset } from '../api/account-access-api';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { AuthFrame } from './auth-frame';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const state = useLocation().state as { email?: string } | null;
  const form = useSchemaForm(ZEmailRequestBody, { email: typeof state?.email === 'string' ? state.email : '' });
  const mutation = useMutation({ mutationFn: requestPasswordReset, onError: (error) => form.setServerErrors(error) });

  const failure = mutation.error;
  const alert =
    !failure || (isApiError(failure) && failure.status === 400 && failure.fields.length > 0)
      ? null
      : isApiError(failure) && failure.status === 429
        ? t('access.common.rate-limited')
        : errorMessage(t, failure);

  return (
    <AuthFrame
      title={t('access.forgot.title')}
      subtitle={t('access.forgot.subtitle')}
      below={
        <Anchor component={Link} to="/sign-in">
          {t('access.common.back-to-sign-in')}
        </Anchor>
      }
    >
      {mutation.isSuccess ? (
        // The same words whether or not the address has an account: the server tells nobody which ones do.
        <Alert color="teal" variant="light" role="status" icon={<IconMailForward size={18} aria-hidden />}>
          {t('access.forgot.sent', { email: mutation.variables.email.trim().toLowerCase() })}
        </Alert>
      ) : (
        <form noValidate onSubmit={form.onSubmit((body) => mutation.mutate(body))}>
          <Stack gap="md">
            {alert && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {alert}
              </Alert>
            )}
            <TextInput
              label={t('access.common.email')}
              placeholder={t('access.common.email-placeholder')}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth loading={mutation.isPending}>
              {t('access.forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthFrame>
  );
}

export default ForgotPasswordPage;
