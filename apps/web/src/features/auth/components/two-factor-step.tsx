import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, ZSecondFactorCode, ZTotpCode } from '@rally/domain';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { verifySecondFactor } from '../api/sign-in-security-api';

/**
 * The sign-in's second step, after the password of an account with two-factor: a code from the authenticator app
 * (or a backup code). A wrong code stays on the step; an expired challenge sends the person back to the password.
 */
export function TwoFactorStep({ onSignedIn, onBack }: { onSignedIn: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const [trustDevice, setTrustDevice] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const verify = useMutation({ mutationFn: verifySecondFactor });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.trim() === '') return setFieldError(t('security.step.code-required'));
    if (!(backup ? ZSecondFactorCode : ZTotpCode).safeParse(code).success)
      return setFieldError(t('security.step.code-invalid'));
    setFieldError(null);
    verify.mutate(
      { code: code.trim(), backupCode: backup, trustDevice },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (isApiError(error) && error.fields.some((f) => f.path === 'code') && error.status !== 429) {
            setFieldError(error.status === 400 ? t('security.step.code-invalid') : t('security.step.wrong-code'));
          }
        },
      },
    );
  }

  const error = verify.error;
  const expired = isApiError(error) && error.code === ERROR_CODES.unauthenticated;
  const alert = !error
    ? null
    : expired
      ? t('security.step.expired')
      : isApiError(error) && error.status === 429
        ? t('security.step.rate-limited')
        : isApiError(error) && error.fields.some((f) => f.path === 'code')
          ? null
          : errorMessage(t, error);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {t('security.step.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('security.step.subtitle')}
          </Text>
        </Stack>
        {alert && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {alert}
          </Alert>
        )}
        <TextInput
          label={backup ? t('security.step.backup-code') : t('security.step.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode={backup ? 'text' : 'numeric'}
          autoFocus
          required
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setFieldError(null);
          }}
          error={fieldError}
        />
        <Checkbox
          label={t('security.step.trust-device')}
          checked={trustDevice}
          onChange={(event) => setTrustDevice(event.currentTarget.checked)}
        />
        <Button type="submit" fullWidth loading={verify.isPending} disabled={expired}>
          {t('security.step.submit')}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setBackup(!backup);
            setCode('');
            setFieldError(null);
          }}
        >
          {backup ? t('security.step.use-app') : t('security.step.use-backup')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('security.step.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
