import { Alert, Badge, Code, Drawer, Group, Loader, Stack, Text, Timeline, Tooltip } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { TActivityEntry } from '@rally/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatListDate } from '../../../lib/format';
import { useActivity } from '../api/builder-api';

// Audit actions and fields as the server records them → their translation keys.
const ACTION_KEYS = {
  create: 'create',
  update: 'update',
  duplicate: 'duplicate',
  delete: 'delete',
  end: 'end',
  launch: 'launch',
  schedule: 'schedule',
  reschedule: 'reschedule',
  'mission.add': 'mission-add',
  'mission.update': 'mission-update',
  'mission.reorder': 'mission-reorder',
  'mission.delete': 'mission-delete',
  'reward.add': 'reward-add',
  'reward.update': 'reward-update',
  'reward.delete': 'reward-delete',
} as const;

const FIELD_KEYS = {
  name: 'name',
  type: 'type',
  sharedCampaign: 'sharedCampaign',
  missions: 'missions',
  'missions.order': 'missions-order',
  rewards: 'rewards',
  partners: 'partners',
  completionProgress: 'completionProgress',
  status: 'status',
} as const;

function actionLabel(action: string, t: TFunction) {
  return Object.hasOwn(ACTION_KEYS, action)
    ? t(`builder.activity.action.${ACTION_KEYS[action as keyof typeof ACTION_KEYS]}`)
    : action;
}

function fieldLabel(field: string, t: TFunction) {
  if (Object.hasOwn(FIELD_KEYS, field))
    return t(`builder.activity.field.${FIELD_KEYS[field as keyof typeof FIELD_KEYS]}`);
  const mission = /^missions\.(\d+)\.(\w+)$/.exec(field);
  if (mission) return t('builder.activity.field.mission-setting', { id: mission[1], setting: mission[2] });
  return field;
}

/** Raw values, compactly: strings as they are, everything else as short JSON. */
export function compactValue(value: unknown, t: TFunction): string {
  if (value === null || value === undefined) return t('builder.activity.empty-value');
  if (typeof value === 'string') return value === '' ? t('builder.activity.empty-value') : value;
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 minutes ago" / "il y a 3 minutes" in the chosen language. */
export function relativeTime(epochSeconds: number, lang: string, now = Date.now()): string {
  const diff = epochSeconds - Math.round(now / 1000);
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  for (const [unit, seconds] of UNITS) {
    if (Math.abs(diff) >= seconds || unit === 'second') return format.format(Math.round(diff / seconds), unit);
  }
  return format.format(0, 'second');
}

function Entry({ entry }: { entry: TActivityEntry }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600}>
          {entry.user?.name ?? t('builder.activity.system')}
        </Text>
        <Badge size="sm" variant="light" radius="sm">
          {actionLabel(entry.action, t)}
        </Badge>
      </Group>
      <Tooltip label={formatListDate(entry.createdAt, i18n.language)}>
        <Text
          size="xs"
          c="gray.7"
          component="time"
          dateTime={new Date(entry.createdAt * 1000).toISOString()}
          w="fit-content"
        >
          {relativeTime(entry.createdAt, i18n.language)}
        </Text>
      </Tooltip>
      {entry.changes.length > 0 && (
        <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {entry.changes.map((change, index) => (
            <Text key={index} size="xs" component="li" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600} size="xs">
                {fieldLabel(change.field, t)}
              </Text>
              {': '}
              <Code>{compactValue(change.old, t)}</Code>
              {' → '}
              <Code>{compactValue(change.new, t)}</Code>
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Who changed what, when: the campaign's audit log in a side drawer. */
export function ActivityPanel({
  campaignId,
  opened,
  onClose,
}: {
  campaignId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const activity = useActivity(campaignId, opened);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={
        <Group gap="xs">
          <IconHistory size={18} aria-hidden />
          <Text fw={650}>{t('builder.activity.title')}</Text>
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {activity.isPending ? (
        <Group justify="center" py="xl" role="status" aria-label={t('app.loading')}>
          <Loader size="sm" />
        </Group>
      ) : activity.isError ? (
        <Alert color="red" title={t('builder.activity.failed')}>
          {errorMessage(t, activity.error)}
        </Alert>
      ) : activity.data.items.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('builder.activity.empty')}
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} active={-1}>
          {activity.data.items.map((entry) => (
            <Timeline.Item key={entry.id}>
              <Entry entry={entry} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Drawer>
  );
}
