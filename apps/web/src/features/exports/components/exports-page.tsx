import { useState } from 'react';
import { Anchor, Badge, Button, Group, Pagination, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { exportProgress, type TDataExport, type TExportStatus } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ErrorState } from '../../../components/error-state';
import { errorMessage } from '../../../lib/error-message';
import { formatListDate, formatNumber } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../app/session';
import { useCancelExport, useExports } from '../api/exports-api';

const STATUS_COLORS: Record<TExportStatus, string> = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red', cancelled: 'yellow' };

function ProgressCell({ item }: { item: TDataExport }) {
  const { t, i18n } = useTranslation();
  const pct = exportProgress(item);
  const label =
    item.rowsTotal === null
      ? t('exports.progress.counting')
      : t('exports.progress.rows', { done: formatNumber(item.rowsDone, i18n.language), total: formatNumber(item.rowsTotal, i18n.language) });
  return (
    <Stack gap={4} miw={180}>
      <Progress value={pct} color={STATUS_COLORS[item.status]} animated={item.status === 'running'} aria-label={t('exports.progress.label', { pct })} />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** The /exports screen: the brand's exports with progress, status, download link and its expiry, and cancel. */
export function ExportsPage() {
  const { t, i18n } = useTranslation();
  const me = useSession();
  const [page, setPage] = useState(1);
  const list = useExports(page);
  const cancel = useCancelExport();
  const allowed = me.permissions.includes('export:create');

  if (!allowed) {
    return (
      <Stack gap="lg" maw={1200} mx="auto">
        <PageHeader title={t('exports.title')} subtitle={t('exports.not-allowed')} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader title={t('exports.title')} subtitle={t('exports.subtitle')} />
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Paper withBorder radius="md" p="md">
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm" aria-label={t('exports.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('exports.columns.what')}</Table.Th>
                  <Table.Th>{t('exports.columns.requested')}</Table.Th>
                  <Table.Th>{t('exports.columns.status')}</Table.Th>
                  <Table.Th>{t('exports.columns.progress')}</Table.Th>
                  <Table.Th>{t('exports.columns.expires')}</Table.Th>
                  <Table.Th>{t('exports.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.items.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text c="dimmed" ta="center" py="lg">
                        {t('exports.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {list.data?.items.map((item) => (
                  <Table.Tr key={item.id} data-testid="export-row">
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {t(`exports.kind.${item.kind}`)} · {item.format.toUpperCase()}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('exports.sent-to', { email: item.email })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatListDate(item.createdAt, i18n.language)}</Text>
                      <Text size="xs" c="dimmed">
                        {item.requestedBy}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[item.status]} variant="light">
                        {t(`exports.status.${item.status}`)}
                      </Badge>
                      {item.error && (
                        <Text size="xs" c="red" maw={220} lineClamp={2} title={item.error}>
                          {item.error}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <ProgressCell item={item} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {item.expiresAt === null
                          ? '—'
                          : item.downloadUrl
                            ? formatListDate(item.expiresAt, i18n.language)
                            : t('exports.expired')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {item.downloadUrl && (
                          <Button component="a" href={item.downloadUrl} size="xs" variant="light" leftSection={<IconDownload size={14} aria-hidden />} download>
                            {t('exports.download')}
                          </Button>
                        )}
                        {(item.status === 'queued' || item.status === 'running') && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            loading={cancel.isPending && cancel.variables === item.id}
                            onClick={() =>
                              cancel.mutate(item.id, { onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }) })
                            }
                          >
                            {t('exports.cancel')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.data && list.data._meta.pageCount > 1 && (
            <Group justify="flex-end" mt="md">
              <Pagination value={page} onChange={setPage} total={list.data._meta.pageCount} />
            </Group>
          )}
          {list.data && list.data.items.length > 0 && (
            <Anchor size="xs" c="dimmed" component="span">
              {t('exports.link-note')}
            </Anchor>
          )}
        </Paper>
      )}
    </Stack>
  );
}

export default ExportsPage;
