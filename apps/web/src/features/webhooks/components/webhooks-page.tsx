import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Code, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  WEBHOOK_EVENT_TYPES,
  ZCreateWebhookEndpointBody,
  type TWebhookEndpoint,
  type TWebhookEndpointWithSecret,
  type TWebhookEventType,
  type TWebhookMessage,
} from '@rally/domain';
import { ErrorState } from '../../../components/error-state';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../app/session';
import { errorMessage } from '../../../lib/error-message';
import { formatListDate } from '../../../lib/format';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useReplayWebhookMessage,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
  useWebhookMessages,
} from '../api/webhooks-api';
import { SecretOnceModal } from '../../../components/secret-once-modal';

/** i18next reads '.' as its key separator, so an event's message key spells it with '-'. */
const EVENT_KEYS = {
  'campaign.launched': 'campaign-launched',
  'campaign.ended': 'campaign-ended',
  'completion.created': 'completion-created',
  'completion.accepted': 'completion-accepted',
  'completion.rejected': 'completion-rejected',
  'reward.unlocked': 'reward-unlocked',
  'code.issued': 'code-issued',
  'budget.low': 'budget-low',
  'codes.low': 'codes-low',
  'invoice.closed': 'invoice-closed',
} as const satisfies Record<TWebhookEventType, string>;

/** Settings → Webhooks (owners and admins, webhook:manage): the brand's endpoints and their deliveries. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const me = useSession();
  if (!me.permissions.includes('webhook:manage')) return <Alert color="orange">{t('webhooks.not-allowed')}</Alert>;
  return <WebhooksPanel />;
}

export default WebhooksPage;

/** The endpoints, the create form, the secret shown once and the open endpoint's deliveries. */
export function WebhooksPanel() {
  const { t } = useTranslation();
  const endpoints = useWebhookEndpoints();
  const [shown, setShown] = useState<TWebhookEndpointWithSecret | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const opened = endpoints.data?.items.find((e) => e.id === open) ?? null;
  return (
    <Stack gap="lg" maw={1080}>
      <PageHeader title={t('webhooks.title')} subtitle={t('webhooks.subtitle')} />
      <CreateEndpointForm onCreated={setShown} />
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="webhooks-list-title">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="webhooks-list-title">
            {t('webhooks.list.title')}
          </Title>
          {endpoints.isError ? (
            <ErrorState error={endpoints.error} onRetry={() => void endpoints.refetch()} />
          ) : endpoints.isPending ? (
            <FullPageLoader fullHeight={false} />
          ) : endpoints.data.items.length === 0 ? (
            <Text c="dimmed">{t('webhooks.list.empty')}</Text>
          ) : (
            <EndpointsTable endpoints={endpoints.data.items} open={open} onOpen={setOpen} onRotated={setShown} />
          )}
        </Stack>
      </Paper>
      {opened && <Deliveries endpoint={opened} />}
      <SecretOnce created={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}

function CreateEndpointForm({ onCreated }: { onCreated: (created: TWebhookEndpointWithSecret) => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhookEndpoint();
  const form = useSchemaForm(ZCreateWebhookEndpointBody, { url: '', description: '', events: [] });
  const alert = create.isError && !form.errors.url && !form.errors.events && !form.errors.description ? errorMessage(t, create.error) : null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section">
      <form
        noValidate
        onSubmit={form.onSubmit((body) =>
          create.mutate(body, {
            onSuccess: (created) => {
              form.reset();
              onCreated(created);
            },
            onError: (error) => void form.setServerErrors(error),
          }),
        )}
      >
        <Stack gap="sm" maw={640}>
          <Title order={2} fz="h4">
            {t('webhooks.create.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('webhooks.create.help')}
          </Text>
          <TextInput
            label={t('webhooks.create.url')}
            description={t('webhooks.create.url-help')}
            placeholder="https://hooks.example.com/rally"
            type="url"
            required
            {...form.getInputProps('url')}
          />
          <TextInput label={t('webhooks.create.description')} description={t('webhooks.create.description-help')} {...form.getInputProps('description')} />
          <Checkbox.Group
            label={t('webhooks.create.events')}
            description={t('webhooks.create.events-help')}
            value={form.values.events as string[]}
            onChange={(value) => form.setValue('events', value as TWebhookEventType[])}
            error={form.errors.events}
            required
          >
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENT_TYPES.map((event) => (
                <Checkbox
                  key={event}
                  value={event}
                  label={
                    <span>
                      <Code>{event}</Code> {t(`webhooks.event.${EVENT_KEYS[event]}`)}
                    </span>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('webhooks.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function StatusBadge({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const { t } = useTranslation();
  if (endpoint.enabled)
    return (
      <Badge color={endpoint.consecutiveFailures > 0 ? 'orange' : 'teal'} variant="light" tt="none">
        {endpoint.consecutiveFailures > 0 ? t('webhooks.list.failing', { n: endpoint.consecutiveFailures }) : t('webhooks.list.on')}
      </Badge>
    );
  return (
    <Badge color={endpoint.disabledReason === 'failures' ? 'red' : 'gray'} variant="light" tt="none">
      {endpoint.disabledReason === 'failures' ? t('webhooks.list.off-failures', { n: endpoint.consecutiveFailures }) : t('webhooks.list.off-manual')}
    </Badge>
  );
}

function EndpointsTable(props: {
  endpoints: TWebhookEndpoint[];
  open: number | null;
  onOpen: (id: number | null) => void;
  onRotated: (created: TWebhookEndpointWithSecret) => void;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const [confirm, setConfirm] = useState<{ endpoint: TWebhookEndpoint; action: 'rotate' | 'delete' } | null>(null);
  const failed = update.error ?? rotate.error ?? remove.error;

  const run = () => {
    if (!confirm) return;
    const done = { onSettled: () => setConfirm(null) };
    if (confirm.action === 'rotate') rotate.mutate(confirm.endpoint.id, { ...done, onSuccess: props.onRotated });
    else
      remove.mutate(confirm.endpoint.id, {
        ...done,
        onSuccess: () => {
          if (props.open === confirm.endpoint.id) props.onOpen(null);
        },
      });
  };

  return (
    <>
      {failed && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, failed)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={860}>
        <Table striped verticalSpacing="xs" aria-labelledby="webhooks-list-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('webhooks.list.url')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.list.events')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.list.status')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.endpoints.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Th scope="row" fw={500} style={{ wordBreak: 'break-all' }}>
                  <Code>{e.url}</Code>
                  {e.description && (
                    <Text size="xs" c="dimmed">
                      {e.description}
                    </Text>
                  )}
                  {e.previousSecretUntil !== null && (
                    <Text size="xs" c="dimmed">
                      {t('webhooks.list.grace', { date: formatListDate(e.previousSecretUntil, i18n.language) })}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td>
                  <Group gap={4}>
                    {e.events.map((ev) => (
                      <Badge key={ev} variant="light" size="sm" tt="none">
                        {ev}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <StatusBadge endpoint={e} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant={props.open === e.id ? 'filled' : 'default'}
                      aria-pressed={props.open === e.id}
                      aria-label={t('webhooks.actions.deliveries-label', { url: e.url })}
                      onClick={() => props.onOpen(props.open === e.id ? null : e.id)}
                    >
                      {props.open === e.id ? t('webhooks.actions.hide') : t('webhooks.actions.deliveries')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      loading={update.isPending && update.variables?.id === e.id}
                      aria-label={t(e.enabled ? 'webhooks.actions.turn-off-label' : 'webhooks.actions.turn-on-label', { url: e.url })}
                      onClick={() => update.mutate({ id: e.id, body: { enabled: !e.enabled } })}
                    >
                      {e.enabled ? t('webhooks.actions.turn-off') : t('webhooks.actions.turn-on')}
                    </Button>
                    <Button size="xs" variant="default" aria-label={t('webhooks.actions.rotate-label', { url: e.url })} onClick={() => setConfirm({ endpoint: e, action: 'rotate' })}>
                      {t('webhooks.actions.rotate')}
                    </Button>
                    <Button size="xs" color="red" variant="light" aria-label={t('webhooks.actions.delete-label', { url: e.url })} onClick={() => setConfirm({ endpoint: e, action: 'delete' })}>
                      {t('webhooks.actions.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? t(confirm.action === 'rotate' ? 'webhooks.confirm.rotate-title' : 'webhooks.confirm.delete-title') : ''}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text size="sm">{confirm ? t(confirm.action === 'rotate' ? 'webhooks.confirm.rotate-body' : 'webhooks.confirm.delete-body') : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('webhooks.confirm.cancel')}
            </Button>
            <Button color={confirm?.action === 'delete' ? 'red' : undefined} loading={rotate.isPending || remove.isPending} onClick={run} data-autofocus>
              {confirm ? t(confirm.action === 'rotate' ? 'webhooks.confirm.rotate-confirm' : 'webhooks.confirm.delete-confirm') : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

const MESSAGE_COLORS = { pending: 'orange', sending: 'blue', delivered: 'teal', failed: 'red' } as const;

/** The open endpoint's delivery log: each message, its attempts' requests and answers, and a replay. */
function Deliveries({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const { t, i18n } = useTranslation();
  const messages = useWebhookMessages(endpoint.id);
  const replay = useReplayWebhookMessage(endpoint.id);
  const [details, setDetails] = useState<TWebhookMessage | null>(null);
  const date = (s: number) => formatListDate(s, i18n.language);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="webhooks-deliveries-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="webhooks-deliveries-title" style={{ wordBreak: 'break-all' }}>
          {t('webhooks.deliveries.title', { url: endpoint.url })}
        </Title>
        {replay.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(t, replay.error)}
          </Alert>
        )}
        {replay.isSuccess && (
          <Alert color="teal" variant="light" role="status">
            {t('webhooks.deliveries.replayed')}
          </Alert>
        )}
        {messages.isError ? (
          <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />
        ) : messages.isPending ? (
          <FullPageLoader fullHeight={false} />
        ) : messages.data.items.length === 0 ? (
          <Text c="dimmed">{t('webhooks.deliveries.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs" aria-labelledby="webhooks-deliveries-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('webhooks.deliveries.event')}</Table.Th>
                  <Table.Th scope="col">{t('webhooks.deliveries.created')}</Table.Th>
                  <Table.Th scope="col">{t('webhooks.deliveries.status')}</Table.Th>
                  <Table.Th scope="col">{t('webhooks.deliveries.attempts')}</Table.Th>
                  <Table.Th scope="col">{t('webhooks.deliveries.last')}</Table.Th>
                  <Table.Th scope="col">{t('webhooks.list.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {messages.data.items.map((m) => {
                  const last = m.log[0];
                  return (
                    <Table.Tr key={m.id}>
                      <Table.Th scope="row" fw={500}>
                        <Code>{m.eventType}</Code>
                        <Text size="xs" c="dimmed">
                          {m.messageId}
                        </Text>
                      </Table.Th>
                      <Table.Td>{date(m.createdAt)}</Table.Td>
                      <Table.Td>
                        <Badge color={MESSAGE_COLORS[m.status]} variant="light" tt="none">
                          {t(`webhooks.deliveries.message-status.${m.status}`)}
                        </Badge>
                        {m.nextAttemptAt !== null && m.attempts > 0 && (
                          <Text size="xs" c="dimmed">
                            {t('webhooks.deliveries.next', { date: date(m.nextAttemptAt) })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{m.attempts}</Table.Td>
                      <Table.Td>
                        {last ? `${last.responseStatus ?? t('webhooks.deliveries.no-answer')} · ${t('webhooks.deliveries.duration', { ms: last.durationMs })}` : '—'}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button size="xs" variant="default" disabled={m.log.length === 0} aria-label={t('webhooks.deliveries.details-label', { id: m.messageId })} onClick={() => setDetails(m)}>
                            {t('webhooks.deliveries.details')}
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            disabled={!endpoint.enabled || m.status === 'sending'}
                            loading={replay.isPending && replay.variables === m.id}
                            aria-label={t('webhooks.deliveries.replay-label', { id: m.messageId })}
                            onClick={() => replay.mutate(m.id)}
                          >
                            {t('webhooks.deliveries.replay')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal opened={details !== null} onClose={() => setDetails(null)} title={details?.messageId ?? ''} size="xl" closeButtonProps={{ 'aria-label': t('common.close') }}>
        {details && (
          <Stack>
            {details.log.map((a) => (
              <Paper key={a.id} withBorder p="sm" radius="md">
                <Stack gap={6}>
                  <Group gap="xs">
                    <Text fw={600}>{date(a.at)}</Text>
                    <Badge color={a.responseStatus !== null && a.responseStatus < 300 ? 'teal' : 'red'} variant="light" tt="none">
                      {a.responseStatus ?? t('webhooks.deliveries.no-answer')}
                    </Badge>
                    <Text size="sm" c="dimmed">
                      {t('webhooks.deliveries.duration', { ms: a.durationMs })}
                    </Text>
                    {a.replay && (
                      <Badge variant="outline" size="sm" tt="none">
                        {t('webhooks.deliveries.replay-tag')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" fw={500}>
                    {t('webhooks.deliveries.request')}
                  </Text>
                  <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {Object.entries(a.requestHeaders)
                      .map(([k, v]) => `${k}: ${v}`)
                      .join('\n') +
                      '\n\n' +
                      a.requestBody}
                  </Code>
                  <Text size="sm" fw={500}>
                    {t('webhooks.deliveries.response')}
                  </Text>
                  <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {a.error ? `${a.error}\n\n` : ''}
                    {a.responseBody ?? ''}
                  </Code>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}

/** The secret, this once (the shared dialog with this feature's words). */
function SecretOnce({ created, onClose }: { created: TWebhookEndpointWithSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  const texts = {
    title: t('webhooks.secret.title'),
    once: t('webhooks.secret.once'),
    label: t('webhooks.secret.label'),
    copy: t('webhooks.secret.copy'),
    copied: t('webhooks.secret.copied'),
    done: t('webhooks.secret.done'),
  };
  return <SecretOnceModal secret={created?.secret ?? null} texts={texts} onClose={onClose} />;
}
