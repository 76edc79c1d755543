import { Checkbox, Loader, Radio, Stack, Text } from '@mantine/core';
import { assignmentChoices, type TCampaignMission } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import type { TAssignmentForm } from '../lib/reward-form';
import { useItemSoldMissionItems } from '../lib/use-sold-items';
import { MoneyInput } from './money-input';

const CHOICE_LABELS = { none: 'none', itemSold: 'item-sold', salesAmount: 'sales-amount' } as const;

interface AssignmentStepProps {
  value: TAssignmentForm | null;
  onChange: (value: TAssignmentForm | null, path: string) => void;
  missions: TCampaignMission[];
  rewardId?: number | undefined;
  errors: Record<string, string>;
}

/**
 * Learning campaigns: optionally (product rule R37) the reward goes to items sold — offered only when the
 * campaign has item-sold missions — or to a sales amount (product rule R37).
 */
export function AssignmentStep({ value, onChange, missions, rewardId, errors }: AssignmentStepProps) {
  const { t } = useTranslation();
  const { itemSold, queries } = useItemSoldMissionItems(missions);
  const current: TAssignmentForm = value ?? { type: 'itemSold', itemsId: [], amountThreshold: '', amountThresholdType: null };
  const choices = assignmentChoices({ hasItemSoldMissions: itemSold.length > 0 });

  return (
    <Stack gap="md">
      <Radio.Group
        label={t('rewards.assignment.label')}
        value={value?.type ?? 'none'}
        onChange={(type) =>
          onChange(
            type === 'none'
              ? null
              : { type: type as TAssignmentForm['type'], itemsId: [], amountThreshold: '', amountThresholdType: null },
            'assignment',
          )
        }
        error={errors['assignment']}
      >
        <Stack gap="xs" mt="xs">
          {choices.map((choice) => (
            <Radio key={choice} value={choice} label={t(`rewards.assignment.${CHOICE_LABELS[choice]}`)} />
          ))}
        </Stack>
      </Radio.Group>

      {value?.type === 'itemSold' && (
        <Stack gap="xs">
          {itemSold.length === 0 && (
            <Text size="sm" c="gray.7">
              {t('rewards.assignment.no-items')}
            </Text>
          )}
          {itemSold.map((mission, i) => {
            const query = queries[i];
            return (
              <Checkbox.Group
                key={mission.id}
                label={mission.mission.title}
                value={current.itemsId.map(String)}
                onChange={(ids) => {
                  const own = new Set((query?.data?.items ?? []).map((item) => item.id));
                  const others = current.itemsId.filter((id) => !own.has(id));
                  onChange({ ...current, itemsId: [...others, ...ids.map(Number).filter((id) => own.has(id))] }, 'assignment.itemsId');
                }}
              >
                <Stack gap={6} mt={6}>
                  {query?.isPending && <Loader size="sm" />}
                  {query?.data?.items.map((item) => {
                    const takenBy = item.inUseBy.find((r) => r.rewardId !== rewardId);
                    return (
                      <Checkbox
                        key={item.id}
                        value={String(item.id)}
                        label={item.title}
                        disabled={Boolean(takenBy)}
                        description={takenBy ? t('rewards.assignment.in-use', { title: takenBy.title }) : undefined}
                      />
                    );
                  })}
                </Stack>
              </Checkbox.Group>
            );
          })}
          {errors['assignment.itemsId'] && (
            <Text size="xs" c="red.8" role="alert">
              {errors['assignment.itemsId']}
            </Text>
          )}
        </Stack>
      )}

      {value?.type === 'salesAmount' && (
        <Stack gap="sm">
          <MoneyInput
            label={t('rewards.assignment.threshold')}
            value={current.amountThreshold}
            onChange={(amountThreshold) => onChange({ ...current, amountThreshold }, 'assignment.amountThreshold')}
            error={errors['assignment.amountThreshold']}
            required
          />
          <Radio.Group
            label={t('rewards.assignment.threshold-type')}
            value={current.amountThresholdType ?? ''}
            onChange={(v) =>
              onChange({ ...current, amountThresholdType: v as 'single' | 'accumulated' }, 'assignment.amountThresholdType')
            }
            error={errors['assignment.amountThresholdType']}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="single" label={t('rewards.assignment.single')} />
              <Radio value="accumulated" label={t('rewards.assignment.accumulated')} />
            </Stack>
          </Radio.Group>
        </Stack>
      )}
    </Stack>
  );
}
