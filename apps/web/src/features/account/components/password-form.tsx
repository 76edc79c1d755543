import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZChangePasswordBody } from '@rally/domain';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useChangePassword } from '../api/account-api';
import { AccountSection } from './account-section';

export function PasswordForm() {
  const { t } = useTranslation();
  const form = useSchemaForm(ZChangePasswordBody, { currentPassword: '', newPassword: '' });
  const change = useChangePassword();
  const failure = change.error;
  const alert =
    !failure || (isApiError(failure) && failure.status === 400 && failure.fields.length > 0)
      ? null
      : isApiError(failure) && failure.status === 429
        ? t('account.too-many-tries')
        : errorMessage(t, failure);
  const toggle = { 'aria-label': t('account.show-password') };
  return (
    <AccountSection title={t('account.password.title')} description={t('account.password.description')}>
      <form
       
        noValidate
        onSubmit={form.onSubmit((body) =>
          change.mutate(body, {
            onSuccess: () => form.reset(),
            onError: (error) => form.setServerErrors(error),
          }),
        )}
      >
        <Stack gap="sm" maw={420}>
          {change.isSuccess && (
            <Alert color="teal" variant="light" role="status">
              {t('account.password.changed', { count: change.data.revoked })}
            </Alert>
          )}
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          <PasswordInput
            label={t('account.password.current')}
            autoComplete="current-password"
            visibilityToggleButtonProps={toggle}
            required
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label={t('account.password.new')}
            description={t('account.password.hint')}
            autoComplete="new-password"
            visibilityToggleButtonProps={toggle}
            required
            {...form.getInputProps('newPassword')}
          />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('account.password.submit')}
          </Button>
        </Stack>
      </form>
    </AccountSection>
  );
}
