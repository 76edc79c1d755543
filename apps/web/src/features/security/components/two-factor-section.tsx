import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ZSecondFactorCode, ZTotpCode, type TTwoFactorSetup } from '@rally/domain';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor, useTwoFactorStatus } from '../api/security-api';

type TErrors = { password?: string; code?: string };

/** The server's refusal under the field it names; anything else for the form's alert. */
function useFailure() {
  const { t } = useTranslation();
  return (error: unknown): { fields: TErrors; alert: string | null } => {
    if (!isApiError(error)) return { fields: {}, alert: errorMessage(t, error) };
    if (error.status === 429) return { fields: {}, alert: t('security.two-factor.rate-limited') };
    const fields: TErrors = {};
    for (const f of error.fields) {
      if (f.path === 'password') fields.password = t('security.two-factor.wrong-password');
      if (f.path === 'code') fields.code = t('security.two-factor.wrong-code');
    }
    return Object.keys(fields).length > 0 ? { fields, alert: null } : { fields, alert: errorMessage(t, error) };
  };
}

/**
 * Two-factor on my account: turn it on (password → QR code, key and backup codes → a first code), or off
 * (password and a code). Shown on the account's security page, and to members a brand requires it of.
 */
export function TwoFactorSection({ onEnabled }: { onEnabled?: () => void }) {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const [mode, setMode] = useState<'idle' | 'password' | 'setup' | 'disable'>('idle');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [errors, setErrors] = useState<TErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const enable = useEnableTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const failure = useFailure();

  function reset(next: typeof mode) {
    setMode(next);
    setPassword('');
    setCode('');
    setErrors({});
    setAlert(null);
  }
  function fail(error: unknown) {
    const f = failure(error);
    setErrors(f.fields);
    setAlert(f.alert);
  }

  function startEnable(event: FormEvent) {
    event.preventDefault();
    if (password === '') return setErrors({ password: t('security.two-factor.wrong-password') });
    enable.mutate(
      { password },
      {
        onSuccess: (data) => {
          setSetup(data);
          reset('setup');
        },
        onError: fail,
      },
    );
  }
  function confirmEnable(event: FormEvent) {
    event.preventDefault();
    if (!ZTotpCode.safeParse(code).success) return setErrors({ code: t('security.step.code-invalid') });
    confirm.mutate(
      { code: code.replace(/\s+/g, '') },
      {
        onSuccess: () => {
          setSetup(null);
          reset('idle');
          setNotice(t('security.two-factor.enabled'));
          onEnabled?.();
        },
        onError: fail,
      },
    );
  }
  function submitDisable(event: FormEvent) {
    event.preventDefault();
    const found: TErrors = {};
    if (password === '') found.password = t('security.two-factor.wrong-password');
    if (!ZSecondFactorCode.safeParse(code).success) found.code = t('security.step.code-invalid');
    if (found.password || found.code) return setErrors(found);
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          reset('idle');
          setNotice(t('security.two-factor.disabled'));
        },
        onError: fail,
      },
    );
  }

  if (isApiError(status.error) && status.error.isUnauthenticated) return <Navigate to="/sign-in" replace />;
  if (!status.data) return null;
  const { enabled, hasPassword, requiredBy } = status.data;
  const toggle = { 'aria-label': t('security.two-factor.show-password') };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="two-factor-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4" id="two-factor-title">
            {t('security.two-factor.title')}
          </Title>
          <Badge color={enabled ? 'teal' : 'gray'}>
            {enabled ? t('security.two-factor.on') : t('security.two-factor.off')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('security.two-factor.description')}
        </Text>
        {!enabled && requiredBy.length > 0 && (
          <Alert color="orange" variant="light">
            {t('security.two-factor.required-by', { brands: requiredBy.map((b) => b.name).join(', ') })}
          </Alert>
        )}
        {notice && (
          <Alert color="teal" variant="light" role="status">
            {notice}
          </Alert>
        )}
        {alert && (
          <Alert color="red" variant="light" role="alert">
            {alert}
          </Alert>
        )}
        {!hasPassword && !enabled ? (
          <Text size="sm">{t('security.two-factor.sso-only')}</Text>
        ) : mode === 'idle' ? (
          <Group>
            {enabled ? (
              <Button variant="light" color="red" onClick={() => reset('disable')}>
                {t('security.two-factor.disable')}
              </Button>
            ) : (
              <Button onClick={() => reset('password')}>{t('security.two-factor.enable')}</Button>
            )}
          </Group>
        ) : mode === 'password' ? (
          <form onSubmit={startEnable} noValidate>
            <Stack gap="sm" maw={420}>
              <PasswordInput
                label={t('security.two-factor.password')}
                autoComplete="current-password"
                visibilityToggleButtonProps={toggle}
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={errors.password}
              />
              <Group>
                <Button type="submit" loading={enable.isPending}>
                  {t('security.two-factor.continue')}
                </Button>
                <Button variant="subtle" onClick={() => reset('idle')}>
                  {t('security.two-factor.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : mode === 'setup' && setup ? (
          <form onSubmit={confirmEnable} noValidate>
            <Stack gap="sm">
              <Text size="sm">{t('security.two-factor.scan')}</Text>
              <Group align="flex-start" gap="lg">
                <QRCodeSVG value={setup.totpURI} size={168} role="img" aria-label={t('security.two-factor.qr-label')} />
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('security.two-factor.secret')}
                  </Text>
                  <Code>{setup.secret}</Code>
                </Stack>
              </Group>
              <Text size="sm" fw={500}>
                {t('security.two-factor.backup-title')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('security.two-factor.backup-help')}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 5 }} spacing={4}>
                {setup.backupCodes.map((c) => (
                  <Code key={c}>{c}</Code>
                ))}
              </SimpleGrid>
              <TextInput
                label={t('security.two-factor.code')}
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                required
                maw={240}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                error={errors.code}
              />
              <Group>
                <Button type="submit" loading={confirm.isPending}>
                  {t('security.two-factor.confirm')}
                </Button>
                <Button variant="subtle" onClick={() => reset('idle')}>
                  {t('security.two-factor.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <form onSubmit={submitDisable} noValidate>
            <Stack gap="sm" maw={420}>
              <Text size="sm">{t('security.two-factor.disable-help')}</Text>
              <PasswordInput
                label={t('security.two-factor.password')}
                autoComplete="current-password"
                visibilityToggleButtonProps={toggle}
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={errors.password}
              />
              <TextInput
                label={t('security.two-factor.disable-code')}
                name="code"
                autoComplete="one-time-code"
                required
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                error={errors.code}
              />
              <Group>
                <Button type="submit" color="red" loading={disable.isPending}>
                  {t('security.two-factor.disable')}
                </Button>
                <Button variant="subtle" onClick={() => reset('idle')}>
                  {t('security.two-factor.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
