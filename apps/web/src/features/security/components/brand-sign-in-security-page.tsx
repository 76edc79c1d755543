import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SSO_DEFAULT_ROLES, ZOidcConfigInput, type TSsoDefaultRole } from '@rally/domain';
import { ErrorState } from '../../../components/error-state';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../app/session';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useBrandSignInSecurity, useRemoveOidc, useRequireTwoFactor, useSaveOidc } from '../api/security-api';

type TOidcField = 'issuer' | 'clientId' | 'clientSecret' | 'domains' | 'defaultRole';

/** The brand's sign-in security (owners, brand:security): require two-factor, and the OpenID Connect provider. */
export function BrandSignInSecurityPage() {
  const { t } = useTranslation();
  const me = useSession();
  const allowed = me.permissions.includes('brand:security');
  const security = useBrandSignInSecurity();
  if (!allowed) return <Alert color="orange">{t('security.brand.not-allowed')}</Alert>;
  if (security.isError) return <ErrorState error={security.error} onRetry={() => void security.refetch()} />;
  if (security.isPending) return <FullPageLoader fullHeight={false} />;
  return (
    <Stack gap="lg" maw={880}>
      <PageHeader title={t('security.brand.title')} subtitle={t('security.brand.subtitle')} />
      <RequireTwoFactorPanel required={security.data.requireTwoFactor} />
      <OidcPanel redirectUri={security.data.redirectUri} config={security.data.oidc} />
    </Stack>
  );
}

function RequireTwoFactorPanel({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const change = useRequireTwoFactor();
  const fieldError = isApiError(change.error)
    ? change.error.fields.find((f) => f.path === 'requireTwoFactor')
    : undefined;
  return (
    <Paper withBorder radius="lg" p="lg" component="section">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('security.brand.require-title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('security.brand.require-help')}
        </Text>
        <Switch
          label={t('security.brand.require-label')}
          checked={required}
          disabled={change.isPending}
          onChange={(e) => change.mutate(e.currentTarget.checked)}
          error={fieldError?.message}
        />
        {change.isError && !fieldError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(t, change.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function OidcPanel({
  redirectUri,
  config,
}: {
  redirectUri: string;
  config: {
    issuer: string;
    clientId: string;
    clientSecretSet: boolean;
    domains: string[];
    defaultRole: TSsoDefaultRole;
  } | null;
}) {
  const { t } = useTranslation();
  const save = useSaveOidc();
  const remove = useRemoveOidc();
  const [issuer, setIssuer] = useState(config?.issuer ?? '');
  const [clientId, setClientId] = useState(config?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(config?.domains.join(', ') ?? '');
  const [defaultRole, setDefaultRole] = useState<TSsoDefaultRole>(config?.defaultRole ?? 'campaign_manager');
  const [errors, setErrors] = useState<Partial<Record<TOidcField, string>>>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      issuer: issuer.trim(),
      clientId: clientId.trim(),
      ...(clientSecret !== '' ? { clientSecret } : {}),
      domains: domains.split(/[\s,]+/).filter(Boolean),
      defaultRole,
    };
    const parsed = ZOidcConfigInput.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<TOidcField, string>> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as TOidcField] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => setClientSecret(''),
      onError: (error) => {
        if (!isApiError(error)) return;
        const found: Partial<Record<TOidcField, string>> = {};
        for (const f of error.fields) found[f.path as TOidcField] ??= f.message;
        setErrors(found);
      },
    });
  }

  const alert =
    save.isError && !(isApiError(save.error) && save.error.fields.length > 0) ? errorMessage(t, save.error) : null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm" maw={560}>
          <Title order={2} fz="h4">
            {t('security.brand.oidc-title')}
          </Title>
          <Text size="sm">
            {t('security.brand.oidc-help')} <Code>{redirectUri}</Code>
          </Text>
          {save.isSuccess && (
            <Alert color="teal" variant="light" role="status">
              {t('security.brand.saved')}
            </Alert>
          )}
          {remove.isSuccess && !config && (
            <Alert color="teal" variant="light" role="status">
              {t('security.brand.removed')}
            </Alert>
          )}
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          <TextInput
            label={t('security.brand.issuer')}
            placeholder="https://"
            required
            value={issuer}
            onChange={(e) => setIssuer(e.currentTarget.value)}
            error={errors.issuer}
          />
          <TextInput
            label={t('security.brand.client-id')}
            required
            value={clientId}
            onChange={(e) => setClientId(e.currentTarget.value)}
            error={errors.clientId}
          />
          <PasswordInput
            label={t('security.brand.client-secret')}
            description={config?.clientSecretSet ? t('security.brand.client-secret-kept') : undefined}
            autoComplete="off"
            required={!config}
            value={clientSecret}
            onChange={(e) => setClientSecret(e.currentTarget.value)}
            error={errors.clientSecret}
          />
          <TextInput
            label={t('security.brand.domains')}
            description={t('security.brand.domains-help')}
            required
            value={domains}
            onChange={(e) => setDomains(e.currentTarget.value)}
            error={errors.domains}
          />
          <Select
            label={t('security.brand.default-role')}
            data={SSO_DEFAULT_ROLES.map((role) => ({ value: role, label: t(`header.role.${role}`) }))}
            value={defaultRole}
            onChange={(value) => value && setDefaultRole(value as TSsoDefaultRole)}
            allowDeselect={false}
            error={errors.defaultRole}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('security.brand.save')}
            </Button>
            {config && (
              <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                {t('security.brand.remove')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export default BrandSignInSecurityPage;
