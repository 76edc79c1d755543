import { Anchor, Badge, Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CAMPAIGN_STATUSES, type TOperatorBrand } from '@rally/domain';
import { openConfirm } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useOperatorAudit, useOperatorBrands, usePlatformTotals, useSetBrandStatus, useSwitchConsumer } from '../api/operator-api';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fz="xl" fw={600}>
        {value}
      </Text>
    </Paper>
  );
}

/** /operator: the platform operator's area — totals, every brand (approve, suspend, consumer switch) and the audit. */
export default function OperatorPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const brands = useOperatorBrands();
  const totals = usePlatformTotals();
  const audit = useOperatorAudit();
  const setStatus = useSetBrandStatus();
  const switchConsumer = useSwitchConsumer();
  const fail = (error: unknown) => notifications.show({ color: 'red', title: t('operator.failed'), message: errorMessage(t, error) });

  if (brands.isError) {
    const refused = isApiError(brands.error) && (brands.error.status === 403 || brands.error.status === 401);
    return (
      <Container size="sm" py="xl">
        {refused ? (
          <Stack>
            <Title order={1} fz="h2">
              {t('operator.title')}
            </Title>
            <Text>{t('operator.not-operator')}</Text>
            <Anchor component={Link} to="/">
              {t('operator.back')}
            </Anchor>
          </Stack>
        ) : (
          <ErrorState error={brands.error} onRetry={() => void brands.refetch()} />
        )}
      </Container>
    );
  }

  function confirmSuspend(brand: TOperatorBrand) {
    void openConfirm({ title: t('operator.suspend-title', { name: brand.name }), body: t('operator.suspend-body'), confirmLabel: t('operator.suspend'), danger: true }).then((yes) => {
      if (yes) setStatus.mutate({ brandId: brand.id, status: 'suspended' }, { onError: fail });
    });
  }

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} fz="h2">
            {t('operator.title')}
          </Title>
          <Anchor component={Link} to="/">
            {t('operator.back')}
          </Anchor>
        </Group>
        {totals.data ? (
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Figure label={t('operator.totals.brands')} value={`${formatNumber(totals.data.brands.total, lang)} (${t('operator.totals.suspended', { n: totals.data.brands.suspended })})`} />
            <Figure label={t('operator.totals.users')} value={formatNumber(totals.data.users, lang)} />
            <Figure label={t('operator.totals.completions')} value={formatNumber(totals.data.completions, lang)} />
            <Figure
              label={t('operator.totals.campaigns')}
              value={CAMPAIGN_STATUSES.map((s) => `${t(`operator.campaign-status.${s}`)} ${totals.data.campaigns[s]}`).join(' · ')}
            />
            {totals.data.money.map((m) => (
              <Figure
                key={m.currency}
                label={t('operator.totals.money', { currency: m.currency })}
                value={`+${formatMoney(m.paidIn, lang, m.currency)} / −${formatMoney(m.paidOut, lang, m.currency)}`}
              />
            ))}
          </SimpleGrid>
        ) : (
          <Skeleton h={80} />
        )}
        <Paper withBorder>
          <Table striped verticalSpacing="sm" aria-label={t('operator.brands')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('operator.columns.brand')}</Table.Th>
                <Table.Th>{t('operator.columns.status')}</Table.Th>
                <Table.Th>{t('operator.columns.plan')}</Table.Th>
                <Table.Th>{t('operator.columns.members')}</Table.Th>
                <Table.Th>{t('operator.columns.campaigns')}</Table.Th>
                <Table.Th>{t('operator.columns.wallet')}</Table.Th>
                <Table.Th>{t('operator.columns.created')}</Table.Th>
                <Table.Th>{t('operator.columns.consumer')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(brands.data?.items ?? []).map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>{b.name}</Table.Td>
                  <Table.Td>
                    <Badge color={b.status === 'active' ? 'teal' : 'red'} variant="light">
                      {t(`operator.status.${b.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{b.paymentPlan}</Table.Td>
                  <Table.Td>{b.members}</Table.Td>
                  <Table.Td>{b.campaigns}</Table.Td>
                  <Table.Td>{formatMoney(b.walletBalance, lang, b.currency)}</Table.Td>
                  <Table.Td>{formatDateTime(b.createdAt, zone, lang)}</Table.Td>
                  <Table.Td>
                    <Switch
                      checked={b.consumerEnabled}
                      aria-label={t('operator.consumer-for', { name: b.name })}
                      onChange={(e) => switchConsumer.mutate({ brandId: b.id, enabled: e.currentTarget.checked }, { onError: fail })}
                    />
                  </Table.Td>
                  <Table.Td>
                    {b.status === 'active' ? (
                      <Button size="xs" color="red" variant="light" onClick={() => confirmSuspend(b)}>
                        {t('operator.suspend')}
                      </Button>
                    ) : (
                      <Button size="xs" variant="light" onClick={() => setStatus.mutate({ brandId: b.id, status: 'active' }, { onError: fail })}>
                        {t('operator.approve')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Title order={2} fz="h4">
          {t('operator.audit')}
        </Title>
        <Paper withBorder>
          <Table verticalSpacing="xs">
            <Table.Tbody>
              {(audit.data?.items ?? []).map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{formatDateTime(a.at, zone, lang)}</Table.Td>
                  <Table.Td>{a.operator.name}</Table.Td>
                  <Table.Td>{a.action}</Table.Td>
                  <Table.Td>{a.brand?.name ?? a.brand?.id}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      </Stack>
    </Container>
  );
}
