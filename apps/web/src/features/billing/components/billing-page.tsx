import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEDGER_ENTRY_KINDS, type TInvoice, type TLedgerKind } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { PageHeader } from '../../../components/page-header';
import { PaymentFormModal, paymentKeys, useBillingSummary, usePaymentRetry } from '../../../components/payment-form';
import { errorMessage } from '../../../lib/error-message';
import { formatListDate, formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  invoicePdfUrl,
  ledgerCsvUrl,
  LEDGER_PAGE_SIZE,
  payInvoiceFromWallet,
  useInvoices,
  useLedger,
  type TLedgerFilter,
} from '../api/billing-api';
import { BillingProfileForm } from './billing-profile-form';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Billing (/billing): the wallet's balance and ledger, top-ups, and the brand's monthly invoices. */
export default function BillingPage() {
  const { t, i18n } = useTranslation();
  const me = useSession();
  const queryClient = useQueryClient();
  const summary = useBillingSummary();
  const currency = summary.data?.currency ?? me.brand.currency;
  const money = (cents: number) => formatMoney(cents, i18n.language, currency);
  // Money in by card and invoices are billing's (billing:manage to top up and pay, billing:read to see); wallet:pay
  // spends the wallet on campaign budgets (launch).
  const canPay = me.permissions.includes('billing:manage');
  const canSeeInvoices = me.permissions.includes('billing:read');
  const canPayInvoices = canPay && me.permissions.includes('wallet:pay');

  const [kind, setKind] = useState<TLedgerKind | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const filter: TLedgerFilter = {
    ...(kind ? { kind } : {}),
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
  };
  const ledger = useLedger(filter, page);
  const invoices = useInvoices(canSeeInvoices);

  const [topUpOpen, setTopUpOpen] = useState(false);
  const [cardInvoice, setCardInvoice] = useState<TInvoice | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentKeys.all });
  const walletPay = usePaymentRetry({ currency, onTopUp: () => void refresh() });
  const payFromWallet = useMutation({
    mutationFn: (invoice: TInvoice) => walletPay.run(() => payInvoiceFromWallet(invoice.id)),
    onSuccess: async () => {
      notify({ color: 'teal', message: t('billing.invoices.paid-toast') });
      await refresh();
    },
    onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
  });

  const pageCount = ledger.data?._meta.pageCount ?? 0;
  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <PageHeader
          title={t('billing.title')}
          subtitle={t('billing.subtitle')}
          action={
            canPay && (
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setTopUpOpen(true)}
                data-testid="billing-top-up"
              >
                {t('billing.top-up')}
              </Button>
            )
          }
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Card withBorder>
            <Text size="sm" c="dimmed">
              {t('billing.balance')}
            </Text>
            <Text fz="xl" fw={700} data-testid="billing-balance">
              {summary.data ? money(summary.data.walletBalance) : '…'}
            </Text>
          </Card>
          <Card withBorder>
            <Text size="sm" c="dimmed">
              {t('billing.plan')}
            </Text>
            <Text fz="lg" fw={600}>
              {t(summary.data?.paymentPlan === 'postpaid' ? 'billing.postpaid' : 'billing.prepaid')}
            </Text>
          </Card>
          <Card withBorder>
            <Text size="sm" c="dimmed">
              {t('billing.provider')}
            </Text>
            <Group gap="xs">
              <Text fz="lg" fw={600}>
                {summary.data?.provider === 'stripe' ? 'Stripe' : t('billing.sandbox')}
              </Text>
              {summary.data?.testMode && (
                <Badge color="yellow" variant="filled" autoContrast>
                  {t('payment.test-mode')}
                </Badge>
              )}
            </Group>
          </Card>
        </SimpleGrid>
        {summary.data?.unpaidInvoiceId != null && (
          <Alert color="orange" title={t('billing.unpaid-title')}>
            {t('billing.unpaid')}
          </Alert>
        )}

        <section aria-labelledby="billing-ledger-title">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end">
              <Title order={2} fz="h4" id="billing-ledger-title">
                {t('billing.ledger.title')}
              </Title>
              <Anchor href={ledgerCsvUrl(filter)} download data-testid="ledger-csv">
                <Group gap={4}>
                  <IconDownload size={16} aria-hidden />
                  {t('billing.ledger.csv')}
                </Group>
              </Anchor>
            </Group>
            <Group align="flex-end">
              <Select
                label={t('billing.ledger.kind')}
                placeholder={t('billing.ledger.all-kinds')}
                clearable
                data={LEDGER_ENTRY_KINDS.map((k) => ({ value: k, label: t(`billing.kinds.${k}`) }))}
                value={kind}
                onChange={(v) => {
                  setKind(v as TLedgerKind | null);
                  setPage(1);
                }}
              />
              <TextInput
                label={t('billing.ledger.from')}
                type="date"
                value={from}
                onChange={(e) => {
                  setFrom(e.currentTarget.value);
                  setPage(1);
                }}
              />
              <TextInput
                label={t('billing.ledger.to')}
                type="date"
                value={to}
                onChange={(e) => {
                  setTo(e.currentTarget.value);
                  setPage(1);
                }}
              />
            </Group>
            {ledger.isError && <Alert color="red">{errorMessage(t, ledger.error)}</Alert>}
            <Table.ScrollContainer minWidth={640}>
              <Table striped data-testid="ledger-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('billing.ledger.date')}</Table.Th>
                    <Table.Th>{t('billing.ledger.kind')}</Table.Th>
                    <Table.Th>{t('billing.ledger.for')}</Table.Th>
                    <Table.Th>{t('billing.ledger.note')}</Table.Th>
                    <Table.Th>{t('billing.ledger.by')}</Table.Th>
                    <Table.Th ta="right">{t('billing.ledger.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {ledger.data?.items.map((entry) => (
                    <Table.Tr key={entry.id} data-testid="ledger-row">
                      <Table.Td>{formatListDate(entry.createdAt, i18n.language)}</Table.Td>
                      <Table.Td>{t(`billing.kinds.${entry.kind}`)}</Table.Td>
                      <Table.Td>{[entry.campaignName, entry.rewardTitle].filter(Boolean).join(' · ')}</Table.Td>
                      <Table.Td>{entry.note ?? ''}</Table.Td>
                      <Table.Td>{entry.createdBy ?? ''}</Table.Td>
                      <Table.Td ta="right" c={entry.amount < 0 ? 'red.9' : 'teal.9'} fw={600}>
                        {money(entry.amount)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {ledger.data?.items.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={6}>
                        <Text c="dimmed" ta="center">
                          {t('billing.ledger.empty')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pageCount > 1 && (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t('billing.ledger.count', { count: ledger.data?._meta.totalCount ?? 0, size: LEDGER_PAGE_SIZE })}
                </Text>
                <Pagination total={pageCount} value={page} onChange={setPage} />
              </Group>
            )}
          </Stack>
        </section>

        {canSeeInvoices && (
          <section aria-labelledby="billing-invoices-title">
            <Stack gap="sm">
              <Title order={2} fz="h4" id="billing-invoices-title">
                {t('billing.invoices.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('billing.invoices.intro')}
              </Text>
              <Table.ScrollContainer minWidth={640}>
                <Table data-testid="invoice-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('billing.invoices.number')}</Table.Th>
                      <Table.Th>{t('billing.invoices.period')}</Table.Th>
                      <Table.Th>{t('billing.invoices.status')}</Table.Th>
                      <Table.Th>{t('billing.invoices.due')}</Table.Th>
                      <Table.Th ta="right">{t('billing.invoices.amount')}</Table.Th>
                      <Table.Th>{t('billing.invoices.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {invoices.data?.items.map((invoice) => (
                      <Table.Tr key={invoice.id} data-testid="invoice-row">
                        <Table.Td>{invoice.number ?? t('billing.invoices.open-number')}</Table.Td>
                        <Table.Td>{invoice.period}</Table.Td>
                        <Table.Td>
                          <Badge
                            color={invoice.status === 'paid' ? 'teal' : invoice.status === 'unpaid' ? 'orange' : 'gray'}
                            variant="light"
                          >
                            {t(`billing.invoices.statuses.${invoice.status}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{invoice.dueAt ? formatListDate(invoice.dueAt, i18n.language) : '—'}</Table.Td>
                        <Table.Td ta="right">{formatMoney(invoice.amount, i18n.language, invoice.currency)}</Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Anchor
                              href={invoicePdfUrl(invoice.id)}
                              download
                              aria-label={t('billing.invoices.pdf-label', { number: invoice.number ?? invoice.period })}
                            >
                              <Group gap={4} wrap="nowrap">
                                <IconFileTypePdf size={16} aria-hidden />
                                PDF
                              </Group>
                            </Anchor>
                            {invoice.status === 'unpaid' && canPayInvoices && (
                              <>
                                <Button
                                  size="xs"
                                  variant="light"
                                  loading={payFromWallet.isPending}
                                  onClick={() => payFromWallet.mutate(invoice)}
                                >
                                  {t('billing.invoices.pay-wallet')}
                                </Button>
                                <Button size="xs" onClick={() => setCardInvoice(invoice)}>
                                  {t('billing.invoices.pay-card')}
                                </Button>
                              </>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                    {invoices.data?.items.length === 0 && (
                      <Table.Tr>
                        <Table.Td colSpan={6}>
                          <Text c="dimmed" ta="center">
                            {t('billing.invoices.empty')}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          </section>
        )}

        {canSeeInvoices && (
          <section aria-labelledby="billing-profile-title">
            <Stack gap="sm">
              <Title order={2} fz="h4" id="billing-profile-title">
                {t('billing.profile.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('billing.profile.intro')}
              </Text>
              <BillingProfileForm canEdit={canPay} />
            </Stack>
          </section>
        )}
      </Stack>

      <PaymentFormModal
        opened={topUpOpen}
        amountDueCents={0}
        currency={currency}
        onClose={() => setTopUpOpen(false)}
        onPaid={(result) => {
          setTopUpOpen(false);
          notify({ color: 'teal', message: t('billing.topped-up', { amount: money(result.amount) }) });
          void refresh();
        }}
      />
      <PaymentFormModal
        opened={cardInvoice !== null}
        amountDueCents={cardInvoice?.amount ?? 0}
        currency={cardInvoice?.currency ?? currency}
        target={{ kind: 'invoice', invoiceId: cardInvoice?.id ?? 0 }}
        onClose={() => setCardInvoice(null)}
        onPaid={() => {
          setCardInvoice(null);
          notify({ color: 'teal', message: t('billing.invoices.paid-toast') });
          void refresh();
        }}
      />
      {walletPay.modal}
    </Container>
  );
}
