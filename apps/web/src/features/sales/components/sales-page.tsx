import { useState } from 'react';
import { Alert, Badge, Button, FileButton, Group, Paper, Progress, SegmentedControl, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CODE_FILE_LIMITS, SALES_LIMITS, type TSalesBatch, type TSalesBatchDetail, type TSalesLineOutcome } from '@rally/domain';
import { ErrorState } from '../../../components/error-state';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../app/session';
import { errorMessage } from '../../../lib/error-message';
import { formatListDate } from '../../../lib/format';
import { useSalesBatch, useSalesBatches, useUploadSalesFile } from '../api/sales-api';

const STATUS_COLOR: Record<TSalesBatch['status'], string> = { queued: 'gray', processing: 'blue', done: 'green', failed: 'red' };
const OUTCOME_COLOR: Record<TSalesLineOutcome, string> = {
  credited: 'green',
  duplicate_transaction: 'gray',
  unknown_sku: 'orange',
  unknown_staff: 'orange',
  unknown_store: 'orange',
  not_in_live_campaign: 'yellow',
  refused: 'red',
  invalid: 'red',
};

/**
 * Sales (issue 31, decision 0030): every batch of sales lines the brand's POS sent — by API key or as a file uploaded
 * here — with what it credited, and one batch's rows with their problems and the completions it made.
 */
export function SalesPage() {
  const { t, i18n } = useTranslation();
  const me = useSession();
  const batches = useSalesBatches();
  const upload = useUploadSalesFile();
  const [selected, setSelected] = useState<number | null>(null);
  const canUpload = me.permissions.includes('campaign:update');

  const choose = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, { onSuccess: (batch) => setSelected(batch.id) });
  };

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader
        title={t('sales.title')}
        subtitle={t('sales.subtitle', { lines: SALES_LIMITS.linesPerFile.toLocaleString(i18n.language), mb: CODE_FILE_LIMITS.bytes / 1024 / 1024 })}
        action={
          canUpload && (
            <FileButton accept=".csv,.xlsx,.xls,text/csv" onChange={choose}>
              {(props) => (
                <Button {...props} leftSection={<IconFileUpload size={16} aria-hidden />} loading={upload.isPending}>
                  {t('sales.upload')}
                </Button>
              )}
            </FileButton>
          )
        }
      />
      <Text size="sm">{t('sales.format')}</Text>
      {upload.isError && (
        <Alert color="red" role="alert">
          {errorMessage(t, upload.error)}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="sales-batches-title">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="sales-batches-title">
            {t('sales.batches.title')}
          </Title>
          {batches.isError ? (
            <ErrorState error={batches.error} onRetry={() => void batches.refetch()} />
          ) : batches.isPending ? (
            <FullPageLoader fullHeight={false} />
          ) : batches.data.items.length === 0 ? (
            <Text c="dimmed">{t('sales.batches.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={860}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('sales.batches.batch')}</Table.Th>
                    <Table.Th scope="col">{t('sales.batches.source')}</Table.Th>
                    <Table.Th scope="col">{t('sales.batches.status')}</Table.Th>
                    <Table.Th scope="col">{t('sales.batches.lines')}</Table.Th>
                    <Table.Th scope="col">{t('sales.batches.credited')}</Table.Th>
                    <Table.Th scope="col">{t('sales.batches.duplicates')}</Table.Th>
                    <Table.Th scope="col">{t('sales.batches.problems')}</Table.Th>
                    <Table.Th scope="col">{t('sales.batches.when')}</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>{t('sales.batches.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {batches.data.items.map((b) => (
                    <Table.Tr key={b.id} aria-selected={selected === b.id}>
                      <Table.Th scope="row">#{b.id}</Table.Th>
                      <Table.Td>
                        {b.source === 'file' ? t('sales.source.file', { name: b.fileName ?? '' }) : t('sales.source.api', { name: b.sentBy })}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[b.status]} variant="light">
                          {t(`sales.status.${b.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{b.lines.toLocaleString(i18n.language)}</Table.Td>
                      <Table.Td>{b.credited.toLocaleString(i18n.language)}</Table.Td>
                      <Table.Td>{b.duplicates.toLocaleString(i18n.language)}</Table.Td>
                      <Table.Td>{b.problems.toLocaleString(i18n.language)}</Table.Td>
                      <Table.Td>{formatListDate(b.createdAt, i18n.language)}</Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="light" onClick={() => setSelected(b.id)} aria-label={t('sales.batches.open', { id: b.id })} aria-pressed={selected === b.id}>
                          {t('sales.batches.view')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
      {selected !== null && <BatchPanel id={selected} />}
    </Stack>
  );
}

export default SalesPage;

function BatchPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<'problems' | 'all'>('problems');
  const detail = useSalesBatch(id, rows);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="sales-batch-title">
      <Stack gap="md">
        <Title order={2} fz="h4" id="sales-batch-title">
          {t('sales.batch.title', { id })}
        </Title>
        {detail.isError ? (
          <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
        ) : detail.isPending ? (
          <FullPageLoader fullHeight={false} />
        ) : (
          <BatchDetail detail={detail.data} rows={rows} onRows={setRows} />
        )}
      </Stack>
    </Paper>
  );
}

function BatchDetail({ detail, rows, onRows }: { detail: TSalesBatchDetail; rows: 'problems' | 'all'; onRows: (rows: 'problems' | 'all') => void }) {
  const { t, i18n } = useTranslation();
  const b = detail.batch;
  const percent = b.lines === 0 ? 0 : Math.round((b.processed / b.lines) * 100);
  const n = (v: number) => v.toLocaleString(i18n.language);
  return (
    <>
      {b.status === 'failed' && (
        <Alert color="red" role="alert" title={t('sales.batch.failed')}>
          {b.error}
        </Alert>
      )}
      {(b.status === 'queued' || b.status === 'processing') && (
        <Stack gap={4}>
          <Text size="sm">{t('sales.batch.progress', { done: n(b.processed), total: n(b.lines) })}</Text>
          <Progress value={percent} aria-label={t('sales.batch.progress-label')} animated />
        </Stack>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
        {(
          [
            ['lines', b.lines],
            ['credited', b.credited],
            ['duplicates', b.duplicates],
            ['problems', b.problems],
            ['completions', b.completions],
            ['unlocks', b.unlocks],
          ] as const
        ).map(([key, value]) => (
          <Stack key={key} gap={0}>
            <Text size="xs" c="dimmed">
              {t(`sales.batch.${key}`)}
            </Text>
            <Text fw={700}>{n(value)}</Text>
          </Stack>
        ))}
      </SimpleGrid>

      <Group justify="space-between">
        <Title order={3} fz="h5">
          {t('sales.rows.title')}
        </Title>
        <SegmentedControl
          aria-label={t('sales.rows.filter')}
          value={rows}
          onChange={(v) => onRows(v === 'all' ? 'all' : 'problems')}
          data={[
            { value: 'problems', label: t('sales.rows.problems') },
            { value: 'all', label: t('sales.rows.all') },
          ]}
        />
      </Group>
      {detail.rows.length === 0 ? (
        <Text c="dimmed">{t('sales.rows.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('sales.rows.row')}</Table.Th>
                <Table.Th scope="col">{t('sales.rows.transaction')}</Table.Th>
                <Table.Th scope="col">{t('sales.rows.store')}</Table.Th>
                <Table.Th scope="col">{t('sales.rows.staff')}</Table.Th>
                <Table.Th scope="col">{t('sales.rows.sku')}</Table.Th>
                <Table.Th scope="col">{t('sales.rows.outcome')}</Table.Th>
                <Table.Th scope="col">{t('sales.rows.why')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.rows.map((r) => (
                <Table.Tr key={r.row}>
                  <Table.Th scope="row">{r.row}</Table.Th>
                  <Table.Td>{r.transactionId}</Table.Td>
                  <Table.Td>{r.storePosId}</Table.Td>
                  <Table.Td>{r.staff}</Table.Td>
                  <Table.Td>{r.sku}</Table.Td>
                  <Table.Td>
                    {r.outcome ? (
                      <Badge color={OUTCOME_COLOR[r.outcome]} variant="light">
                        {t(`sales.outcome.${r.outcome}`)}
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('sales.outcome.pending')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{r.message ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Title order={3} fz="h5">
        {t('sales.credits.title')}
      </Title>
      {detail.credits.length === 0 ? (
        <Text c="dimmed">{t('sales.credits.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('sales.credits.transaction')}</Table.Th>
                <Table.Th scope="col">{t('sales.credits.staff')}</Table.Th>
                <Table.Th scope="col">{t('sales.credits.campaign')}</Table.Th>
                <Table.Th scope="col">{t('sales.credits.completion')}</Table.Th>
                <Table.Th scope="col">{t('sales.credits.unlocks')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.credits.map((c) => (
                <Table.Tr key={c.completionId}>
                  <Table.Th scope="row">{c.transactionId}</Table.Th>
                  <Table.Td>{c.staffName}</Table.Td>
                  <Table.Td>{c.campaignName}</Table.Td>
                  <Table.Td>#{c.completionId}</Table.Td>
                  <Table.Td>{n(c.unlocks)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
