import { Alert, Badge, Code, Drawer, Group, Loader, Stack, Text, Timeline, Tooltip } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { TActivityEntry } from '@rally/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useBrandCurrency } from '../../../app/session';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney, formatNumber, formatZonedDate } from '../../../lib/format';
import { useActivity } from '../api/builder-api';

// Audit actions as the server records them → their translation keys. Launch-form status
// changes arrive as `status.<action>`, automatic ends as `engine.<reason>`.
const ACTION_KEYS = {
  create: 'create',
  update: 'update',
  duplicate: 'duplicate',
  delete: 'delete',
  end: 'end',
  launch: 'launch',
  schedule: 'schedule',
  reschedule: 'reschedule',
  reject: 'reject',
  'mission.add': 'mission-add',
  'mission.update': 'mission-update',
  'mission.reorder': 'mission-reorder',
  'mission.delete': 'mission-delete',
  'reward.add': 'reward-add',
  'reward.create': 'reward-add',
  'reward.update': 'reward-update',
  'reward.delete': 'reward-delete',
  'reward.end-date': 'reward-end-date',
  'budget.pay': 'budget-pay',
  'scheduler.activate': 'scheduler-activate',
  'scheduler.end': 'scheduler-end',
  'scheduler.start-blocked': 'scheduler-start-blocked',
  'partners.update': 'partners-update',
  'partners.invite': 'partners-invite',
  'partners.accept': 'partners-accept',
  'partners.reject': 'partners-reject',
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
  startDate: 'startDate',
  endDate: 'endDate',
  timeZone: 'timeZone',
  finishCriteria: 'finishCriteria',
  scopeType: 'scopeType',
  scopePks: 'scopePks',
  countryCodes: 'countryCodes',
  selectedPlacesIds: 'countryCodes',
  selectedCountries: 'countryCodes',
  reachGroups: 'reachGroups',
  reachStores: 'reachStores',
  reachUsers: 'reachUsers',
  budgetRefunded: 'budgetRefunded',
  budgetDue: 'budgetDue',
  duplicatedFrom: 'duplicatedFrom',
  finishReason: 'finishReason',
  startBlocked: 'startBlocked',
  rejectionReason: 'rejectionReason',
  partner: 'partner',
  inviteStatus: 'inviteStatus',
  invites: 'invites',
} as const;

const MONEY_FIELDS = new Set(['budgetRefunded', 'budgetDue']);
const DATE_FIELDS = new Set(['startDate', 'endDate']);

export function actionLabel(action: string, t: TFunction): string {
  const plain = action.startsWith('status.') ? action.slice('status.'.length) : action;
  if (Object.hasOwn(ACTION_KEYS, plain))
    return t(`builder.activity.action.${ACTION_KEYS[plain as keyof typeof ACTION_KEYS]}`);
  if (plain.startsWith('engine.')) return t('builder.activity.action.engine-end');
  // Never a raw code on screen: an action this version does not know yet reads as a change.
  return t('builder.activity.action.other');
}

export function fieldLabel(field: string, t: TFunction): string {
  if (Object.hasOwn(FIELD_KEYS, field))
    return t(`builder.activity.field.${FIELD_KEYS[field as keyof typeof FIELD_KEYS]}`);
  const mission = /^missions\.(\d+)\.(\w+)$/.exec(field);
  if (mission) return t('builder.activity.field.mission-setting', { id: mission[1], setting: mission[2] });
  const reward = /^rewards\.(\d+)\.(budgetPaid|endDate)$/.exec(field);
  if (reward)
    return t(`builder.activity.field.reward-${reward[2] === 'budgetPaid' ? 'budget-paid' : 'end-date'}`, {
      id: reward[1],
    });
  return field;
}

export interface ValueContext {
  t: TFunction;
  lang: string;
  timeZone: string;
  /** The brand's currency (USD when not given). */
  currency?: string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A recorded value in words: dates in the campaign's zone and the user's language, missions and
 * rewards by their title (or type when untitled), statuses and types translated, money as money.
 */
export function describeValue(field: string, value: unknown, ctx: ValueContext): string {
  const { t, lang, timeZone } = ctx;
  if (value === null || value === undefined || value === '') return t('builder.activity.empty-value');
  const isReward = field === 'rewards' || field.startsWith('rewards.');
  if (typeof value === 'number' && (MONEY_FIELDS.has(field) || /\.budgetPaid$/.test(field)))
    return formatMoney(value, lang, ctx.currency);
  if (typeof value === 'number' && DATE_FIELDS.has(field)) return formatZonedDate(value, timeZone, lang);
  if (typeof value === 'string' && ISO_INSTANT.test(value)) {
    return formatZonedDate(Math.round(Date.parse(value) / 1000), timeZone, lang);
  }
  if (typeof value === 'boolean') return t(value ? 'builder.activity.yes' : 'builder.activity.no');
  if (typeof value === 'string') {
    if (field === 'status') return t(`campaign.status.${value}`, { defaultValue: value });
    if (field === 'type') return t(`campaign.type.${value}`, { defaultValue: value });
    if (field === 'inviteStatus') return t(`builder.partners.status.${value}`, { defaultValue: value });
    return value;
  }
  if (typeof value === 'number') return formatNumber(value, lang);
  if (Array.isArray(value)) {
    if (value.length === 0) return t('builder.activity.empty-value');
    return value.map((v) => describeValue(field, v, ctx)).join(', ');
  }
  if (typeof value === 'object') {
    const o = value as { title?: unknown; name?: unknown; type?: unknown; code?: unknown };
    const title = typeof o.title === 'string' ? o.title.trim() : typeof o.name === 'string' ? o.name.trim() : '';
    if (title) return `“${title}”`;
    if (isReward && typeof o.type === 'string')
      return t('builder.activity.untitled-reward', {
        type: t(`builder.reward-type.${o.type}`, { defaultValue: o.type }),
      });
    if (typeof o.code === 'string') return o.code;
    if (field === 'missions') return t('builder.activity.a-mission');
  }
  return t('builder.activity.changed-value');
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

function Entry({ entry, timeZone }: { entry: TActivityEntry; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const currency = useBrandCurrency();
  const ctx = { t, lang: i18n.language, timeZone, currency };
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
      <Tooltip label={formatZonedDate(entry.createdAt, timeZone, i18n.language)}>
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
              <Code>{describeValue(change.field, change.old, ctx)}</Code>
              {' → '}
              <Code>{describeValue(change.field, change.new, ctx)}</Code>
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
  timeZone,
  opened,
  onClose,
}: {
  campaignId: number;
  /** The campaign's zone: every date in the panel is shown in it. */
  timeZone: string;
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
              <Entry entry={entry} timeZone={timeZone} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Drawer>
  );
}
