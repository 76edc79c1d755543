import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ERROR_CODES, ZSignUpBody } from '@rally/domain';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { currentLanguage } from '../../../i18n/i18n';
import { signUp } from '../api/account-access-api';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { AuthFrame } from './auth-frame';

export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useSchemaForm(ZSignUpBody, { name: '', email: '', password: '' });
  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: (_answer, body) => void navigate('/check-email', { state: { email: body.email.trim().toLowerCase() } }),
    onError: (error) => form.setServerErrors(error),
  });

  function formError(): string | null {
    const error = mutation.error;
    if (!error) return null;
    if (isApiError(error) && error.code === ERROR_CODES.signUpClosed) return t('access.sign-up.closed');
    if (isApiError(error) && error.status === 429) return t('access.common.rate-limited');
    if (isApiError(error) && error.status === 400 && error.fields.length > 0) return null;
    return errorMessage(t, error);
  }
  const alert = formError();

  return (
    <AuthFrame
      title={t('access.sign-up.title')}
      subtitle={t('access.sign-up.subtitle')}
      below={
        <>
          {t('access.sign-up.have-account')}{' '}
          <Anchor component={Link} to="/sign-in">
            {t('access.sign-up.sign-in')}
          </Anchor>
        </>
      }
    >
      <form noValidate onSubmit={form.onSubmit((body) => mutation.mutate({ ...body, locale: currentLanguage() }))}>
        <Stack gap="md">
          {alert && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {alert}
            </Alert>
          )}
          <TextInput label={t('access.common.name')} autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput
            label={t('access.common.email')}
            placeholder={t('access.common.email-placeholder')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('access.common.password')}
            description={t('access.common.password-hint')}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('access.common.show-password') }}
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={mutation.isPending} mt="xs">
            {t('access.sign-up.submit')}
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}

export default SignUpPage;
