import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, FileButton, Group, Kbd, Paper, Radio, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { CODE_FILE_LIMITS, MERGE_FIELDS, type TCompareResult, type TMergeField } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../app/session';
import { errorMessage } from '../../../lib/error-message';
import { formatPercent } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCompareImported, useConfirmMerge, useIgnoreMerge, useImportedList, useUploadPosFile } from '../api/pos-api';

type TSide = 'imported' | 'existing';
const IMPORTED_KEY: Record<TMergeField, keyof TCompareResult['imported']> = {
  storeName: 'storeName',
  street: 'street',
  city: 'city',
  region: 'region',
  postalCode: 'postalCode',
  countryCode: 'countryCode',
};

/** A keyboard shortcut of the queue; ignored while typing in a field or with a modifier held. */
function useShortcuts(handlers: Record<string, () => void>) {
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      const handler = handlers[e.key.toLowerCase()];
      if (handler) {
        e.preventDefault();
        handler();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [handlers]);
}

function Uploader() {
  const { t } = useTranslation();
  const upload = useUploadPosFile();
  return (
    <FileButton
      accept=".csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
      onChange={(file) =>
        file &&
        upload.mutate(file, {
          onSuccess: (r) => notify({ color: 'teal', title: t('stores.pos.uploaded.title'), message: t('stores.pos.uploaded.body', r) }),
          onError: (error) => notify({ color: 'red', title: t('stores.pos.upload-failed'), message: errorMessage(t, error) }),
        })
      }
    >
      {(props) => (
        <Button {...props} leftSection={<IconFileUpload size={16} aria-hidden />} loading={upload.isPending}>
          {t('stores.pos.upload', { mb: CODE_FILE_LIMITS.bytes / 1024 / 1024 })}
        </Button>
      )}
    </FileButton>
  );
}

function Reviewer({ refId, onDone, onSkip }: { refId: string; onDone(): void; onSkip(): void }) {
  const { t, i18n } = useTranslation();
  const compare = useCompareImported(refId);
  const confirm = useConfirmMerge();
  const ignore = useIgnoreMerge();
  const [pick, setPick] = useState(0);
  const [accept, setAccept] = useState<Partial<Record<TMergeField, TSide>>>({});

  const candidates = compare.data?.candidates ?? [];
  const candidate = candidates[pick];
  const busy = confirm.isPending || ignore.isPending;

  function merge() {
    if (!candidate || busy) return;
    confirm.mutate(
      { refId, rallyStoreId: candidate.store.id, acceptFrom: accept },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t('stores.pos.merged', { name: candidate.store.storeName }) });
          onDone();
        },
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
      },
    );
  }
  function keepApart() {
    if (busy) return;
    ignore.mutate(refId, {
      onSuccess: () => {
        notify({ color: 'teal', message: t('stores.pos.kept-apart') });
        onDone();
      },
      onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
    });
  }
  const shortcuts = useMemo(
    () => ({
      m: merge,
      enter: merge,
      n: keepApart,
      s: onSkip,
      j: () => setPick((p) => Math.min(p + 1, Math.max(candidates.length - 1, 0))),
      k: () => setPick((p) => Math.max(p - 1, 0)),
      ...Object.fromEntries(candidates.map((_, i) => [String(i + 1), () => setPick(i)])),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers read the latest state through this render
    [candidates, pick, accept, busy, refId],
  );
  useShortcuts(shortcuts);

  if (compare.isError) return <ErrorState error={compare.error} onRetry={() => void compare.refetch()} />;
  if (!compare.data) return <Text c="dimmed">{t('stores.pos.loading')}</Text>;
  const imported = compare.data.imported;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('stores.pos.review', { ref: imported.refId })}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          {t('stores.pos.review', { ref: imported.refId })}
        </Title>
        {candidates.length > 1 && (
          <SegmentedControl
            aria-label={t('stores.pos.candidates')}
            value={String(pick)}
            onChange={(v) => setPick(Number(v))}
            data={candidates.map((c, i) => ({ value: String(i), label: `${i + 1}. ${c.store.storeName} (${formatPercent(c.score * 100, i18n.language)})` }))}
          />
        )}
      </Group>
      {candidate ? (
        <Table aria-label={t('stores.pos.side-by-side')} data-testid="pos-compare">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('stores.pos.field')}</Table.Th>
              <Table.Th>{t('stores.pos.imported')}</Table.Th>
              <Table.Th>
                {t('stores.pos.existing')}{' '}
                <Badge variant="light" color={candidate.score >= 0.6 ? 'teal' : 'yellow'}>
                  {t('stores.pos.match', { pct: formatPercent(candidate.score * 100, i18n.language) })}
                </Badge>
              </Table.Th>
              <Table.Th>{t('stores.pos.keep')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {MERGE_FIELDS.map((field) => {
              const mine = String(imported[IMPORTED_KEY[field]] ?? '');
              const theirs = String(candidate.store[field] ?? '');
              const same = mine === theirs;
              return (
                <Table.Tr key={field}>
                  <Table.Td>{t(`stores.page.fields.${field}`)}</Table.Td>
                  <Table.Td fw={same ? undefined : 600}>{mine || '—'}</Table.Td>
                  <Table.Td fw={same ? undefined : 600}>{theirs || '—'}</Table.Td>
                  <Table.Td>
                    {same ? (
                      <Text size="xs" c="dimmed">
                        {t('stores.pos.same')}
                      </Text>
                    ) : (
                      <Radio.Group
                        value={accept[field] ?? 'existing'}
                        onChange={(v) => setAccept({ ...accept, [field]: v as TSide })}
                        aria-label={t('stores.pos.keep-for', { field: t(`stores.page.fields.${field}`) })}
                      >
                        <Group gap="xs">
                          <Radio value="imported" label={t('stores.pos.imported')} />
                          <Radio value="existing" label={t('stores.pos.existing')} />
                        </Group>
                      </Radio.Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed">{t('stores.pos.no-candidates', { name: imported.storeName })}</Text>
      )}
      <Group mt="md">
        <Button onClick={merge} disabled={!candidate} loading={confirm.isPending} rightSection={<Kbd size="xs">M</Kbd>}>
          {t('stores.pos.merge')}
        </Button>
        <Button variant="light" onClick={keepApart} loading={ignore.isPending} rightSection={<Kbd size="xs">N</Kbd>}>
          {t('stores.pos.keep-apart')}
        </Button>
        <Button variant="subtle" onClick={onSkip} rightSection={<Kbd size="xs">S</Kbd>}>
          {t('stores.pos.skip')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt="sm">
        {t('stores.pos.shortcuts')}
      </Text>
    </Paper>
  );
}

/** /stores/pos-import — upload a POS store list and walk the queue: merge each row into a store or keep it apart. */
export function PosImportPage() {
  const { t } = useTranslation();
  const me = useSession();
  const [skipped, setSkipped] = useState<string[]>([]);
  const queue = useImportedList({ currentPage: 1, sort: 'importedAt', status: 'pending', perPage: 100 });
  const pending = (queue.data?.items ?? []).filter((r) => !skipped.includes(r.refId));
  const current = pending[0]?.refId ?? null;
  const canUpdate = me.permissions.includes('store:update');

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader title={t('stores.pos.title')} subtitle={t('stores.pos.subtitle')} action={canUpdate && <Uploader />} />
      <Text size="sm" c="dimmed">
        {t('stores.pos.pending', { count: queue.data?._meta.totalCount ?? 0 })}
      </Text>
      {queue.isError && <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />}
      {current ? (
        <Reviewer key={current} refId={current} onDone={() => void queue.refetch()} onSkip={() => setSkipped((s) => [...s, current])} />
      ) : (
        queue.data && (
          <Paper withBorder radius="md" p="lg">
            <Text c="dimmed" ta="center">
              {skipped.length > 0 ? t('stores.pos.only-skipped') : t('stores.pos.empty')}
            </Text>
            {skipped.length > 0 && (
              <Group justify="center" mt="sm">
                <Button variant="light" onClick={() => setSkipped([])}>
                  {t('stores.pos.review-skipped')}
                </Button>
              </Group>
            )}
          </Paper>
        )
      )}
    </Stack>
  );
}

export default PosImportPage;
