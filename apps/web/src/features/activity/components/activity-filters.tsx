import { Button, Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_AREAS, type TActivityArea } from '@rally/domain';
import { EMPTY_FILTER, type ActivityFilterForm } from '../lib/activity-filter';

export interface ActivityFiltersProps {
  value: ActivityFilterForm;
  onChange: (next: ActivityFilterForm) => void;
  /** Who may be picked as the actor: the people seen in the log and the brand's members. */
  actors: { id: string; name: string }[];
}

/** The log's filters: area, action, who, subject and a day range (days in the brand's zone). */
export function ActivityFilters({ value, onChange, actors }: ActivityFiltersProps) {
  const { t } = useTranslation();
  const set = <K extends keyof ActivityFilterForm>(key: K, v: ActivityFilterForm[K]) => onChange({ ...value, [key]: v });
  const dirty = Object.entries(value).some(([k, v]) => v !== EMPTY_FILTER[k as keyof ActivityFilterForm]);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label={t('activity.filters.label')}>
      <Select
        label={t('activity.filters.area')}
        placeholder={t('activity.filters.any')}
        data={ACTIVITY_AREAS.map((a) => ({ value: a, label: t(`activity.areas.${a}`) }))}
        value={value.area || null}
        onChange={(v) => set('area', (v ?? '') as TActivityArea | '')}
        clearable
        w={170}
      />
      <TextInput
        label={t('activity.filters.action')}
        placeholder="member.role_changed"
        value={value.action}
        onChange={(e) => set('action', e.currentTarget.value)}
        w={200}
      />
      <Select
        label={t('activity.filters.actor')}
        placeholder={t('activity.filters.anyone')}
        data={actors.map((a) => ({ value: a.id, label: a.name }))}
        value={value.actorId || null}
        onChange={(v) => set('actorId', v ?? '')}
        clearable
        searchable
        w={200}
      />
      <TextInput label={t('activity.filters.subject-type')} placeholder="campaign" value={value.subjectType} onChange={(e) => set('subjectType', e.currentTarget.value)} w={140} />
      <TextInput label={t('activity.filters.subject-id')} value={value.subjectId} onChange={(e) => set('subjectId', e.currentTarget.value)} w={140} />
      <TextInput type="date" label={t('activity.filters.from')} value={value.fromDay} onChange={(e) => set('fromDay', e.currentTarget.value)} w={160} />
      <TextInput type="date" label={t('activity.filters.to')} value={value.toDay} onChange={(e) => set('toDay', e.currentTarget.value)} w={160} />
      <Button variant="subtle" disabled={!dirty} onClick={() => onChange(EMPTY_FILTER)}>
        {t('activity.filters.clear')}
      </Button>
    </Group>
  );
}
