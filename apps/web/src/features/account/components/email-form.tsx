import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZChangeEmailBody, type TAccountProfile } from '@rally/domain';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useChangeEmail } from '../api/account-api';
import { AccountSection } from './account-section';

/** A new address applies only once the link mailed to it is followed; until then the account shows it as pending. */
export function EmailForm({ profile }: { profile: TAccountProfile }) {
  const { t } = useTranslation();
  const form = useSchemaForm(ZChangeEmailBody, { newEmail: '', currentPassword: '' });
  const change = useChangeEmail();
  const failure = change.error;
  const alert =
    !failure || (isApiError(failure) && failure.status === 400 && failure.fields.length > 0)
      ? null
      : isApiError(failure) && failure.status === 429
        ? t('account.too-many-tries')
        : errorMessage(t, failure);
  return (
    <AccountSection title={t('account.email.title')} description={t('account.email.description')}>
      <Stack gap="sm" maw={420}>
        <Text size="sm">{t('account.email.current', { email: profile.email })}</Text>
        {profile.pendingEmail && (
          <Alert color="blue" variant="light" role="status">
            {t('account.email.pending', { email: profile.pendingEmail })}
          </Alert>
        )}
        {alert && (
          <Alert color="red" variant="light" role="alert">
            {alert}
          </Alert>
        )}
        <form
         
          noValidate
          onSubmit={form.onSubmit((body) =>
            change.mutate(body, {
              onSuccess: () => form.reset(),
              onError: (error) => form.setServerErrors(error),
            }),
          )}
        >
          <Stack gap="sm">
            <TextInput label={t('account.email.new')} type="email" autoComplete="email" required {...form.getInputProps('newEmail')} />
            <PasswordInput
              label={t('account.password.current')}
              autoComplete="current-password"
              visibilityToggleButtonProps={{ 'aria-label': t('account.show-password') }}
              required
              {...form.getInputProps('currentPassword')}
            />
            <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('account.email.submit')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </AccountSection>
  );
}
