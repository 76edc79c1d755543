import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { API_KEY_SCOPES, ZCreateApiKeyBody, type TApiKey, type TApiKeyCreated, type TApiKeyScope } from '@rally/domain';
import { ErrorState } from '../../../components/error-state';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../app/session';
import { errorMessage } from '../../../lib/error-message';
import { formatListDate } from '../../../lib/format';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, useRotateApiKey } from '../api/api-keys-api';
import { SecretOnceModal } from '../../../components/secret-once-modal';

/** Expiry choices: days from now, or never. */
const EXPIRY_DAYS = ['never', '30', '90', '365'] as const;

/** Settings → API keys (owners and admins, api-key:manage): the brand's keys for the public API. */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const me = useSession();
  if (!me.permissions.includes('api-key:manage')) return <Alert color="orange">{t('api-keys.not-allowed')}</Alert>;
  return <ApiKeysPanel />;
}

export default ApiKeysPage;

/** The keys' list, the create form and the secret shown once (the page without its permission check). */
export function ApiKeysPanel() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const [shown, setShown] = useState<TApiKeyCreated | null>(null);
  return (
    <Stack gap="lg" maw={980}>
      <PageHeader title={t('api-keys.title')} subtitle={t('api-keys.subtitle')} />
      <CreateKeyForm onCreated={setShown} />
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="api-keys-list-title">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="api-keys-list-title">
            {t('api-keys.list.title')}
          </Title>
          {keys.isError ? (
            <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
          ) : keys.isPending ? (
            <FullPageLoader fullHeight={false} />
          ) : keys.data.items.length === 0 ? (
            <Text c="dimmed">{t('api-keys.list.empty')}</Text>
          ) : (
            <KeysTable keys={keys.data.items} onRotated={setShown} />
          )}
        </Stack>
      </Paper>
      <SecretOnce created={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: TApiKeyCreated) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const form = useSchemaForm(ZCreateApiKeyBody, { name: '', scopes: [], expiresAt: null });
  const [expiry, setExpiry] = useState<(typeof EXPIRY_DAYS)[number]>('never');

  const chooseExpiry = (value: string | null) => {
    const next = (EXPIRY_DAYS as readonly string[]).includes(value ?? '') ? (value as (typeof EXPIRY_DAYS)[number]) : 'never';
    setExpiry(next);
    form.setValue('expiresAt', next === 'never' ? null : Math.floor(Date.now() / 1000) + Number(next) * 86_400);
  };

  const alert = create.isError && !form.errors.name && !form.errors.scopes && !form.errors.expiresAt ? errorMessage(t, create.error) : null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section">
      <form
        noValidate
        onSubmit={form.onSubmit((body) =>
          create.mutate(body, {
            onSuccess: (created) => {
              form.reset();
              setExpiry('never');
              onCreated(created);
            },
            onError: (error) => void form.setServerErrors(error),
          }),
        )}
      >
        <Stack gap="sm" maw={560}>
          <Title order={2} fz="h4">
            {t('api-keys.create.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('api-keys.create.help')}
          </Text>
          <TextInput label={t('api-keys.create.name')} description={t('api-keys.create.name-help')} required {...form.getInputProps('name')} />
          <Checkbox.Group
            label={t('api-keys.create.scopes')}
            description={t('api-keys.create.scopes-help')}
            value={form.values.scopes as string[]}
            onChange={(value) => form.setValue('scopes', value as TApiKeyScope[])}
            error={form.errors.scopes}
            required
          >
            <Stack gap={6} mt={6}>
              {API_KEY_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope} label={<ScopeLabel scope={scope} />} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Select
            label={t('api-keys.create.expiry')}
            data={EXPIRY_DAYS.map((d) => ({ value: d, label: t(`api-keys.create.expiry-${d}`) }))}
            value={expiry}
            onChange={chooseExpiry}
            allowDeselect={false}
            error={form.errors.expiresAt}
          />
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('api-keys.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** i18next reads ':' as its namespace separator, so a scope's message key spells it with '-'. */
const SCOPE_KEYS = {
  'campaigns:read': 'campaigns-read',
  'campaigns:write': 'campaigns-write',
  'participants:write': 'participants-write',
  'sales:write': 'sales-write',
  'completions:write': 'completions-write',
  'reports:read': 'reports-read',
} as const satisfies Record<TApiKeyScope, string>;

function ScopeLabel({ scope }: { scope: TApiKeyScope }) {
  const { t } = useTranslation();
  return (
    <span>
      <Code>{scope}</Code> {t(`api-keys.scope.${SCOPE_KEYS[scope]}`)}
    </span>
  );
}

const STATUS_COLORS = { active: 'teal', expired: 'gray', revoked: 'red' } as const;

function KeysTable({ keys, onRotated }: { keys: TApiKey[]; onRotated: (created: TApiKeyCreated) => void }) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeApiKey();
  const rotate = useRotateApiKey();
  const [confirm, setConfirm] = useState<{ key: TApiKey; action: 'revoke' | 'rotate' } | null>(null);
  const date = (s: number | null) => (s === null ? t('api-keys.list.never') : formatListDate(s, i18n.language));
  const failed = revoke.error ?? rotate.error;

  const run = () => {
    if (!confirm) return;
    const done = { onSettled: () => setConfirm(null) };
    if (confirm.action === 'revoke') revoke.mutate(confirm.key.id, done);
    else rotate.mutate(confirm.key.id, { ...done, onSuccess: onRotated });
  };

  return (
    <>
      {failed && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, failed)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="xs" aria-labelledby="api-keys-list-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('api-keys.list.name')}</Table.Th>
              <Table.Th scope="col">{t('api-keys.list.key')}</Table.Th>
              <Table.Th scope="col">{t('api-keys.list.scopes')}</Table.Th>
              <Table.Th scope="col">{t('api-keys.list.last-used')}</Table.Th>
              <Table.Th scope="col">{t('api-keys.list.expires')}</Table.Th>
              <Table.Th scope="col">{t('api-keys.list.status')}</Table.Th>
              <Table.Th scope="col">{t('api-keys.list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Th scope="row" fw={500}>
                  {key.name}
                </Table.Th>
                <Table.Td>
                  <Code>{key.prefix}…</Code>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {key.scopes.map((s) => (
                      <Badge key={s} variant="light" size="sm" tt="none">
                        {s}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{date(key.lastUsedAt)}</Table.Td>
                <Table.Td>{date(key.expiresAt)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[key.status]} variant="light">
                    {t(`api-keys.status.${key.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {key.status === 'active' && (
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setConfirm({ key, action: 'rotate' })} aria-label={t('api-keys.rotate.label', { name: key.name })}>
                        {t('api-keys.rotate.button')}
                      </Button>
                      <Button size="xs" color="red" variant="light" onClick={() => setConfirm({ key, action: 'revoke' })} aria-label={t('api-keys.revoke.label', { name: key.name })}>
                        {t('api-keys.revoke.button')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? t(`api-keys.${confirm.action}.title`, { name: confirm.key.name }) : ''}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text size="sm">{confirm ? t(`api-keys.${confirm.action}.body`) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('api-keys.cancel')}
            </Button>
            <Button color={confirm?.action === 'revoke' ? 'red' : undefined} loading={revoke.isPending || rotate.isPending} onClick={run} data-autofocus>
              {confirm ? t(`api-keys.${confirm.action}.confirm`) : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The secret, this once (the shared dialog with this feature's words). */
function SecretOnce({ created, onClose }: { created: TApiKeyCreated | null; onClose: () => void }) {
  const { t } = useTranslation();
  const texts = {
    title: t('api-keys.secret.title', { name: created?.key.name ?? '' }),
    once: t('api-keys.secret.once'),
    label: t('api-keys.secret.label'),
    copy: t('api-keys.secret.copy'),
    copied: t('api-keys.secret.copied'),
    done: t('api-keys.secret.done'),
  };
  return <SecretOnceModal secret={created?.secret ?? null} texts={texts} onClose={onClose} />;
}
