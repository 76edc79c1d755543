import { useMemo, useState } from 'react';
import { Anchor, Badge, Button, Code, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { activityValueText, type TActivityChange, type TBrandActivityEntry } from '@rally/domain';
import { useSession } from '../../../app/session';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { activityCsvUrl, useActivity } from '../api/activity-api';
import { activityQuery, EMPTY_FILTER, type ActivityFilterForm } from '../lib/activity-filter';
import { ActivityFilters } from './activity-filters';

function Changes({ changes }: { changes: TActivityChange[] }) {
  if (changes.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={2}>
      {changes.map((c, i) => (
        <Text key={`${c.field}-${i}`} size="sm">
          <Code>{c.field}</Code> {activityValueText(c.old) || '∅'} → {activityValueText(c.new) || '∅'}
        </Text>
      ))}
    </Stack>
  );
}

/** /activity: who changed what in the brand, when (in the brand's zone), old → new; filters and a CSV of them. */
export default function ActivityPage() {
  const { t, i18n } = useTranslation();
  const me = useSession();
  const timeZone = me.brand.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [form, setForm] = useState<ActivityFilterForm>(EMPTY_FILTER);
  // Typed filters wait for a pause before asking the server.
  const [debounced] = useDebouncedValue(form, 300);
  const query = useMemo(() => activityQuery(debounced, timeZone), [debounced, timeZone]);
  const log = useActivity(query);
  const entries: TBrandActivityEntry[] = useMemo(() => log.data?.pages.flatMap((p) => p.items) ?? [], [log.data]);
  const actors = useMemo(() => {
    const seen = new Map<string, string>();
    for (const e of entries) if (e.actor.id) seen.set(e.actor.id, e.actor.name);
    return [...seen].map(([id, name]) => ({ id, name }));
  }, [entries]);

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('activity.title')}
        subtitle={t('activity.subtitle', { brand: me.brand.name, zone: timeZone })}
        action={
          <Button component="a" href={activityCsvUrl(query)} download leftSection={<IconDownload size={16} aria-hidden />} variant="light">
            {t('activity.export')}
          </Button>
        }
      />
      <ActivityFilters value={form} onChange={setForm} actors={actors} />
      <Paper withBorder>
        {log.isError ? (
          <ErrorState error={log.error} onRetry={() => void log.refetch()} />
        ) : (
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('activity.columns.when')}</Table.Th>
                <Table.Th>{t('activity.columns.who')}</Table.Th>
                <Table.Th>{t('activity.columns.what')}</Table.Th>
                <Table.Th>{t('activity.columns.changes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.isPending &&
                [0, 1, 2].map((i) => (
                  <Table.Tr key={i}>
                    <Table.Td colSpan={4}>
                      <Skeleton h={20} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              {!log.isPending && entries.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed" ta="center">
                      {t('activity.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at, timeZone, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">{e.actor.name}</Text>
                      {e.actor.kind !== 'user' && (
                        <Badge size="xs" variant="light" color={e.actor.kind === 'operator' ? 'orange' : 'gray'}>
                          {t(`activity.actor-kinds.${e.actor.kind}`)}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Code>{e.action}</Code>
                    {e.subject && (
                      <Text size="xs" c="dimmed">
                        {e.subject.type} {e.subject.label ?? e.subject.id}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Changes changes={e.changes} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {log.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {t('activity.more')}
          </Button>
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {t('activity.csv-hint')} <Anchor href={activityCsvUrl(query)}>{t('activity.export')}</Anchor>
      </Text>
    </Stack>
  );
}
