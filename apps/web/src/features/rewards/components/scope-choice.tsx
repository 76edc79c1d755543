import { Radio, Select, Stack } from '@mantine/core';
import { applyRewardScope, type RewardScopeFields, type TCampaignMission, type TRewardScope } from '@rally/domain';
import { useTranslation } from 'react-i18next';

interface ScopeChoiceProps {
  value: RewardScopeFields;
  onChange: (value: RewardScopeFields, paths: string[]) => void;
  missions: TCampaignMission[];
  errors: Record<string, string>;
}

/** Learning campaigns: a reward for the whole campaign, or for one of its missions (product rule R39). */
export function ScopeChoice({ value, onChange, missions, errors }: ScopeChoiceProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('rewards.scope.label')}
        value={value.scope}
        // Both paths count as touched, so "select a mission" shows as soon as mission scope is picked.
        onChange={(scope) => onChange(applyRewardScope(value, scope as TRewardScope), ['scope', 'missionId'])}
        error={errors['scope']}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="campaign" label={t('rewards.scope.campaign')} />
          <Radio value="mission" label={t('rewards.scope.mission')} />
        </Stack>
      </Radio.Group>
      {value.scope === 'mission' && (
        <Select
          label={t('rewards.scope.mission-select')}
          placeholder={t('rewards.scope.mission-placeholder')}
          data={missions.map((m) => ({ value: String(m.missionId), label: m.mission.title }))}
          value={value.missionId === null ? null : String(value.missionId)}
          onChange={(id) => onChange({ ...value, missionId: id === null ? null : Number(id) }, ['missionId'])}
          error={errors['missionId']}
          allowDeselect={false}
          required
        />
      )}
    </Stack>
  );
}
