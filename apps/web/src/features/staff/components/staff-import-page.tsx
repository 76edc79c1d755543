import { useState } from 'react';
import { Alert, Anchor, Badge, Button, FileButton, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { CODE_FILE_LIMITS, STAFF_IMPORT_LIMITS, STAFF_IMPORT_TEMPLATE_CSV, type TStaffImportOutcome, type TStaffImportResult } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/error-message';
import type { TUploadProgress } from '../../../lib/upload-file';
import { uploadStaffFile, useApplyStaffFile } from '../api/staff-api';

const OUTCOME_COLORS: Record<TStaffImportOutcome, string> = { added: 'teal', updated: 'blue', unchanged: 'gray', refused: 'red' };
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(STAFF_IMPORT_TEMPLATE_CSV)}`;

function Counts({ result }: { result: TStaffImportResult }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      {(['added', 'updated', 'unchanged', 'refused'] as const).map((k) => (
        <Paper key={k} withBorder radius="md" p="sm" aria-label={t(`staff.import.outcomes.${k}`)}>
          <Text size="xs" c="dimmed">
            {t(`staff.import.outcomes.${k}`)}
          </Text>
          <Text fw={700} fz="xl" c={OUTCOME_COLORS[k]} data-testid={`staff-import-${k}`}>
            {n(result[k])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Refusals({ result }: { result: TStaffImportResult }) {
  const { t } = useTranslation();
  if (result.refusals.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('staff.import.refusals')}>
      <Title order={2} fz="h5" mb="xs">
        {t('staff.import.refusals')}
      </Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('staff.import.row')}</Table.Th>
            <Table.Th>{t('staff.fields.email')}</Table.Th>
            <Table.Th>{t('staff.fields.store')}</Table.Th>
            <Table.Th>{t('staff.import.why')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.refusals.map((r) => (
            <Table.Tr key={r.row}>
              <Table.Td>{r.row}</Table.Td>
              <Table.Td>{r.email || '—'}</Table.Td>
              <Table.Td>{r.store || '—'}</Table.Td>
              <Table.Td>{t(`staff.import.reasons.${r.reason}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {result.refused > result.refusals.length && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('staff.import.more-refused', { count: result.refused - result.refusals.length })}
        </Text>
      )}
    </Paper>
  );
}

/**
 * /stores/staff-import — a staff list in three steps: choose a file (its rows are checked and shown with what would
 * happen, nothing saved), apply it, read the summary. Uploads show their progress; a big file is checked on the server.
 */
export function StaffImportPage() {
  const { t } = useTranslation();
  const me = useSession();
  const canManage = me.permissions.includes('staff:manage');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TStaffImportResult | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<TUploadProgress | null>(null);
  const apply = useApplyStaffFile();

  function choose(next: File | null) {
    if (!next) return;
    setFile(next);
    setPreview(null);
    setPreviewError(null);
    apply.reset();
    setChecking(true);
    setProgress(null);
    uploadStaffFile('preview', next, setProgress)
      .then(setPreview)
      .catch((error: unknown) => setPreviewError(errorMessage(t, error)))
      .finally(() => setChecking(false));
  }

  const uploading = checking || apply.isPending;
  const done = apply.data;

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader
        title={t('staff.import.title')}
        subtitle={t('staff.import.subtitle', { rows: STAFF_IMPORT_LIMITS.rows.toLocaleString(), mb: CODE_FILE_LIMITS.bytes / 1024 / 1024 })}
        action={
          canManage && (
            <FileButton accept=".csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel" onChange={choose}>
              {(props) => (
                <Button {...props} leftSection={<IconFileUpload size={16} aria-hidden />} loading={checking}>
                  {t('staff.import.choose')}
                </Button>
              )}
            </FileButton>
          )
        }
      />
      <Text size="sm">
        {t('staff.import.format')}{' '}
        <Anchor href={TEMPLATE_HREF} download="staff-template.csv">
          {t('staff.import.template')}
        </Anchor>
      </Text>
      {uploading && (
        <Stack gap={4} aria-live="polite">
          <Text size="sm">{progress && progress.percent < 100 ? t('staff.import.uploading', { percent: progress.percent }) : t(apply.isPending ? 'staff.import.applying' : 'staff.import.checking')}</Text>
          <Progress value={progress?.percent ?? 0} animated={!progress || progress.percent >= 100} aria-label={t('staff.import.progress')} />
        </Stack>
      )}
      {previewError && (
        <Alert color="red" title={t('staff.import.failed')}>
          {previewError}
        </Alert>
      )}
      {apply.isError && (
        <Alert color="red" title={t('staff.import.failed')}>
          {errorMessage(t, apply.error)}
        </Alert>
      )}
      {done ? (
        <Stack component="section" aria-label={t('staff.import.summary')}>
          <Alert color="teal" title={t('staff.import.summary')}>
            {t('staff.import.applied', { rows: done.rows })}
          </Alert>
          <Counts result={done} />
          <Refusals result={done} />
        </Stack>
      ) : (
        preview && (
          <Stack component="section" aria-label={t('staff.import.preview')}>
            <Group justify="space-between">
              <Title order={2} fz="h4">
                {t('staff.import.preview')}
              </Title>
              <Button
                disabled={!file || preview.added + preview.updated === 0}
                loading={apply.isPending}
                onClick={() => file && apply.mutate({ file, onProgress: setProgress })}
              >
                {t('staff.import.apply', { count: preview.added + preview.updated })}
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              {t('staff.import.nothing-saved', { rows: preview.rows })}
            </Text>
            <Counts result={preview} />
            <Table aria-label={t('staff.import.rows')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staff.import.row')}</Table.Th>
                  <Table.Th>{t('staff.fields.email')}</Table.Th>
                  <Table.Th>{t('staff.fields.name')}</Table.Th>
                  <Table.Th>{t('staff.fields.store')}</Table.Th>
                  <Table.Th>{t('staff.fields.role')}</Table.Th>
                  <Table.Th>{t('staff.import.outcome')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.preview.map((r) => (
                  <Table.Tr key={r.row}>
                    <Table.Td>{r.row}</Table.Td>
                    <Table.Td>{r.email || '—'}</Table.Td>
                    <Table.Td>{r.name || '—'}</Table.Td>
                    <Table.Td>{r.storeName ?? r.store}</Table.Td>
                    <Table.Td>{r.role ? t(`staff.roles.${r.role}`) : '—'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={OUTCOME_COLORS[r.outcome]}>
                        {t(`staff.import.outcomes.${r.outcome}`)}
                      </Badge>
                      {r.reason && (
                        <Text size="xs" c="dimmed">
                          {t(`staff.import.reasons.${r.reason}`)}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {preview.rows > preview.preview.length && (
              <Text size="xs" c="dimmed">
                {t('staff.import.first-rows', { count: preview.preview.length })}
              </Text>
            )}
            <Refusals result={preview} />
          </Stack>
        )
      )}
    </Stack>
  );
}

export default StaffImportPage;
