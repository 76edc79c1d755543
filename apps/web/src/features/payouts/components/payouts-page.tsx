import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Checkbox, Container, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYOUT_APPROVALS, PAYOUT_STATUSES, ZPayoutSettingsBody, type TPayoutApproval, type TPayoutSettings, type TPayoutStatus } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/error-message';
import { fieldErrorText } from '../../../lib/field-error-text';
import { formatListDate, formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { approvePayouts, payoutKeys, payoutsCsvUrl, savePayoutSettings, usePayouts, usePayoutSettings, type TPayoutFilter } from '../api/payouts-api';

const STATUS_COLOR: Record<TPayoutStatus, string> = { requested: 'yellow', pending: 'blue', paid: 'teal', failed: 'red' };

/** The brand's minimum payout and approval rule (billing:manage), checked with the domain's schema. */
function SettingsCard({ settings, currency }: { settings: TPayoutSettings; currency: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useSchemaForm(ZPayoutSettingsBody, { minimumCents: settings.minimumCents, approval: settings.approval });
  const save = useMutation({
    mutationFn: savePayoutSettings,
    onSuccess: (next) => {
      queryClient.setQueryData(payoutKeys.settings, next);
      notify({ color: 'teal', message: t('payouts.saved') });
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) notify({ color: 'red', message: errorMessage(t, error) });
    },
  });
  return (
    <Card withBorder>
      <form noValidate onSubmit={form.onSubmit((body) => save.mutate(body))}>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('payouts.settings')}
          </Title>
          <Group align="flex-start" grow>
            <NumberInput
              label={`${t('payouts.minimum')} (${currency})`}
              description={t('payouts.minimum-help')}
              min={1}
              decimalScale={2}
              value={Number(form.values.minimumCents) / 100}
              onChange={(v) => form.setValue('minimumCents', Math.round(Number(v) * 100))}
              error={form.errors.minimumCents ? fieldErrorText(t, form.errors.minimumCents) : undefined}
            />
            <Select
              label={t('payouts.approval')}
              data={PAYOUT_APPROVALS.map((a) => ({ value: a, label: t(`payouts.approval-${a}`) }))}
              value={form.values.approval as string}
              onChange={(v) => v && form.setValue('approval', v as TPayoutApproval)}
              allowDeselect={false}
            />
          </Group>
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('payouts.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Payouts (/payouts): every payout of the brand with its status, a filter, approval of requested batches and CSV. */
export default function PayoutsPage() {
  const { t, i18n } = useTranslation();
  const me = useSession();
  const queryClient = useQueryClient();
  const canManage = me.permissions.includes('billing:manage');
  const [status, setStatus] = useState<TPayoutStatus | null>(null);
  const [q, setQ] = useState('');
  const filter: TPayoutFilter = { ...(status ? { status } : {}), ...(q.trim() ? { q: q.trim() } : {}) };
  const list = usePayouts(filter);
  const settings = usePayoutSettings();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const currency = list.data?.currency ?? me.brand.currency;
  const money = (cents: number, cur = currency) => formatMoney(cents, i18n.language, cur);

  const approve = useMutation({
    mutationFn: (ids?: string[]) => approvePayouts(ids),
    onSuccess: (result) => {
      setSelected(new Set());
      notify({ color: 'teal', message: t('payouts.approved', result) });
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    },
    onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
  });

  const items = list.data?.items ?? [];
  const requested = items.filter((p) => p.status === 'requested');
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <PageHeader
          title={t('payouts.title')}
          subtitle={t('payouts.subtitle')}
          action={
            <Anchor href={payoutsCsvUrl(filter)} download>
              <Group gap={4}>
                <IconDownload size={16} aria-hidden />
                {t('payouts.csv')}
              </Group>
            </Anchor>
          }
        />
        {settings.data?.testMode ? (
          <Alert color="yellow" variant="light">
            {t('payouts.test-mode')}
          </Alert>
        ) : null}
        {list.data ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {(['requested', 'pending', 'paid', 'failed'] as const).map((s) => (
              <Card withBorder key={s}>
                <Text size="sm" c="dimmed">
                  {t(`payouts.totals.${s}`)}
                </Text>
                <Text fw={600}>{money(list.data.totals[`${s}Cents`])}</Text>
              </Card>
            ))}
          </SimpleGrid>
        ) : null}
        {canManage && settings.data ? <SettingsCard key={`${settings.data.minimumCents}-${settings.data.approval}`} settings={settings.data} currency={currency} /> : null}
        <Group align="flex-end">
          <Select
            label={t('payouts.status-filter')}
            data={[{ value: '', label: t('payouts.all') }, ...PAYOUT_STATUSES.map((s) => ({ value: s, label: t(`payouts.status.${s}`) }))]}
            value={status ?? ''}
            onChange={(v) => setStatus(v ? (v as TPayoutStatus) : null)}
            allowDeselect={false}
          />
          <TextInput label={t('payouts.search')} value={q} onChange={(e) => setQ(e.currentTarget.value)} />
          {canManage ? (
            <>
              <Button disabled={selected.size === 0} loading={approve.isPending} onClick={() => approve.mutate([...selected])}>
                {t('payouts.approve-selected', { count: selected.size })}
              </Button>
              <Button variant="light" disabled={requested.length === 0} loading={approve.isPending} onClick={() => approve.mutate(undefined)}>
                {t('payouts.approve-all')}
              </Button>
            </>
          ) : null}
        </Group>
        {list.error ? <Alert color="red">{errorMessage(t, list.error)}</Alert> : null}
        {list.data && items.length === 0 ? <Text c="dimmed">{t('payouts.empty')}</Text> : null}
        {items.length > 0 ? (
          <Table striped aria-label={t('payouts.title')}>
            <Table.Thead>
              <Table.Tr>
                {canManage ? <Table.Th>{t('payouts.col.select')}</Table.Th> : null}
                <Table.Th>{t('payouts.col.requested-at')}</Table.Th>
                <Table.Th>{t('payouts.col.participant')}</Table.Th>
                <Table.Th>{t('payouts.col.amount')}</Table.Th>
                <Table.Th>{t('payouts.col.method')}</Table.Th>
                <Table.Th>{t('payouts.col.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.id}>
                  {canManage ? (
                    <Table.Td>
                      {p.status === 'requested' ? (
                        <Checkbox aria-label={`${t('payouts.col.select')} ${p.participantName}`} checked={selected.has(p.id)} onChange={() => toggle(p.id)} />
                      ) : null}
                    </Table.Td>
                  ) : null}
                  <Table.Td>{formatListDate(p.requestedAt, i18n.language, me.brand.timeZone)}</Table.Td>
                  <Table.Td>
                    {p.participantName}
                    {p.participantEmail ? (
                      <Text size="xs" c="dimmed">
                        {p.participantEmail}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{money(p.amountCents, p.currency)}</Table.Td>
                  <Table.Td>
                    {t(`payouts.method.${p.method}`)} {p.address}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[p.status]} variant="light">
                      {t(`payouts.status.${p.status}`)}
                    </Badge>
                    {p.failureMessage ? (
                      <Text size="xs" c="red">
                        {p.failureMessage}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Container>
  );
}
